// Services of the point and of an OS: list, link (warranty, annual limit and duplicates enforced), unlink, checks (server only).
import type { FastifyInstance } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { executionServices } from "../db/schema.ts";
import { isUuid } from "../lib/db-rows.ts";
import { conflict, notFound } from "../lib/http-errors.ts";
import { schemaOf } from "../../contract/route.ts";
import * as C from "../../contract/servicos.ts";
import {
  actingUser,
  assertOwnFiles,
  assertOwnPoint,
  lockOwnAppointment,
  ownAppointment,
  ownChild,
  vehicleSeenHere,
} from "../plugins/tenant.ts";
import { conflictOnUnique } from "../lib/db-errors.ts";
import { executionOf } from "../repositories/executions.ts";
import * as links from "../repositories/linked-services.ts";
import { annualUsage, warrantyFor } from "../services/service-rules.ts";
import type { RouteDeps } from "./deps.ts";

const DUPLICATE_SERVICE = "Este serviço já foi adicionado à ordem de serviço.";

export async function servicosRoutes(plain: FastifyInstance, { db, clock }: RouteDeps) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  app.get(C.listPointServices.url, { schema: schemaOf(C.listPointServices) }, async (request) => {
    assertOwnPoint(request, request.params.idPontoAtendimento);
    return { servicos: await links.pointCatalogue(db, request.auth.servicePointId) };
  });

  app.get(C.listLinkedServices.url, { schema: schemaOf(C.listLinkedServices) }, async (request) => {
    const appt = await ownAppointment(db, request, request.params.idSocioVeiculoAgenda);
    return { servicos: await links.linkedServicesOf(db, appt.id) };
  });

  app.post(C.linkService.url, { schema: schemaOf(C.linkService) }, async (request) => {
    const b = request.body;
    const photos = [b.foto1 ?? b.fotos?.[0] ?? null, b.foto2 ?? b.fotos?.[1] ?? null, b.foto3 ?? b.fotos?.[2] ?? null];
    // Checked and written under two locks: the order's (against a finish, an unlink or a second link of it) and the
    // vehicle's (the warranty and the annual limit count this vehicle's services on every order, at any point).
    // The unique index on (order, service) is the last word after the locked check.
    const created = await conflictOnUnique(
      db.transaction(async (tx) => {
        const appt = await lockOwnAppointment(tx, request, b.idSocioVeiculoAgenda);
        const userId = await actingUser(tx, request, b.idPontoAtendimentoUsuario);
        if (appt.status !== "A") throw conflict("Esta OS não aceita mais serviços.");
        if (!(await executionOf(tx, appt.id))) throw conflict("Inicie a Ordem de Serviço antes de vincular serviços.");
        const service = await links.linkableService(tx, appt.servicePointId, b.idServico);
        if (!service) throw notFound("Serviço não encontrado.");
        const vehicle = await links.lockVehicle(tx, appt.vehicleId);
        if (service.vehicleType !== vehicle.vehicleType) throw conflict("Este serviço não atende o tipo deste veículo.");
        if (service.providedByProgram === "S") throw conflict("Serviços fornecidos pelo programa não podem ser adicionados manualmente.");
        if (await links.isLinked(tx, appt.id, service.id)) throw conflict(DUPLICATE_SERVICE);
        const now = clock();
        if ((await warrantyFor(tx, vehicle.id, service.id, now)).garantiaValida)
          throw conflict("Este serviço está na garantia, foi feito recentemente.");
        const limit = (await annualUsage(tx, vehicle.id, now)).servicos.find((x) => x.idServico === service.id);
        if (limit && !limit.podeUsar) throw conflict("Serviço não pode ser usado, limite anual atingido.");
        await assertOwnFiles(tx, request, [...photos, b.video]);
        return links.insertLink(tx, {
          appointmentId: appt.id,
          serviceId: service.id,
          userId,
          approvalStatus: "P",
          pointNote: b.descricao?.trim() || null,
          photo1: photos[0],
          photo2: photos[1],
          photo3: photos[2],
          video: b.video ?? null,
        });
      }),
      DUPLICATE_SERVICE,
    );
    return {
      message: "Serviço vinculado com sucesso",
      idSocioVeiculoAgendaExecucaoServico: created.id,
      media: { Foto1: created.photo1, Foto2: created.photo2, Foto3: created.photo3, Video: created.video },
    };
  });

  app.post(C.unlinkService.url, { schema: schemaOf(C.unlinkService) }, async (request) => {
    const { child } = await ownChild(
      db,
      request,
      executionServices,
      request.body.idSocioVeiculoAgendaExecucaoServico,
      "Serviço vinculado não encontrado.",
    );
    await db.transaction(async (tx) => {
      const appointment = await lockOwnAppointment(tx, request, child.appointmentId);
      if (appointment.status !== "A") throw conflict("Esta OS não aceita mais alterações de serviços.");
      const service = await links.serviceById(tx, child.serviceId);
      if (service!.providedByProgram === "S") throw conflict("Serviços fornecidos pelo programa não podem ser removidos.");
      await links.deleteLink(tx, child.id);
    });
    return { message: "Serviço removido com sucesso" };
  });

  app.post(C.checkWarranty.url, { schema: schemaOf(C.checkWarranty) }, async (request) => {
    const b = request.body;
    const vehicle = await vehicleSeenHere(db, request, b.idSocioVeiculo);
    if (!isUuid(b.idServico)) throw notFound("Serviço não encontrado.");
    return warrantyFor(db, vehicle.id, b.idServico, clock());
  });

  app.post(C.checkAnnualLimit.url, { schema: schemaOf(C.checkAnnualLimit) }, async (request) => {
    const vehicle = await vehicleSeenHere(db, request, request.body.idSocioVeiculo);
    return annualUsage(db, vehicle.id, clock());
  });
}
