// Services of the point and of an OS: list, link (warranty, annual limit and duplicates enforced), unlink, checks; a linked
// service's photos and video are appended to the order's evidence chain (server only).
import type { FastifyInstance } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { executionServices } from "../db/schema.ts";
import { isUuid } from "../db/rows.ts";
import { badRequest, conflict, notFound } from "../lib/http-errors.ts";
import { schemaOf } from "../../contract/route.ts";
import * as C from "../../contract/servicos.ts";
import {
  NOT_FOUND,
  actingUser,
  assertOwnFiles,
  assertOwnPoint,
  lockOwnAppointment,
  ownAppointment,
  ownChild,
  vehicleSeenHere,
} from "../plugins/tenant.ts";
import { conflictOnUnique } from "../lib/db-errors.ts";
import { pointFileByName } from "../repositories/stored-files.ts";
import { executionOf } from "../repositories/executions.ts";
import * as links from "../repositories/linked-services.ts";
import * as inspections from "../repositories/inspections.ts";
import { annualUsage, warrantyFor } from "../services/service-rules.ts";
import { appendEvidence } from "../services/evidence-chain.ts";
import type { RouteDeps } from "./deps.ts";

const DUPLICATE_SERVICE = "Este serviço já foi adicionado à ordem de serviço.";
const LINK_NOT_FOUND = "Serviço vinculado não encontrado.";
/** A linked service's finding (issue 53) that is not one. */
export const NOT_A_FINDING = "O item da vistoria de entrada não existe ou não está marcado como Atenção ou Crítico.";
const APPROVED_NOT_REMOVABLE = "Este serviço já foi aprovado pela central e não pode ser removido.";
const DECIDED_NO_FILES: Record<string, string> = {
  A: "Este serviço já foi aprovado pela central: não é possível anexar arquivos.",
  R: "Este serviço já foi recusado pela central: não é possível anexar arquivos.",
};
const SLOTS_FULL = { foto: "Este serviço já tem 3 fotos.", video: "Este serviço já tem um vídeo." } as const;
const WRONG_TYPE = { foto: "O arquivo enviado não é uma foto.", video: "O arquivo enviado não é um vídeo." } as const;

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
        // The finding it answers (issue 53): an Atenção or Crítico item of this order's check-in, shown to the central.
        const finding = b.itemVistoria !== undefined ? await inspections.findingOf(tx, appt.id, b.itemVistoria) : undefined;
        if (b.itemVistoria !== undefined && !finding) throw badRequest(NOT_A_FINDING);
        const link = await links.insertLink(tx, {
          appointmentId: appt.id,
          serviceId: service.id,
          userId,
          approvalStatus: "P",
          pointNote: b.descricao?.trim() || null,
          photo1: photos[0],
          photo2: photos[1],
          photo3: photos[2],
          video: b.video ?? null,
          inspectionId: finding?.inspectionId ?? null,
          inspectionItemKey: finding?.itemKey ?? null,
        });
        for (const photo of photos)
          if (photo) await appendEvidence(tx, { appointmentId: appt.id, storedName: photo, kind: "foto-servico" });
        if (b.video) await appendEvidence(tx, { appointmentId: appt.id, storedName: b.video, kind: "video-servico" });
        return link;
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
    const { child, appointment: seen } = await ownChild(
      db,
      request,
      executionServices,
      request.body.idSocioVeiculoAgendaExecucaoServico,
      LINK_NOT_FOUND,
    );
    const closed = "Esta OS não aceita mais alterações de serviços.";
    if (seen.status !== "A") throw conflict(closed);
    await db.transaction(async (tx) => {
      // The link's row first, then the order's: the central's decision holds the link's row while it writes the point's
      // notice, which references (key-share locks) the order, so taking the order first here could deadlock with it.
      const link = await links.lockLink(tx, child.id);
      if (!link) throw notFound(LINK_NOT_FOUND);
      const service = await links.serviceById(tx, child.serviceId);
      if (service!.providedByProgram === "S") throw conflict("Serviços fornecidos pelo programa não podem ser removidos.");
      if (link.approvalStatus === "A") throw conflict(APPROVED_NOT_REMOVABLE);
      const appointment = await lockOwnAppointment(tx, request, child.appointmentId);
      if (appointment.status !== "A") throw conflict(closed);
      // A refused link may go (so it can be linked again); the delete is conditional as a last word.
      if (!(await links.deleteUnapprovedLink(tx, child.id))) throw conflict(APPROVED_NOT_REMOVABLE);
    });
    return { message: "Serviço removido com sucesso" };
  });

  app.post(C.attachServiceFile.url, { schema: schemaOf(C.attachServiceFile) }, async (request) => {
    const b = request.body;
    const { child } = await ownChild(db, request, executionServices, b.idSocioVeiculoAgendaExecucaoServico, LINK_NOT_FOUND);
    if (b.idSocioVeiculoAgenda && b.idSocioVeiculoAgenda !== child.appointmentId) throw notFound(LINK_NOT_FOUND);
    const file = await pointFileByName(db, b.arquivo, request.auth.servicePointId);
    if (!file) throw notFound(NOT_FOUND.file);
    if (!file.mimeType.startsWith(b.tipo === "video" ? "video/" : "image/")) throw badRequest(WRONG_TYPE[b.tipo]);
    const media = await db.transaction(async (tx) => {
      // The link's row first, then the order's (as the unlink: the central's decision holds the link's row, then key-share
      // locks the order), so a decision and an attach of one service are taken one after the other.
      const link = await links.lockLink(tx, child.id);
      if (!link) throw notFound(LINK_NOT_FOUND);
      const slot = links.slotFor(link, b.tipo, b.arquivo);
      // A replay of an attach that landed is answered as it was, whatever happened to the order or the decision since.
      if (slot !== "full" && slot.already) return link;
      if (link.approvalStatus !== "P") throw conflict(DECIDED_NO_FILES[link.approvalStatus] ?? DECIDED_NO_FILES.A!);
      const appointment = await lockOwnAppointment(tx, request, child.appointmentId);
      if (appointment.status !== "A") throw conflict("Esta OS não aceita mais alterações de serviços.");
      if (slot === "full") throw conflict(SLOTS_FULL[b.tipo]);
      const written = await links.fillLinkSlot(tx, link.id, slot.slot, b.arquivo);
      if (!written) throw conflict(DECIDED_NO_FILES.A!);
      await appendEvidence(tx, {
        appointmentId: appointment.id,
        storedName: b.arquivo,
        kind: b.tipo === "video" ? "video-servico" : "foto-servico",
      });
      return written;
    });
    return {
      message: "Arquivo anexado ao serviço com sucesso",
      media: { Foto1: media.photo1, Foto2: media.photo2, Foto3: media.photo3, Video: media.video },
    };
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
