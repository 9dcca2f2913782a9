// /agendamentos: list, details, motivations, free slots, schedule, reschedule and cancel (server only).
import { and, asc, eq, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import type { Db } from "../db/client.ts";
import { appointments, executions, members, motivations, pointNotifications, pointUsers, servicePoints, vehicles } from "../db/schema.ts";
import { lockPoints, rows } from "../lib/db-rows.ts";
import { badRequest, conflict, notFound } from "../lib/http-errors.ts";
import { dateText, hhmm, MAX, nonBlank, numberOrText, params, route, text, uuid } from "../lib/schemas.ts";
import { brasiliaToday, dayToIso, parseDay, parsePeriod } from "../lib/dates.ts";
import { instantToWallClockIso, timeToIso } from "../lib/format.ts";
import { agendaVersion } from "../lib/agenda-version.ts";
import { makeEtag, notModified } from "../lib/etag.ts";
import { agendaListSql } from "../lib/agenda-list.ts";
import { SlotRuleError } from "../../src/domain/slots.ts";
import { freeSlots } from "../services/agenda-rules.ts";
import { assertOwnPoint, lockOwnAppointment, ownAppointment } from "../plugins/tenant.ts";
import type { RouteDeps } from "./deps.ts";

/** Part of the list's ETag: bump when the row shape or its query changes, so clients holding an old tag get the new body. */
const LIST_SHAPE = "lista-1";

async function pointOf(db: Db, request: FastifyRequest) {
  const [point] = await db.select().from(servicePoints).where(eq(servicePoints.id, request.auth.servicePointId));
  return point;
}

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

/** The list's optional filters (the contract's; the original client sends none). Dates are checked by parseDay. */
const listQuery = Type.Object({
  tipoPontoAtendimento: Type.Optional(text(MAX.short)),
  status: Type.Optional(text(MAX.short)),
  placa: Type.Optional(text(MAX.plate)),
  idSocio: Type.Optional(text(MAX.param)),
  dataInicio: Type.Optional(text(MAX.date)),
  dataFim: Type.Optional(text(MAX.date)),
});
const ownerIds = { idPontoAtendimento: Type.Optional(uuid), idSocio: Type.Optional(uuid), idSocioVeiculo: Type.Optional(uuid) };

export async function agendamentoRoutes(plain: FastifyInstance, { db, clock }: RouteDeps) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    "/agendamentos/lista/:idPontoAtendimento",
    {
      schema: route({ params: params("idPontoAtendimento"), querystring: listQuery }),
    },
    async (request, reply) => {
      const { idPontoAtendimento } = request.params;
      assertOwnPoint(request, idPontoAtendimento);
      const q = request.query;
      const status = q.status && q.status !== "0" ? q.status : undefined;
      const plate = q.placa && q.placa !== "0" ? q.placa.toUpperCase().replace(/[^A-Z0-9]/g, "") : undefined;
      const { from, to } = parsePeriod(q);
      // The version is read before the list: a write committed in between gives a newer list under an older tag (refetched next poll),
      // never an older list under a newer tag (which would stick). The 304 path is this one primary-key read.
      const version = await agendaVersion(db, request.auth.servicePointId);
      const etag = makeEtag(LIST_SHAPE, request.auth.servicePointId, version, status ?? null, plate ?? null, from ?? null, to ?? null);
      if (notModified(request, reply, etag)) return reply.code(304).send();
      const data = await rows<Record<string, unknown>>(
        db,
        agendaListSql({ servicePointId: request.auth.servicePointId, status, plate, from, to }),
      );
      return data.length
        ? { message: "Agendamentos encontrados", data, total: data.length }
        : { message: "Nenhum agendamento encontrado", data: [], total: 0 };
    },
  );

  app.get("/agendamentos/get/:idSocioVeiculoAgenda", { schema: route({ params: params("idSocioVeiculoAgenda") }) }, async (request) => {
    const appt = await ownAppointment(db, request, request.params.idSocioVeiculoAgenda);
    const [vehicle] = await db.select().from(vehicles).where(eq(vehicles.id, appt.vehicleId));
    const [member] = await db.select().from(members).where(eq(members.id, vehicle.memberId));
    const [motive] = appt.motivationId ? await db.select().from(motivations).where(eq(motivations.id, appt.motivationId)) : [];
    const [exec] = await db.select().from(executions).where(eq(executions.appointmentId, appt.id));
    const names = exec
      ? await db
          .select({ id: pointUsers.id, name: pointUsers.name })
          .from(pointUsers)
          .where(sql`${pointUsers.id} in (${exec.startedBy}, ${exec.finishedBy ?? exec.startedBy})`)
      : [];
    const nameOf = (id: string | null | undefined) => names.find((n) => n.id === id)?.name ?? null;
    return {
      agendamento: {
        IdSocioVeiculoAgenda: appt.id,
        IdSocioVeiculo: appt.vehicleId,
        IdPontoAtendimento: appt.servicePointId,
        IdServico: appt.serviceId,
        IdMotivacao: appt.motivationId,
        NumeroOS: appt.osNumber,
        DataAgendamento: dayToIso(appt.date),
        HoraAgendamento: timeToIso(appt.time),
        StatusAgendamento: appt.status,
        ValorServico: appt.serviceValue,
        VideoInicial: appt.initialVideo,
        VideoFinal: appt.finalVideo,
        MotivoReagendamento: appt.rescheduleReason,
        MotivoCancelamento: appt.cancelReason,
        ResponsavelFinalizacao: appt.finishResponsible,
        ObservacaoFinalizacao: appt.finishNote,
        KmFinalizacao: appt.finishKm,
      },
      socio: { IdSocio: member.id, Cpf: member.cpf, Nome: member.name, Email: member.email, Telefone: member.phone },
      socioVeiculo: {
        IdSocioVeiculo: vehicle.id,
        IdSocio: vehicle.memberId,
        Ano: vehicle.year,
        Placa: vehicle.plate,
        Litragem: vehicle.engineSize,
        TipoVeiculo: vehicle.vehicleType,
        MarcaVeiculo: vehicle.brand,
        VeiculoModelo: vehicle.model,
      },
      ...(motive ? { motivo: { IdMotivacao: motive.id, Descricao: motive.description, AtivoInativo: motive.active } } : {}),
      ...(exec
        ? {
            execucao: {
              IdSocioVeiculoAgendaExecucao: exec.id,
              IdSocioVeiculoAgenda: appt.id,
              IdUsuarioInicio: exec.startedBy,
              // Brasília wall-clock digits, as the contract's clients read them (and as the list's DataHoraInicio text shows).
              DataHoraInicio: instantToWallClockIso(exec.startedAt),
              IdUsuarioFim: exec.finishedBy,
              DataHoraFim: instantToWallClockIso(exec.finishedAt),
              ExecutorInicio: nameOf(exec.startedBy),
              ExecutorFim: exec.finishedBy ? nameOf(exec.finishedBy) : null,
            },
          }
        : {}),
    };
  });

  app.get("/agendamentos/lista-motivacoes", { schema: route({}) }, async () => ({
    motivacoes: (await db.select().from(motivations).where(eq(motivations.active, "A")).orderBy(asc(motivations.description))).map((m) => ({
      IdMotivacao: m.id,
      Descricao: m.description,
      AtivoInativo: m.active,
    })),
  }));

  app.post(
    "/agendamentos/lista-horarios-disponiveis",
    {
      schema: route({
        body: Type.Object({
          idPontoAtendimento: uuid,
          dataAgendamento: dateText,
          dataAtual: Type.Optional(text(MAX.short)),
          horaAtual: Type.Optional(text(10)),
        }),
      }),
    },
    async (request) => {
      const b = request.body;
      assertOwnPoint(request, b.idPontoAtendimento);
      return slotsOrError(db, await pointOf(db, request), parseDay(b.dataAgendamento, "dataAgendamento"), clock);
    },
  );

  app.post(
    "/agendamentos/agendar",
    {
      schema: route({
        body: Type.Object({
          idPontoAtendimento: uuid,
          idSocio: uuid,
          idSocioVeiculo: uuid,
          data: dateText,
          hora: hhmm,
          motivo: numberOrText(MAX.short),
          pecaPorContaDoSocio: Type.Optional(Type.Enum(["S", "N"])),
        }),
      }),
    },
    async (request) => {
      const b = request.body;
      assertOwnPoint(request, b.idPontoAtendimento);
      const day = parseDay(b.data);
      const [vehicle] = await db
        .select()
        .from(vehicles)
        .where(and(eq(vehicles.id, b.idSocioVeiculo), eq(vehicles.memberId, b.idSocio), eq(vehicles.status, "A")));
      if (!vehicle) throw notFound("Veículo do sócio não encontrado.");
      const motiveId = Number(b.motivo);
      const [motive] =
        Number.isInteger(motiveId) && motiveId > 0 && motiveId <= 2_147_483_647
          ? await db
              .select()
              .from(motivations)
              .where(and(eq(motivations.id, motiveId), eq(motivations.active, "A")))
          : [];
      if (!motive) throw badRequest("Motivação do serviço é obrigatória");
      const created = await db.transaction(async (tx) => {
        const point = await lockedPoint(tx, request);
        if (!(await slotsOrError(tx, point, day, clock)).includes(b.hora)) {
          throw conflict("Horário indisponível. Escolha outro horário.");
        }
        const [row] = await tx
          .insert(appointments)
          .values({
            servicePointId: point.id,
            vehicleId: vehicle.id,
            motivationId: motive.id,
            date: day,
            time: b.hora,
            status: "A",
            partByMember: b.pecaPorContaDoSocio ?? "N",
          })
          .returning();
        return row!;
      });
      return { message: "Agendamento criado com sucesso", idSocioVeiculoAgenda: created.id, NumeroOS: created.osNumber };
    },
  );

  app.post(
    "/agendamentos/reagendar",
    {
      schema: route({
        body: Type.Object({ idSocioVeiculoAgenda: uuid, ...ownerIds, data: dateText, hora: hhmm, motivo: nonBlank(MAX.reason) }),
      }),
    },
    async (request) => {
      const b = request.body;
      if (b.idPontoAtendimento !== undefined) assertOwnPoint(request, b.idPontoAtendimento);
      // The point's lock (slots), then the order's (a start or a cancel of it waits): checked and written at once.
      await db.transaction(async (tx) => {
        const point = await lockedPoint(tx, request);
        const appt = await lockOwnAppointment(tx, request, b.idSocioVeiculoAgenda);
        await assertPending(tx, appt, "reagendados");
        const day = parseDay(b.data);
        const now = brasiliaToday(clock);
        if (day < now.date || (day === now.date && b.hora <= now.time)) throw badRequest("A nova data e hora deve ser futura.");
        const slots = await slotsOrError(tx, point, day, clock, appt.id);
        if (!slots.includes(b.hora)) throw conflict("Horário indisponível. Escolha outro horário.");
        await tx
          .update(appointments)
          .set({ date: day, time: b.hora, rescheduleReason: b.motivo.trim() })
          .where(eq(appointments.id, appt.id));
        await tx.insert(pointNotifications).values({
          servicePointId: appt.servicePointId,
          title: "Reagendamento",
          body: `OS ${appt.osNumber} reagendada para ${day.split("-").reverse().join("/")} às ${b.hora}. Motivo: ${b.motivo.trim()}`,
        });
      });
      return { message: "Reagendamento realizado com sucesso" };
    },
  );

  app.post(
    "/agendamentos/cancelar",
    {
      schema: route({
        body: Type.Object({ idSocioVeiculoAgenda: uuid, ...ownerIds, motivo: nonBlank(MAX.reason), data: Type.Optional(text(MAX.date)) }),
      }),
    },
    async (request) => {
      const b = request.body;
      if (b.idPontoAtendimento !== undefined) assertOwnPoint(request, b.idPontoAtendimento);
      // Under the order's lock: a finish in progress (which writes the payouts) is either done first, and the order cannot
      // be cancelled any more, or waits and finds it cancelled.
      await db.transaction(async (tx) => {
        const appt = await lockOwnAppointment(tx, request, b.idSocioVeiculoAgenda);
        if (appt.status === "E") return;
        if (appt.status === "C") throw conflict("Uma OS concluída não pode ser cancelada.");
        await tx.update(appointments).set({ status: "E", cancelReason: b.motivo.trim() }).where(eq(appointments.id, appt.id));
        await tx.insert(pointNotifications).values({
          servicePointId: appt.servicePointId,
          title: "Cancelamento",
          body: `OS ${appt.osNumber} cancelada. Motivo: ${b.motivo.trim()}`,
        });
      });
      return { message: "Cancelamento realizado com sucesso" };
    },
  );
}

/** Reschedule and start need a pending appointment: open (A) and not started. */
export async function assertPending(db: Db, appt: typeof appointments.$inferSelect, what: string) {
  if (appt.status !== "A") throw conflict(`Somente agendamentos pendentes podem ser ${what}.`);
  const [exec] = await db.select({ id: executions.id }).from(executions).where(eq(executions.appointmentId, appt.id));
  if (exec) throw conflict(`Somente agendamentos pendentes podem ser ${what}.`);
}
