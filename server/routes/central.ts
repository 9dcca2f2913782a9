// The Central console's API (/central/...): the program's staff approve or reject extra services across every point, with
// each action recorded (who, when, what, the value before). Only central users' tokens (server only).
import { and, asc, desc, eq, gte, inArray, lte } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import type { RouteDeps } from "./deps.ts";
import {
  appointments,
  centralActions,
  centralSessions,
  centralUsers,
  executionNotes,
  executionPhotos,
  executionServices,
  pointNotifications,
  pointUsers,
  servicePoints,
  services,
  vehicles,
} from "../db/schema.ts";
import { route } from "../lib/schemas.ts";
import { HttpError } from "../lib/http-errors.ts";
import { isUuid } from "../lib/db-rows.ts";
import { SESSION_COOKIE } from "../plugins/auth.ts";

const ISO_DATE = "^\\d{4}-\\d{2}-\\d{2}$";
const ApprovalsQuery = Type.Object({
  idPontoAtendimento: Type.Optional(Type.String({ maxLength: 36 })),
  dataInicio: Type.Optional(Type.String({ pattern: ISO_DATE })),
  dataFim: Type.Optional(Type.String({ pattern: ISO_DATE })),
});
const IdParams = Type.Object({ id: Type.String({ maxLength: 36 }) });
const RejectBody = Type.Object({ observacao: Type.Optional(Type.Unknown()) });

export const CENTRAL_MESSAGES = {
  notFound: "Serviço não encontrado.",
  notPending: "Este serviço não está aguardando aprovação.",
  noteRequired: "Informe o motivo da recusa.",
  noteTooLong: "O motivo da recusa pode ter no máximo 1000 caracteres.",
  approved: "Serviço aprovado.",
  rejected: "Serviço recusado.",
} as const;

/** The start of a day in Brasília (UTC-3, no daylight saving since 2019), for the period filter on when a service was linked. */
const brasiliaDay = (date: string, end = false) => new Date(`${date}T${end ? "23:59:59.999" : "00:00:00.000"}-03:00`);

export async function centralRoutes(plain: FastifyInstance, { db }: RouteDeps) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();

  app.get("/central/me", { schema: route({}) }, async (request) => {
    const [user] = await db
      .select({ id: centralUsers.id, name: centralUsers.name, email: centralUsers.email })
      .from(centralUsers)
      .where(eq(centralUsers.id, request.central.userId));
    return { data: { Id: user!.id, Nome: user!.name, Email: user!.email, Perfil: "central" } };
  });

  app.post("/central/logout", { schema: route({ body: Type.Unknown() }) }, async (request, reply) => {
    await db.delete(centralSessions).where(eq(centralSessions.id, request.central.sessionId));
    reply.header("set-cookie", `${SESSION_COOKIE}=; Path=/api; HttpOnly; SameSite=Strict; Max-Age=0`);
    return { message: "Sessão encerrada." };
  });

  app.get("/central/aprovacoes", { schema: route({ querystring: ApprovalsQuery }) }, async (request) => {
    const { idPontoAtendimento, dataInicio, dataFim } = request.query;
    if (idPontoAtendimento !== undefined && !isUuid(idPontoAtendimento)) return { data: [] };
    const rows = await db
      .select({ es: executionServices, s: services, a: appointments, p: servicePoints, v: vehicles, u: pointUsers })
      .from(executionServices)
      .innerJoin(services, eq(services.id, executionServices.serviceId))
      .innerJoin(appointments, eq(appointments.id, executionServices.appointmentId))
      .innerJoin(servicePoints, eq(servicePoints.id, appointments.servicePointId))
      .innerJoin(vehicles, eq(vehicles.id, appointments.vehicleId))
      .leftJoin(pointUsers, eq(pointUsers.id, executionServices.userId))
      .where(
        and(
          eq(executionServices.approvalStatus, "P"),
          idPontoAtendimento ? eq(appointments.servicePointId, idPontoAtendimento) : undefined,
          dataInicio ? gte(executionServices.createdAt, brasiliaDay(dataInicio)) : undefined,
          dataFim ? lte(executionServices.createdAt, brasiliaDay(dataFim, true)) : undefined,
        ),
      )
      .orderBy(asc(executionServices.createdAt))
      .limit(500);
    const ids = [...new Set(rows.map((r) => r.a.id))];
    const photos = ids.length
      ? await db.select().from(executionPhotos).where(inArray(executionPhotos.appointmentId, ids)).orderBy(executionPhotos.createdAt)
      : [];
    const notes = ids.length
      ? await db.select().from(executionNotes).where(inArray(executionNotes.appointmentId, ids)).orderBy(executionNotes.createdAt)
      : [];
    return {
      data: rows.map(({ es, s, a, p, v, u }) => ({
        IdSocioVeiculoAgendaExecucaoServico: es.id,
        IdSocioVeiculoAgenda: a.id,
        IdPontoAtendimento: p.id,
        NomeFantasia: p.tradeName,
        NumeroOS: a.osNumber,
        DataAgendamento: a.date,
        Placa: v.plate,
        Veiculo: `${v.brand} ${v.model}${v.year ? ` ${v.year}` : ""}`,
        Servico: s.description,
        Valor: es.extraValue ?? s.price,
        ObservacoesCredenciado: es.pointNote,
        Atendente: u?.name ?? null,
        DataSolicitacao: es.createdAt.toISOString(),
        VideoInicial: a.initialVideo,
        Fotos: photos.filter((f) => f.appointmentId === a.id).map((f) => f.file),
        Anotacoes: notes.filter((n) => n.appointmentId === a.id).map((n) => n.text),
      })),
    };
  });

  /** One decision on a pending service: only 'P' changes (atomically, so two central users cannot both decide it). */
  async function decide(serviceLinkId: string, userId: string, to: "A" | "R", note: string | null) {
    if (!isUuid(serviceLinkId)) throw new HttpError(404, CENTRAL_MESSAGES.notFound);
    return db.transaction(async (tx) => {
      const [changed] = await tx
        .update(executionServices)
        .set({ approvalStatus: to, ...(to === "R" ? { officeNote: note } : {}) })
        .where(and(eq(executionServices.id, serviceLinkId), eq(executionServices.approvalStatus, "P")))
        .returning();
      if (!changed) {
        const [exists] = await tx
          .select({ id: executionServices.id })
          .from(executionServices)
          .where(eq(executionServices.id, serviceLinkId));
        throw new HttpError(exists ? 409 : 404, exists ? CENTRAL_MESSAGES.notPending : CENTRAL_MESSAGES.notFound);
      }
      await tx.insert(centralActions).values({
        userId,
        entity: "execution_service",
        entityId: serviceLinkId,
        action: to === "A" ? "aprovar" : "recusar",
        previous: "P",
        next: to,
        note,
      });
      const [info] = await tx
        .select({ point: appointments.servicePointId, os: appointments.osNumber, service: services.description })
        .from(appointments)
        .innerJoin(services, eq(services.id, changed.serviceId))
        .where(eq(appointments.id, changed.appointmentId));
      // The attendant is told wherever they are in the app (the point's notifications), not only on the OS screen.
      await tx.insert(pointNotifications).values({
        servicePointId: info!.point,
        title: to === "A" ? `Serviço aprovado: ${info!.service}` : `Serviço recusado: ${info!.service}`,
        body: to === "A" ? `OS ${info!.os}: o serviço foi aprovado pela central.` : `OS ${info!.os}: ${note}`,
      });
      return changed;
    });
  }

  app.post("/central/aprovacoes/:id/aprovar", { schema: route({ params: IdParams, body: Type.Unknown() }) }, async (request) => {
    await decide(request.params.id, request.central.userId, "A", null);
    return { success: true, message: CENTRAL_MESSAGES.approved };
  });

  app.post("/central/aprovacoes/:id/recusar", { schema: route({ params: IdParams, body: RejectBody }) }, async (request) => {
    const raw = request.body.observacao;
    const note = typeof raw === "string" ? raw.trim() : "";
    if (!note) throw new HttpError(400, CENTRAL_MESSAGES.noteRequired);
    if (note.length > 1000) throw new HttpError(400, CENTRAL_MESSAGES.noteTooLong);
    await decide(request.params.id, request.central.userId, "R", note);
    return { success: true, message: CENTRAL_MESSAGES.rejected };
  });

  app.get("/central/historico/:id", { schema: route({ params: IdParams }) }, async (request) => {
    const { id } = request.params;
    if (!isUuid(id)) return { data: [] };
    const rows = await db
      .select({ act: centralActions, name: centralUsers.name })
      .from(centralActions)
      .innerJoin(centralUsers, eq(centralUsers.id, centralActions.userId))
      .where(eq(centralActions.entityId, id))
      .orderBy(desc(centralActions.at), desc(centralActions.id));
    return {
      data: rows.map(({ act, name }) => ({
        Acao: act.action,
        Usuario: name,
        DataHora: act.at.toISOString(),
        ValorAnterior: act.previous,
        ValorNovo: act.next,
        Observacao: act.note,
      })),
    };
  });
}
