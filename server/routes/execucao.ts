// OS lifecycle: start (needs the initial video), initial/final video, finish (no pending service, final video, payout rows) (server only).
import { randomInt } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import {
  appointments, executions, executionServices, members, payoutStatements, servicePoints, services, vehicles,
} from "../db/schema.ts";
import { badRequest, conflict } from "../lib/http-errors.ts";
import { body, nonBlank, text, uuid } from "../lib/schemas.ts";
import { actingUser, assertOwnFiles, ownAppointment } from "../plugins/tenant.ts";
import { assertPending } from "./agendamentos.ts";
import type { RouteDeps } from "./deps.ts";

const statementCode = () => String(randomInt(0, 1_000_000_000)).padStart(9, "0");

/** The contract's payout: the service's extra value alone when parts were not the member's and it is set, else extra + payout; 0 -> null. */
export function payoutValue(partByMember: string | null, extra: number | null, payout: number): number | null {
  const value = partByMember === "N" && (extra ?? 0) > 0 ? extra! : (extra ?? 0) + payout;
  return value === 0 ? null : Math.round(value * 100) / 100;
}

export async function execucaoRoutes(app: FastifyInstance, { db, clock }: RouteDeps) {
  for (const [path, field, column] of [
    ["/agendamentos/atualizar-video-inicial", "videoInicial", "initialVideo"],
    ["/agendamentos/atualizar-video-final", "videoFinal", "finalVideo"],
  ] as const) {
    app.post(path, { schema: body(["idSocioVeiculoAgenda", field], { idSocioVeiculoAgenda: uuid, [field]: nonBlank(300) }) }, async (request) => {
      const b = request.body as Record<string, string>;
      const appt = await ownAppointment(db, request, b.idSocioVeiculoAgenda);
      if (appt.status !== "A") throw conflict("Esta OS não aceita mais alterações de vídeo.");
      await assertOwnFiles(db, request, [b[field]]);
      await db.update(appointments).set({ [column]: b[field] }).where(eq(appointments.id, appt.id));
      return { message: "Vídeo atualizado com sucesso" };
    });
  }

  app.post("/agendamentos/iniciar", {
    schema: body(["idSocioVeiculoAgenda"], {
      idSocioVeiculoAgenda: uuid, idPontoAtendimentoUsuario: uuid, idSocio: uuid, data: text(20), hora: text(10),
    }),
  }, async (request) => {
    const b = request.body as { idSocioVeiculoAgenda: string; idPontoAtendimentoUsuario?: string };
    const appt = await ownAppointment(db, request, b.idSocioVeiculoAgenda);
    const userId = await actingUser(db, request, b.idPontoAtendimentoUsuario);
    const [existing] = await db.select().from(executions).where(eq(executions.appointmentId, appt.id));
    if (existing && appt.status === "A") return { message: "Execução iniciada com sucesso" };
    await assertPending(db, appt, "iniciados");
    if (!appt.initialVideo) throw badRequest("Envie o vídeo inicial do veículo antes de iniciar a Ordem de Serviço.");
    await db.insert(executions).values({ appointmentId: appt.id, startedBy: userId, startedAt: clock() })
      .onConflictDoNothing({ target: executions.appointmentId });
    return { message: "Execução iniciada com sucesso" };
  });

  app.post("/agendamentos/concluir", {
    schema: body(["idSocioVeiculoAgenda"], {
      idSocioVeiculoAgenda: uuid, idPontoAtendimentoUsuario: uuid, idSocio: uuid, data: text(40),
      responsavel: text(200), observacao: text(2000), km: text(20),
    }),
  }, async (request) => {
    const b = request.body as { idSocioVeiculoAgenda: string; idPontoAtendimentoUsuario?: string; responsavel?: string; observacao?: string; km?: string };
    const appt = await ownAppointment(db, request, b.idSocioVeiculoAgenda);
    const userId = await actingUser(db, request, b.idPontoAtendimentoUsuario);
    if (appt.status === "C") return { message: "Execução finalizada com sucesso" };
    if (appt.status !== "A") throw conflict("Uma OS cancelada não pode ser finalizada.");
    const [exec] = await db.select().from(executions).where(eq(executions.appointmentId, appt.id));
    if (!exec) throw conflict("Inicie a Ordem de Serviço antes de finalizá-la.");
    if (!appt.finalVideo) throw badRequest("Envie o vídeo final do veículo antes de finalizar a Ordem de Serviço.");
    const linked = await db.select({ es: executionServices, service: services }).from(executionServices)
      .innerJoin(services, eq(services.id, executionServices.serviceId)).where(eq(executionServices.appointmentId, appt.id));
    const pending = linked.filter((l) => l.es.approvalStatus === "P");
    if (pending.length) {
      throw conflict(`Existem serviços pendentes de aprovação: ${pending.map((p) => p.service.description).join(", ")}.`);
    }
    const now = clock();
    const [vehicle] = await db.select().from(vehicles).where(eq(vehicles.id, appt.vehicleId));
    const [member] = await db.select().from(members).where(eq(members.id, vehicle.memberId));
    const [point] = await db.select().from(servicePoints).where(eq(servicePoints.id, appt.servicePointId));
    const [booked] = appt.serviceId ? await db.select().from(services).where(eq(services.id, appt.serviceId)) : [];
    await db.transaction(async (tx) => {
      await tx.update(executions).set({ finishedBy: userId, finishedAt: now }).where(eq(executions.id, exec.id));
      await tx.update(appointments).set({
        status: "C", finishResponsible: b.responsavel?.trim() || null, finishNote: b.observacao?.trim() || null,
        finishKm: b.km?.trim() || null, serviceValue: booked?.price ?? appt.serviceValue,
      }).where(and(eq(appointments.id, appt.id), eq(appointments.status, "A")));
      const approved = linked.filter((l) => l.es.approvalStatus === "A");
      const already = approved.length
        ? await tx.select({ id: payoutStatements.executionServiceId }).from(payoutStatements)
          .where(inArray(payoutStatements.executionServiceId, approved.map((a) => a.es.id)))
        : [];
      const fresh = approved.filter((a) => !already.some((x) => x.id === a.es.id));
      if (fresh.length) {
        await tx.insert(payoutStatements).values(fresh.map(({ es, service }) => ({
          appointmentId: appt.id, vehicleId: vehicle.id, servicePointId: point.id, executionServiceId: es.id,
          corporateName: point.corporateName, cnpj: point.cnpj, registrationNumber: point.registrationNumber,
          appointmentDate: appt.date, executedAt: now, paid: es.paid, paidAt: es.paidAt,
          payout: payoutValue(es.partByMember, es.extraValue, service.payout),
          plate: vehicle.plate, memberName: member.name, serviceName: service.description, osNumber: appt.osNumber, code: statementCode(),
        })));
      }
    });
    return { message: "Execução finalizada com sucesso" };
  });
}
