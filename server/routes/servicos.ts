// Services of the point and of an OS: list, link (warranty, annual limit and duplicates enforced), unlink, checks (server only).
import { and, eq, ne } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { executions, executionServices, pointServices, services, vehicles } from "../db/schema.ts";
import { isUuid } from "../lib/db-rows.ts";
import { conflict, notFound } from "../lib/http-errors.ts";
import { MAX, nullableText, optionalFile, params, text, uuid } from "../../contract/fields.ts";
import { route } from "../../contract/route.ts";
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
import { annualUsage, warrantyFor } from "../services/service-rules.ts";
import type { RouteDeps } from "./deps.ts";
import { payoutValue } from "./execucao.ts";

const label = (s: { description: string; vehicleType: string }) => `${s.description} - ${s.vehicleType}`;

const DUPLICATE_SERVICE = "Este serviço já foi adicionado à ordem de serviço.";

export async function servicosRoutes(plain: FastifyInstance, { db, clock }: RouteDeps) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    "/ponto-atendimento/servicos/:idPontoAtendimento",
    { schema: route({ params: params("idPontoAtendimento") }) },
    async (request) => {
      assertOwnPoint(request, request.params.idPontoAtendimento);
      const list = await db
        .select({ s: services })
        .from(pointServices)
        .innerJoin(services, eq(services.id, pointServices.serviceId))
        .where(
          and(eq(pointServices.servicePointId, request.auth.servicePointId), eq(pointServices.active, "A"), ne(services.kind, "RESERVA")),
        )
        .orderBy(services.description, services.vehicleType);
      return {
        servicos: list.map(({ s }) => ({
          IdServico: s.id,
          value: s.id,
          label: label(s),
          description: s.notes,
          TipoVeiculo: s.vehicleType,
          FornecidoPelaVcar: s.providedByProgram,
          LimiteAnual: s.annualLimit,
          Garantia: s.warrantyDays,
        })),
      };
    },
  );

  app.get(
    "/agendamentos/servicos-vinculados/:idSocioVeiculoAgenda",
    { schema: route({ params: params("idSocioVeiculoAgenda") }) },
    async (request) => {
      const appt = await ownAppointment(db, request, request.params.idSocioVeiculoAgenda);
      const list = await db
        .select({ es: executionServices, s: services })
        .from(executionServices)
        .innerJoin(services, eq(services.id, executionServices.serviceId))
        .where(and(eq(executionServices.appointmentId, appt.id), ne(services.kind, "RESERVA")))
        .orderBy(executionServices.createdAt);
      return {
        servicos: list.map(({ es, s }) => ({
          id: es.id,
          idSocioVeiculoAgendaExecucaoServico: es.id,
          IdSocioVeiculoAgendaExecucaoServico: es.id,
          IdSocioVeiculoAgenda: appt.id,
          IdServico: s.id,
          value: s.id,
          label: label(s),
          description: s.notes,
          status: es.approvalStatus,
          StatusAprovacao: es.approvalStatus,
          PecaPorContaDoSocio: es.partByMember,
          FornecidoPelaVcar: s.providedByProgram,
          Observacoes: es.officeNote,
          ObservacoesCredenciado: es.pointNote,
          Foto1: es.photo1,
          Foto2: es.photo2,
          Foto3: es.photo3,
          Video: es.video,
          ValorAdicional: es.extraValue,
          PagamentoFeito: es.paid,
          DataLog: es.createdAt.toISOString(),
          // Extra fields for the 'Detalhes financeiros' modal: the service's price and this row's payout (the finish's own rule).
          ValorServico: s.price,
          ValorRepasse: payoutValue(es.partByMember, es.extraValue, s.payout),
        })),
      };
    },
  );

  app.post(
    "/agendamentos/vincular-servico",
    {
      schema: route({
        body: Type.Object({
          idPontoAtendimentoUsuario: Type.Optional(uuid),
          idSocioVeiculoAgenda: uuid,
          idServico: uuid,
          numeroOS: Type.Optional(Type.Unsafe<string | number | null>({ type: ["string", "integer", "null"], maxLength: MAX.short })),
          descricao: Type.Optional(nullableText(MAX.note)),
          video: Type.Optional(optionalFile),
          foto1: Type.Optional(optionalFile),
          foto2: Type.Optional(optionalFile),
          foto3: Type.Optional(optionalFile),
          fotos: Type.Optional(Type.Array(text(MAX.file), { maxItems: 3 })),
        }),
      }),
    },
    async (request) => {
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
          const [exec] = await tx.select({ id: executions.id }).from(executions).where(eq(executions.appointmentId, appt.id));
          if (!exec) throw conflict("Inicie a Ordem de Serviço antes de vincular serviços.");
          const [row] = await tx
            .select({ s: services })
            .from(pointServices)
            .innerJoin(services, eq(services.id, pointServices.serviceId))
            .where(
              and(
                eq(pointServices.servicePointId, appt.servicePointId),
                eq(pointServices.serviceId, b.idServico),
                eq(pointServices.active, "A"),
                eq(services.active, "A"),
                ne(services.kind, "RESERVA"),
              ),
            );
          if (!row) throw notFound("Serviço não encontrado.");
          const [vehicle] = await tx.select().from(vehicles).where(eq(vehicles.id, appt.vehicleId)).for("update");
          if (row.s.vehicleType !== vehicle!.vehicleType) throw conflict("Este serviço não atende o tipo deste veículo.");
          if (row.s.providedByProgram === "S") throw conflict("Serviços fornecidos pelo programa não podem ser adicionados manualmente.");
          const [dup] = await tx
            .select({ id: executionServices.id })
            .from(executionServices)
            .where(and(eq(executionServices.appointmentId, appt.id), eq(executionServices.serviceId, row.s.id)));
          if (dup) throw conflict(DUPLICATE_SERVICE);
          const now = clock();
          if ((await warrantyFor(tx, vehicle!.id, row.s.id, now)).garantiaValida)
            throw conflict("Este serviço está na garantia, foi feito recentemente.");
          const limit = (await annualUsage(tx, vehicle!.id, now)).servicos.find((x) => x.idServico === row.s.id);
          if (limit && !limit.podeUsar) throw conflict("Serviço não pode ser usado, limite anual atingido.");
          await assertOwnFiles(tx, request, [...photos, b.video]);
          const [inserted] = await tx
            .insert(executionServices)
            .values({
              appointmentId: appt.id,
              serviceId: row.s.id,
              userId,
              approvalStatus: "P",
              pointNote: b.descricao?.trim() || null,
              photo1: photos[0],
              photo2: photos[1],
              photo3: photos[2],
              video: b.video ?? null,
            })
            .returning();
          return inserted!;
        }),
        DUPLICATE_SERVICE,
      );
      return {
        message: "Serviço vinculado com sucesso",
        idSocioVeiculoAgendaExecucaoServico: created.id,
        media: { Foto1: created.photo1, Foto2: created.photo2, Foto3: created.photo3, Video: created.video },
      };
    },
  );

  app.post(
    "/agendamentos/desvincular-servico",
    {
      schema: route({ body: Type.Object({ idSocioVeiculoAgendaExecucaoServico: uuid }) }),
    },
    async (request) => {
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
        const [s] = await tx.select().from(services).where(eq(services.id, child.serviceId));
        if (s!.providedByProgram === "S") throw conflict("Serviços fornecidos pelo programa não podem ser removidos.");
        await tx.delete(executionServices).where(eq(executionServices.id, child.id));
      });
      return { message: "Serviço removido com sucesso" };
    },
  );

  app.post(
    "/servico/verificar-garantia",
    {
      schema: route({ body: Type.Object({ idSocioVeiculo: uuid, idServico: uuid }) }),
    },
    async (request) => {
      const b = request.body;
      const vehicle = await vehicleSeenHere(db, request, b.idSocioVeiculo);
      if (!isUuid(b.idServico)) throw notFound("Serviço não encontrado.");
      return warrantyFor(db, vehicle.id, b.idServico, clock());
    },
  );

  app.post(
    "/servico/verificar-limite-anual",
    {
      schema: route({ body: Type.Object({ idSocioVeiculo: uuid, idServico: Type.Optional(text(60)) }) }),
    },
    async (request) => {
      const vehicle = await vehicleSeenHere(db, request, request.body.idSocioVeiculo);
      return annualUsage(db, vehicle.id, clock());
    },
  );
}
