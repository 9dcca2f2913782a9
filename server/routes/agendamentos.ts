// /agendamentos: list, details, motivations, free slots, schedule, reschedule and cancel (server only).
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { Db } from "../db/client.ts";
import { lockPoints } from "../db/rows.ts";
import { badRequest, conflict, notFound } from "../lib/http-errors.ts";
import { brasiliaToday, parseDay, parsePeriod } from "../lib/dates.ts";
import { agendaVersion } from "../lib/agenda-version.ts";
import { makeEtag, notModified } from "../lib/etag.ts";
import { SlotRuleError } from "../../src/domain/slots.ts";
import { freeSlots } from "../services/agenda-rules.ts";
import { assertOwnPoint, lockOwnAppointment, ownAppointment } from "../plugins/tenant.ts";
import { schemaOf } from "../../contract/route.ts";
import * as C from "../../contract/agendamentos.ts";
import * as appointments from "../repositories/appointments.ts";
import { pointById } from "../repositories/points.ts";
import type { RouteDeps } from "./deps.ts";

/** Part of the list's ETag: bump when the row shape or its query changes, so clients holding an old tag get the new body. */
const LIST_SHAPE = "lista-1";

/**
 * The point's row, locked for the caller's transaction: bookings and reschedules of one point are checked against the free
 * slots and written one at a time, so two parallel bookings never take the same lift and block.
 */
const lockedPoint = async (tx: Db, request: FastifyRequest) => (await lockPoints(tx, [request.auth.servicePointId]))[0]!;

async function slotsOrError(...args: Parameters<typeof freeSlots>) {
  try {
    return await freeSlots(...args);
  } catch (err) {
    if (err instanceof SlotRuleError) throw badRequest(err.message);
    throw err;
  }
}

export async function agendamentosRoutes(plain: FastifyInstance, { db, clock }: RouteDeps) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();

  app.get(C.listAppointments.url, { schema: schemaOf(C.listAppointments) }, async (request, reply) => {
    assertOwnPoint(request, request.params.idPontoAtendimento);
    const q = request.query;
    const status = q.status && q.status !== "0" ? q.status : undefined;
    const plate = q.placa && q.placa !== "0" ? q.placa.toUpperCase().replace(/[^A-Z0-9]/g, "") : undefined;
    const { from, to } = parsePeriod(q);
    // The version is read before the list: a write committed in between gives a newer list under an older tag (refetched next poll),
    // never an older list under a newer tag (which would stick). The 304 path is this one primary-key read.
    const version = await agendaVersion(db, request.auth.servicePointId);
    const etag = makeEtag(LIST_SHAPE, request.auth.servicePointId, version, status ?? null, plate ?? null, from ?? null, to ?? null);
    if (notModified(request, reply, etag)) return reply.code(304).send();
    const data = await appointments.agendaRows(db, { servicePointId: request.auth.servicePointId, status, plate, from, to });
    return data.length
      ? { message: "Agendamentos encontrados", data, total: data.length }
      : { message: "Nenhum agendamento encontrado", data: [], total: 0 };
  });

  app.get(C.getAppointment.url, { schema: schemaOf(C.getAppointment) }, async (request) =>
    appointments.appointmentDetails(db, await ownAppointment(db, request, request.params.idSocioVeiculoAgenda)),
  );

  app.get(C.listMotivations.url, { schema: schemaOf(C.listMotivations) }, async () => ({
    motivacoes: await appointments.activeMotivations(db),
  }));

  app.post(C.listFreeSlots.url, { schema: schemaOf(C.listFreeSlots) }, async (request) => {
    const b = request.body;
    assertOwnPoint(request, b.idPontoAtendimento);
    const day = parseDay(b.dataAgendamento, "dataAgendamento");
    // Read without a lock: the list is advice, the booking checks again under the point's lock.
    return slotsOrError(db, (await pointById(db, request.auth.servicePointId))!, day, clock);
  });

  app.post(C.scheduleAppointment.url, { schema: schemaOf(C.scheduleAppointment) }, async (request) => {
    const b = request.body;
    assertOwnPoint(request, b.idPontoAtendimento);
    const day = parseDay(b.data);
    const vehicle = await appointments.memberVehicle(db, b.idSocioVeiculo, b.idSocio);
    if (!vehicle) throw notFound("Veículo do sócio não encontrado.");
    const motive = await appointments.activeMotivation(db, b.motivo);
    if (!motive) throw badRequest("Motivação do serviço é obrigatória");
    const created = await db.transaction(async (tx) => {
      const point = await lockedPoint(tx, request);
      if (!(await slotsOrError(tx, point, day, clock)).includes(b.hora)) throw conflict("Horário indisponível. Escolha outro horário.");
      return appointments.insertAppointment(tx, {
        servicePointId: point.id,
        vehicleId: vehicle.id,
        motivationId: motive.id,
        date: day,
        time: b.hora,
        status: "A",
        partByMember: b.pecaPorContaDoSocio ?? "N",
      });
    });
    return { message: "Agendamento criado com sucesso", idSocioVeiculoAgenda: created.id, NumeroOS: created.osNumber };
  });

  app.post(C.rescheduleAppointment.url, { schema: schemaOf(C.rescheduleAppointment) }, async (request) => {
    const b = request.body;
    if (b.idPontoAtendimento !== undefined) assertOwnPoint(request, b.idPontoAtendimento);
    // The point's lock (slots), then the order's (a start or a cancel of it waits): checked and written at once.
    await db.transaction(async (tx) => {
      const point = await lockedPoint(tx, request);
      const appt = await lockOwnAppointment(tx, request, b.idSocioVeiculoAgenda);
      await appointments.assertPending(tx, appt, "reagendados");
      const day = parseDay(b.data);
      const now = brasiliaToday(clock);
      if (day < now.date || (day === now.date && b.hora <= now.time)) throw badRequest("A nova data e hora deve ser futura.");
      const slots = await slotsOrError(tx, point, day, clock, appt.id);
      if (!slots.includes(b.hora)) throw conflict("Horário indisponível. Escolha outro horário.");
      await appointments.rescheduleAppointment(tx, appt, day, b.hora, b.motivo.trim());
    });
    return { message: "Reagendamento realizado com sucesso" };
  });

  app.post(C.cancelAppointment.url, { schema: schemaOf(C.cancelAppointment) }, async (request) => {
    const b = request.body;
    if (b.idPontoAtendimento !== undefined) assertOwnPoint(request, b.idPontoAtendimento);
    // Under the order's lock: a finish in progress (which writes the payouts) is either done first, and the order cannot
    // be cancelled any more, or waits and finds it cancelled.
    await db.transaction(async (tx) => {
      const appt = await lockOwnAppointment(tx, request, b.idSocioVeiculoAgenda);
      if (appt.status === "E") return;
      if (appt.status === "C") throw conflict("Uma OS concluída não pode ser cancelada.");
      await appointments.cancelAppointment(tx, appt, b.motivo.trim());
    });
    return { message: "Cancelamento realizado com sucesso" };
  });
}
