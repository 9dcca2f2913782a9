// OS lifecycle: start (needs the initial video), initial/final video, finish (no pending service, final video, payout rows) (server only).
import { randomInt } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { appointments, executions, executionServices, members, payoutStatements, servicePoints, services, vehicles } from "../db/schema.ts";
import { confirmedStart } from "../lib/confirmed-start.ts";
import { badRequest, conflict } from "../lib/http-errors.ts";
import { MAX, nonBlank, text, uuid } from "../../contract/fields.ts";
import { route } from "../../contract/route.ts";
import { actingUser, assertOwnFiles, lockOwnAppointment, ownAppointment } from "../plugins/tenant.ts";
import { assertPending } from "../repositories/appointments.ts";
import type { RouteDeps } from "./deps.ts";

const statementCode = () => String(randomInt(0, 1_000_000_000)).padStart(9, "0");

/** The contract's payout: the service's extra value alone when parts were not the member's and it is set, else extra + payout; 0 -> null. */
export function payoutValue(partByMember: string | null, extra: number | null, payout: number): number | null {
  const value = partByMember === "N" && (extra ?? 0) > 0 ? extra! : (extra ?? 0) + payout;
  return value === 0 ? null : Math.round(value * 100) / 100;
}

export async function execucaoRoutes(plain: FastifyInstance, { db, clock }: RouteDeps) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  /** Both video routes: the appointment must be open and the file this point's own upload. */
  async function setVideo(request: FastifyRequest, appointmentId: string, file: string, column: "initialVideo" | "finalVideo") {
    const appt = await ownAppointment(db, request, appointmentId);
    if (appt.status !== "A") throw conflict("Esta OS não aceita mais alterações de vídeo.");
    await assertOwnFiles(db, request, [file]);
    // Conditional: a finish that lands between the check and this write leaves the finished order's videos as they were.
    const [changed] = await db
      .update(appointments)
      .set({ [column]: file })
      .where(and(eq(appointments.id, appt.id), eq(appointments.status, "A")))
      .returning({ id: appointments.id });
    if (!changed) throw conflict("Esta OS não aceita mais alterações de vídeo.");
    return { message: "Vídeo atualizado com sucesso" };
  }
  app.post(
    "/agendamentos/atualizar-video-inicial",
    {
      schema: route({ body: Type.Object({ idSocioVeiculoAgenda: uuid, videoInicial: nonBlank(MAX.file) }) }),
    },
    (request) => setVideo(request, request.body.idSocioVeiculoAgenda, request.body.videoInicial, "initialVideo"),
  );
  app.post(
    "/agendamentos/atualizar-video-final",
    {
      schema: route({ body: Type.Object({ idSocioVeiculoAgenda: uuid, videoFinal: nonBlank(MAX.file) }) }),
    },
    (request) => setVideo(request, request.body.idSocioVeiculoAgenda, request.body.videoFinal, "finalVideo"),
  );

  app.post(
    "/agendamentos/iniciar",
    {
      schema: route({
        body: Type.Object({
          idSocioVeiculoAgenda: uuid,
          idPontoAtendimentoUsuario: Type.Optional(uuid),
          idSocio: Type.Optional(uuid),
          data: Type.Optional(text(MAX.short)),
          hora: Type.Optional(text(10)),
        }),
      }),
    },
    async (request) => {
      const b = request.body;
      // Under the order's lock: a cancel or a reschedule of it waits, so a cancelled order is never started.
      await db.transaction(async (tx) => {
        const appt = await lockOwnAppointment(tx, request, b.idSocioVeiculoAgenda);
        const userId = await actingUser(tx, request, b.idPontoAtendimentoUsuario);
        const [existing] = await tx.select().from(executions).where(eq(executions.appointmentId, appt.id));
        // Idempotent: the outbox may replay a start that already landed, even after the OS was finished; the first start time stays.
        if (existing && appt.status !== "E") return;
        await assertPending(tx, appt, "iniciados");
        if (!appt.initialVideo) throw badRequest("Envie o vídeo inicial do veículo antes de iniciar a Ordem de Serviço.");
        const startedAt = confirmedStart(b.data, b.hora, appt.date, clock());
        await tx
          .insert(executions)
          .values({ appointmentId: appt.id, startedBy: userId, startedAt })
          .onConflictDoNothing({ target: executions.appointmentId });
      });
      return { message: "Execução iniciada com sucesso" };
    },
  );

  app.post(
    "/agendamentos/concluir",
    {
      schema: route({
        body: Type.Object({
          idSocioVeiculoAgenda: uuid,
          idPontoAtendimentoUsuario: Type.Optional(uuid),
          idSocio: Type.Optional(uuid),
          data: Type.Optional(text(MAX.date)),
          responsavel: Type.Optional(text(MAX.name)),
          observacao: Type.Optional(text(MAX.note)),
          km: Type.Optional(text(MAX.short)),
        }),
      }),
    },
    async (request) => {
      const b = request.body;
      // Every check and write under the order's lock: a link, an unlink or a second finish of this order waits for it, so
      // the services seen here are the ones paid out, once.
      await db.transaction(async (tx) => {
        const appt = await lockOwnAppointment(tx, request, b.idSocioVeiculoAgenda);
        const userId = await actingUser(tx, request, b.idPontoAtendimentoUsuario);
        if (appt.status === "C") return;
        if (appt.status !== "A") throw conflict("Uma OS cancelada não pode ser finalizada.");
        const [exec] = await tx.select().from(executions).where(eq(executions.appointmentId, appt.id));
        if (!exec) throw conflict("Inicie a Ordem de Serviço antes de finalizá-la.");
        if (!appt.finalVideo) throw badRequest("Envie o vídeo final do veículo antes de finalizar a Ordem de Serviço.");
        const linked = await tx
          .select({ es: executionServices, service: services })
          .from(executionServices)
          .innerJoin(services, eq(services.id, executionServices.serviceId))
          .where(eq(executionServices.appointmentId, appt.id));
        const pending = linked.filter((l) => l.es.approvalStatus === "P");
        if (pending.length) {
          throw conflict(`Existem serviços pendentes de aprovação: ${pending.map((p) => p.service.description).join(", ")}.`);
        }
        const now = clock();
        // The vehicle too, after the order (the link's order of locks): the warranty this finish starts and a link of the
        // same service on another order of the vehicle are decided one after the other.
        const [vehicle] = await tx.select().from(vehicles).where(eq(vehicles.id, appt.vehicleId)).for("update");
        const [member] = await tx.select().from(members).where(eq(members.id, vehicle!.memberId));
        const [point] = await tx.select().from(servicePoints).where(eq(servicePoints.id, appt.servicePointId));
        const [booked] = appt.serviceId ? await tx.select().from(services).where(eq(services.id, appt.serviceId)) : [];
        await tx.update(executions).set({ finishedBy: userId, finishedAt: now }).where(eq(executions.id, exec.id));
        await tx
          .update(appointments)
          .set({
            status: "C",
            finishResponsible: b.responsavel?.trim() || null,
            finishNote: b.observacao?.trim() || null,
            finishKm: b.km?.trim() || null,
            serviceValue: booked?.price ?? appt.serviceValue,
          })
          .where(and(eq(appointments.id, appt.id), eq(appointments.status, "A")));
        const approved = linked.filter((l) => l.es.approvalStatus === "A");
        if (approved.length === 0) return;
        // One payout per approved service, ever: the unique key on execution_service_id keeps a replay from paying twice.
        await tx
          .insert(payoutStatements)
          .values(
            approved.map(({ es, service }) => ({
              appointmentId: appt.id,
              vehicleId: vehicle!.id,
              servicePointId: point!.id,
              executionServiceId: es.id,
              corporateName: point!.corporateName,
              cnpj: point!.cnpj,
              registrationNumber: point!.registrationNumber,
              appointmentDate: appt.date,
              executedAt: now,
              paid: es.paid,
              paidAt: es.paidAt,
              payout: payoutValue(es.partByMember, es.extraValue, service.payout),
              plate: vehicle!.plate,
              memberName: member!.name,
              serviceName: service.description,
              osNumber: appt.osNumber,
              code: statementCode(),
            })),
          )
          .onConflictDoNothing({ target: payoutStatements.executionServiceId });
      });
      return { message: "Execução finalizada com sucesso" };
    },
  );
}
