// The appointment (order) aggregate: its reads, its writes and its one mapping to the contract's shapes (server only).
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Static } from "typebox";
import type { Db } from "../db/client.ts";
import { appointments, executions, members, motivations, pointNotifications, pointUsers, vehicles } from "../db/schema.ts";
import type { Agendamento, AgendaRow, AppointmentDetails, Execucao, Motivacao, Socio, SocioVeiculo } from "../../contract/agendamentos.ts";
import { rows } from "../db/rows.ts";
import { agendaListSql, type AgendaFilters } from "../lib/agenda-list.ts";
import { dayToIso } from "../lib/dates.ts";
import { instantToWallClockIso, timeToIso } from "../lib/format.ts";
import { conflict } from "../lib/http-errors.ts";

export type AppointmentRow = typeof appointments.$inferSelect;
type ExecutionRow = typeof executions.$inferSelect;

/** The order as the contract names it (`agendamento` of GET /agendamentos/get and the central's views). */
export function toAgendamento(a: AppointmentRow): Static<typeof Agendamento> {
  return {
    IdSocioVeiculoAgenda: a.id,
    IdSocioVeiculo: a.vehicleId,
    IdPontoAtendimento: a.servicePointId,
    IdServico: a.serviceId,
    IdMotivacao: a.motivationId,
    NumeroOS: a.osNumber,
    DataAgendamento: dayToIso(a.date),
    HoraAgendamento: timeToIso(a.time),
    StatusAgendamento: a.status as Static<typeof Agendamento>["StatusAgendamento"],
    ValorServico: a.serviceValue,
    VideoInicial: a.initialVideo,
    VideoFinal: a.finalVideo,
    MotivoReagendamento: a.rescheduleReason,
    MotivoCancelamento: a.cancelReason,
    ResponsavelFinalizacao: a.finishResponsible,
    ObservacaoFinalizacao: a.finishNote,
    KmFinalizacao: a.finishKm,
  };
}

export const toSocio = (m: typeof members.$inferSelect): Static<typeof Socio> => ({
  IdSocio: m.id,
  Cpf: m.cpf,
  Nome: m.name,
  Email: m.email,
  Telefone: m.phone,
});

export const toSocioVeiculo = (v: typeof vehicles.$inferSelect): Static<typeof SocioVeiculo> => ({
  IdSocioVeiculo: v.id,
  IdSocio: v.memberId,
  Ano: v.year,
  Placa: v.plate,
  Litragem: v.engineSize,
  TipoVeiculo: v.vehicleType,
  MarcaVeiculo: v.brand,
  VeiculoModelo: v.model,
});

export const toMotivacao = (m: typeof motivations.$inferSelect): Motivacao => ({
  IdMotivacao: m.id,
  Descricao: m.description,
  AtivoInativo: m.active,
});

/** The execution with its executors' names; times are Brasília wall-clock digits, as the contract's clients read them. */
export const toExecucao = (e: ExecutionRow, nameOf: (id: string | null) => string | null): Static<typeof Execucao> => ({
  IdSocioVeiculoAgendaExecucao: e.id,
  IdSocioVeiculoAgenda: e.appointmentId,
  IdUsuarioInicio: e.startedBy,
  DataHoraInicio: instantToWallClockIso(e.startedAt),
  IdUsuarioFim: e.finishedBy,
  DataHoraFim: instantToWallClockIso(e.finishedAt),
  ExecutorInicio: nameOf(e.startedBy),
  ExecutorFim: e.finishedBy ? nameOf(e.finishedBy) : null,
});

/** One order with its member, vehicle, motivation and execution (GET /agendamentos/get). */
export async function appointmentDetails(db: Db, appt: AppointmentRow): Promise<AppointmentDetails> {
  const [vehicle] = await db.select().from(vehicles).where(eq(vehicles.id, appt.vehicleId));
  const [member] = await db.select().from(members).where(eq(members.id, vehicle!.memberId));
  const [motive] = appt.motivationId ? await db.select().from(motivations).where(eq(motivations.id, appt.motivationId)) : [];
  const [exec] = await db.select().from(executions).where(eq(executions.appointmentId, appt.id));
  const userIds = exec ? [exec.startedBy, ...(exec.finishedBy ? [exec.finishedBy] : [])] : [];
  const names = userIds.length
    ? await db.select({ id: pointUsers.id, name: pointUsers.name }).from(pointUsers).where(inArray(pointUsers.id, userIds))
    : [];
  const nameOf = (id: string | null) => names.find((n) => n.id === id)?.name ?? null;
  return {
    agendamento: toAgendamento(appt),
    socio: toSocio(member!),
    socioVeiculo: toSocioVeiculo(vehicle!),
    ...(motive ? { motivo: toMotivacao(motive) } : {}),
    ...(exec ? { execucao: toExecucao(exec, nameOf) } : {}),
  };
}

/** The agenda's rows in the contract's shape (the SQL names every column as the contract does: `lib/agenda-list.ts`). */
export const agendaRows = (db: Db, filters: AgendaFilters) => rows<AgendaRow>(db, agendaListSql(filters));

export const activeMotivations = async (db: Db) =>
  (await db.select().from(motivations).where(eq(motivations.active, "A")).orderBy(asc(motivations.description))).map(toMotivacao);

/** A member's active vehicle, when the vehicle is the member's. */
export async function memberVehicle(db: Db, vehicleId: string, memberId: string) {
  const [vehicle] = await db
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.id, vehicleId), eq(vehicles.memberId, memberId), eq(vehicles.status, "A")));
  return vehicle;
}

/** An active motivation by the id the client sent as a number or its text (anything else: none). */
export async function activeMotivation(db: Db, idText: number | string) {
  const id = Number(idText);
  if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) return undefined;
  const [motive] = await db
    .select()
    .from(motivations)
    .where(and(eq(motivations.id, id), eq(motivations.active, "A")));
  return motive;
}

export async function insertAppointment(tx: Db, values: typeof appointments.$inferInsert) {
  const [row] = await tx.insert(appointments).values(values).returning();
  return row!;
}

/** A new time for an order, with the point's notice. */
export async function rescheduleAppointment(tx: Db, appt: AppointmentRow, day: string, time: string, reason: string) {
  await tx.update(appointments).set({ date: day, time, rescheduleReason: reason }).where(eq(appointments.id, appt.id));
  await tx.insert(pointNotifications).values({
    servicePointId: appt.servicePointId,
    kind: "reagendamento",
    title: "Reagendamento",
    body: `OS ${appt.osNumber} reagendada para ${day.split("-").reverse().join("/")} às ${time}. Motivo: ${reason}`,
  });
}

/** An order cancelled with its reason, with the point's notice. */
export async function cancelAppointment(tx: Db, appt: AppointmentRow, reason: string) {
  await tx.update(appointments).set({ status: "E", cancelReason: reason }).where(eq(appointments.id, appt.id));
  await tx.insert(pointNotifications).values({
    servicePointId: appt.servicePointId,
    kind: "cancelamento",
    title: "Cancelamento",
    body: `OS ${appt.osNumber} cancelada. Motivo: ${reason}`,
  });
}

/** Reschedule and start need a pending appointment: open (A) and not started. */
export async function assertPending(db: Db, appt: AppointmentRow, what: string) {
  if (appt.status !== "A") throw conflict(`Somente agendamentos pendentes podem ser ${what}.`);
  const [exec] = await db.select({ id: executions.id }).from(executions).where(eq(executions.appointmentId, appt.id));
  if (exec) throw conflict(`Somente agendamentos pendentes podem ser ${what}.`);
}
