// The services linked to orders as the central judges them: the pending list with each order's evidence, the decision (only a
// pending one changes) and the point's notice of it, and the evidence files the central opens (server only).
import { and, asc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import {
  appointments,
  executionNotes,
  executionPhotos,
  executionServices,
  pointUsers,
  servicePoints,
  services,
  vehicles,
} from "../db/schema.ts";
import type { PendingService } from "../../contract/central-approvals.ts";
import { addDays, brasiliaInstant } from "../../src/domain/dates.ts";
import { toAgendamento, type AppointmentRow } from "./appointments.ts";
import { insertNotifications } from "./notifications.ts";

export type ServiceLinkRow = typeof executionServices.$inferSelect;

interface PendingRow {
  es: ServiceLinkRow;
  s: typeof services.$inferSelect;
  a: AppointmentRow;
  p: typeof servicePoints.$inferSelect;
  v: typeof vehicles.$inferSelect;
  u: typeof pointUsers.$inferSelect | null;
}

/** A pending service with its order's context; `photos` and `notes` are the order's evidence, oldest first. */
export function toPendingService({ es, s, a, p, v, u }: PendingRow, photos: string[], notes: string[]): PendingService {
  const { IdSocioVeiculoAgenda, NumeroOS, DataAgendamento, VideoInicial } = toAgendamento(a);
  return {
    IdSocioVeiculoAgendaExecucaoServico: es.id,
    IdSocioVeiculoAgenda,
    IdPontoAtendimento: p.id,
    NomeFantasia: p.tradeName,
    NumeroOS,
    DataAgendamento,
    Placa: v.plate,
    Veiculo: `${v.brand} ${v.model}${v.year ? ` ${v.year}` : ""}`,
    // Named as the point's screens name it: description and vehicle type.
    Servico: `${s.description} - ${s.vehicleType}`,
    Valor: es.extraValue ?? s.price,
    ObservacoesCredenciado: es.pointNote,
    Atendente: u?.name ?? null,
    DataSolicitacao: es.createdAt.toISOString(),
    VideoInicial,
    Fotos: photos,
    FotosServico: [es.photo1, es.photo2, es.photo3].filter((f): f is string => Boolean(f)),
    VideoServico: es.video,
    Anotacoes: notes,
  };
}

export interface PendingFilters {
  servicePointId?: string;
  /** yyyy-MM-dd, Brasília days of the request, both ends included. */
  from?: string;
  to?: string;
}

/** The services awaiting approval, oldest request first (at most 500), with their orders' photos and notes. */
export async function pendingServices(db: Db, { servicePointId, from, to }: PendingFilters): Promise<PendingService[]> {
  const list = await db
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
        servicePointId ? eq(appointments.servicePointId, servicePointId) : undefined,
        from ? gte(executionServices.createdAt, brasiliaInstant(from, "00:00")) : undefined,
        to ? lt(executionServices.createdAt, brasiliaInstant(addDays(to, 1), "00:00")) : undefined,
      ),
    )
    .orderBy(asc(executionServices.createdAt))
    .limit(500);
  const ids = [...new Set(list.map((r) => r.a.id))];
  const photos = ids.length
    ? await db.select().from(executionPhotos).where(inArray(executionPhotos.appointmentId, ids)).orderBy(executionPhotos.createdAt)
    : [];
  const notes = ids.length
    ? await db.select().from(executionNotes).where(inArray(executionNotes.appointmentId, ids)).orderBy(executionNotes.createdAt)
    : [];
  return list.map((row) =>
    toPendingService(
      row,
      photos.filter((f) => f.appointmentId === row.a.id).map((f) => f.file),
      notes.filter((n) => n.appointmentId === row.a.id).map((n) => n.text),
    ),
  );
}

/** The decision, only on a pending link (one conditional update: two central users cannot both decide it); undefined if not pending. */
export async function decideServiceLink(tx: Db, id: string, to: "A" | "R", note: string | null) {
  const [changed] = await tx
    .update(executionServices)
    .set({ approvalStatus: to, ...(to === "R" ? { officeNote: note } : {}) })
    .where(and(eq(executionServices.id, id), eq(executionServices.approvalStatus, "P")))
    .returning();
  return changed;
}

export async function serviceLinkExists(tx: Db, id: string) {
  const [exists] = await tx.select({ id: executionServices.id }).from(executionServices).where(eq(executionServices.id, id));
  return Boolean(exists);
}

/** The point's notification of a decision, in the decision's transaction (who decided, the refusal note, the order); its ids. */
export async function notifyDecision(tx: Db, link: ServiceLinkRow, to: "A" | "R", note: string | null, actorName: string) {
  const [info] = await tx
    .select({
      point: appointments.servicePointId,
      os: appointments.osNumber,
      service: sql<string>`${services.description} || ' - ' || ${services.vehicleType}`,
    })
    .from(appointments)
    .innerJoin(services, eq(services.id, link.serviceId))
    .where(eq(appointments.id, link.appointmentId));
  return insertNotifications(tx, [
    {
      servicePointId: info!.point,
      kind: to === "A" ? "aprovado" : "recusado",
      title: to === "A" ? `Serviço aprovado: ${info!.service}` : `Serviço recusado: ${info!.service}`,
      body:
        to === "A"
          ? `OS ${info!.os}: o serviço foi aprovado pela central.`
          : `OS ${info!.os}: o serviço foi recusado pela central. Motivo: ${note}`,
      reason: to === "R" ? note : null,
      actorName,
      appointmentId: link.appointmentId,
      osNumber: info!.os,
    },
  ]);
}
