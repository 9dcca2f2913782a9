// The services linked to orders as the central reads them: the pending list and the decisions on record, each row with its
// order's context and evidence, both values and who decided; searched by OS or plate (server only). The decisions themselves
// are written in approval-decisions.ts.
import { and, asc, desc, eq, gte, inArray, isNotNull, lt, ne, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import {
  appointments,
  centralUsers,
  executionNotes,
  executionPhotos,
  executionServices,
  pointUsers,
  servicePoints,
  services,
  vehicles,
} from "../db/schema.ts";
import type { DecidedService, PendingService } from "../../contract/central-approvals.ts";
import { addDays, brasiliaInstant } from "../../src/domain/dates.ts";
import { payoutValue } from "../rules/payout-value.ts";
import { toAgendamento, type AppointmentRow } from "./appointments.ts";
import type { Decision } from "./approval-decisions.ts";
import { findingsByRef, type Finding } from "./inspections.ts";

type ServiceLinkRow = typeof executionServices.$inferSelect;

interface ApprovalRow {
  es: ServiceLinkRow;
  s: typeof services.$inferSelect;
  a: AppointmentRow;
  p: typeof servicePoints.$inferSelect;
  v: typeof vehicles.$inferSelect;
  u: typeof pointUsers.$inferSelect | null;
}

/** A linked service with its order's context; `photos` and `notes` are the order's evidence, oldest first. */
export function toPendingService(
  { es, s, a, p, v, u }: ApprovalRow,
  photos: string[],
  notes: string[],
  finding: Finding | null = null,
): PendingService {
  const { IdSocioVeiculoAgenda, NumeroOS, DataAgendamento, VideoInicial } = toAgendamento(a);
  const serviceFiles = [es.photo1, es.photo2, es.photo3].filter((f): f is string => Boolean(f));
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
    FotosServico: serviceFiles,
    VideoServico: es.video,
    Anotacoes: notes,
    ValorServico: s.price,
    // The payout the finish will write for it (executions.concludeOrder), so the central sees the money it approves.
    ValorRepasse: payoutValue(es.partByMember, es.extraValue, s.payout) ?? 0,
    QtdeEvidencias: (VideoInicial ? 1 : 0) + photos.length + notes.length + serviceFiles.length + (es.video ? 1 : 0),
    ItemVistoria: finding,
  };
}

/** The check-in findings the listed links answer (issue 53), by link id. */
async function findingsOf(db: Db, rows: { es: ServiceLinkRow }[]) {
  const refs = rows.flatMap(({ es }) =>
    es.inspectionId && es.inspectionItemKey ? [{ inspectionId: es.inspectionId, itemKey: es.inspectionItemKey }] : [],
  );
  const found = await findingsByRef(db, refs);
  return (es: ServiceLinkRow) => (es.inspectionId ? (found.get(`${es.inspectionId}:${es.inspectionItemKey}`) ?? null) : null);
}

export interface ApprovalFilters {
  servicePointId?: string;
  /** yyyy-MM-dd, Brasília days, both ends included: of the request (pending) or of the decision (decided). */
  from?: string;
  to?: string;
  /** An OS number (exact) or part of a plate, with or without its dash. */
  search?: string;
}

/** The search by OS number or plate: digits may be either; a plate matches whatever its punctuation. */
function searchCondition(search: string | undefined): SQL | undefined {
  const text = search?.trim();
  if (!text) return undefined;
  const plate = text.toUpperCase().replace(/[^A-Z0-9]/g, "");
  const os = /^\d{1,9}$/.test(text) ? Number(text) : null;
  if (!plate) return sql`false`;
  return or(
    os !== null ? eq(appointments.osNumber, os) : undefined,
    sql`upper(regexp_replace(${vehicles.plate}, '[^A-Za-z0-9]', '', 'g')) like ${`%${plate}%`}`,
  );
}

const periodCondition = (column: typeof executionServices.createdAt | typeof executionServices.decidedAt, f: ApprovalFilters) =>
  and(
    f.from ? gte(column, brasiliaInstant(f.from, "00:00")) : undefined,
    f.to ? lt(column, brasiliaInstant(addDays(f.to, 1), "00:00")) : undefined,
  );

/** The linked services with their order, point, vehicle, attendant and decider, and how many match in all (one query). */
const approvalRows = (db: Db, where: SQL | undefined) =>
  db
    .select({
      es: executionServices,
      s: services,
      a: appointments,
      p: servicePoints,
      v: vehicles,
      u: pointUsers,
      decider: centralUsers.name,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(executionServices)
    .innerJoin(services, eq(services.id, executionServices.serviceId))
    .innerJoin(appointments, eq(appointments.id, executionServices.appointmentId))
    .innerJoin(servicePoints, eq(servicePoints.id, appointments.servicePointId))
    .innerJoin(vehicles, eq(vehicles.id, appointments.vehicleId))
    .leftJoin(pointUsers, eq(pointUsers.id, executionServices.userId))
    .leftJoin(centralUsers, eq(centralUsers.id, executionServices.decidedBy))
    .where(where);

/** The orders' photos and notes, oldest first, for the rows listed (two queries, not two per row). */
async function evidenceOf(db: Db, appointmentIds: string[]) {
  const ids = [...new Set(appointmentIds)];
  if (ids.length === 0) return { photos: () => [], notes: () => [] };
  const photos = await db
    .select()
    .from(executionPhotos)
    .where(inArray(executionPhotos.appointmentId, ids))
    .orderBy(executionPhotos.createdAt);
  const notes = await db.select().from(executionNotes).where(inArray(executionNotes.appointmentId, ids)).orderBy(executionNotes.createdAt);
  return {
    photos: (id: string) => photos.filter((f) => f.appointmentId === id).map((f) => f.file),
    notes: (id: string) => notes.filter((n) => n.appointmentId === id).map((n) => n.text),
  };
}

/** The services awaiting approval, oldest request first (at most 500), with their orders' evidence, and how many match. */
export async function pendingServices(db: Db, f: ApprovalFilters): Promise<{ data: PendingService[]; total: number }> {
  const list = await approvalRows(
    db,
    and(
      eq(executionServices.approvalStatus, "P"),
      f.servicePointId ? eq(appointments.servicePointId, f.servicePointId) : undefined,
      periodCondition(executionServices.createdAt, f),
      searchCondition(f.search),
    ),
  )
    .orderBy(asc(executionServices.createdAt), asc(executionServices.id))
    .limit(500);
  const evidence = await evidenceOf(
    db,
    list.map((r) => r.a.id),
  );
  const finding = await findingsOf(db, list);
  return {
    data: list.map((row) => toPendingService(row, evidence.photos(row.a.id), evidence.notes(row.a.id), finding(row.es))),
    total: list[0]?.total ?? 0,
  };
}

/** The decisions matching the filters: those with an author and a time, of the status asked (both if none). */
const decidedWhere = (f: ApprovalFilters & { status?: Decision }) =>
  and(
    isNotNull(executionServices.decidedAt),
    f.status ? eq(executionServices.approvalStatus, f.status) : ne(executionServices.approvalStatus, "P"),
    f.servicePointId ? eq(appointments.servicePointId, f.servicePointId) : undefined,
    periodCondition(executionServices.decidedAt, f),
    searchCondition(f.search),
  );

/**
 * The decisions on record (those with an author and a time: the central's), newest first, one page, and how many match. A
 * link the seed or the program approved on its own carries no decision and is not listed.
 */
export async function decidedServices(
  db: Db,
  f: ApprovalFilters & { status?: Decision },
  page: number,
  perPage: number,
): Promise<{ data: DecidedService[]; total: number }> {
  const where = decidedWhere(f);
  const list = await approvalRows(db, where)
    .orderBy(desc(executionServices.decidedAt), desc(executionServices.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const evidence = await evidenceOf(
    db,
    list.map((r) => r.a.id),
  );
  // A page past the last one has no rows to carry the count: count the matches on their own then.
  const total = list[0]?.total ?? (page > 1 ? ((await approvalRows(db, where).limit(1))[0]?.total ?? 0) : 0);
  const finding = await findingsOf(db, list);
  return {
    data: list.map((row) => ({
      ...toPendingService(row, evidence.photos(row.a.id), evidence.notes(row.a.id), finding(row.es)),
      StatusAprovacao: row.es.approvalStatus as Decision,
      DecididoPor: row.decider ?? "",
      DecididoEm: row.es.decidedAt!.toISOString(),
      MotivoRecusa: row.es.approvalStatus === "R" ? row.es.officeNote : null,
    })),
    total,
  };
}
