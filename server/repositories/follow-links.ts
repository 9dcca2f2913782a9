// The member follow links (issue 39) and what the member's page reads and writes through one: the link rows (made, revoked,
// found by the token's hash), the order as the member sees it, the rating and the member's returns (server only).
import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import {
  appointments,
  executionNotes,
  executionPhotos,
  executions,
  executionServices,
  followLinks,
  members,
  payoutStatements,
  pointUsers,
  ratings,
  servicePoints,
  serviceReturns,
  services,
  vehicles,
} from "../db/schema.ts";
import { rows } from "../db/rows.ts";

export type FollowLinkRow = typeof followLinks.$inferSelect;

/** A link with what decides whether it still works: its order's status and end. */
export interface LinkWithOrder {
  link: FollowLinkRow;
  appointmentId: string;
  servicePointId: string;
  status: string;
  finishedAt: Date | null;
}

const linkWithOrder = (db: Db) =>
  db
    .select({
      link: followLinks,
      appointmentId: appointments.id,
      servicePointId: appointments.servicePointId,
      status: appointments.status,
      finishedAt: executions.finishedAt,
    })
    .from(followLinks)
    .innerJoin(appointments, eq(appointments.id, followLinks.appointmentId))
    .leftJoin(executions, eq(executions.appointmentId, appointments.id));

/** The link whose token hashes to `tokenHash`, with its order (revoked or not: the caller decides). */
export async function linkByHash(db: Db, tokenHash: string): Promise<LinkWithOrder | undefined> {
  const [row] = await linkWithOrder(db).where(eq(followLinks.tokenHash, tokenHash)).limit(1);
  return row;
}

export async function linkById(db: Db, id: string): Promise<LinkWithOrder | undefined> {
  const [row] = await linkWithOrder(db).where(eq(followLinks.id, id)).limit(1);
  return row;
}

/** The order's newest link (live or not), with its order. */
export async function latestLink(db: Db, appointmentId: string): Promise<LinkWithOrder | undefined> {
  const [row] = await linkWithOrder(db)
    .where(eq(followLinks.appointmentId, appointmentId))
    .orderBy(desc(followLinks.createdAt), desc(followLinks.id))
    .limit(1);
  return row;
}

/** The order's end (null while open or never started). */
export async function orderFinishedAt(db: Db, appointmentId: string) {
  const [row] = await db.select({ at: executions.finishedAt }).from(executions).where(eq(executions.appointmentId, appointmentId));
  return row?.at ?? null;
}

/** Revokes the order's live link, if any (in the caller's transaction); answers how many were revoked (0 or 1). */
export async function revokeLiveLink(tx: Db, appointmentId: string, now: Date) {
  const gone = await tx
    .update(followLinks)
    .set({ revokedAt: now })
    .where(and(eq(followLinks.appointmentId, appointmentId), isNull(followLinks.revokedAt)))
    .returning({ id: followLinks.id });
  return gone.length;
}

export async function insertLink(tx: Db, values: { appointmentId: string; tokenHash: string; createdBy: string; createdAt: Date }) {
  const [row] = await tx.insert(followLinks).values(values).returning();
  return row!;
}

export async function touchLink(db: Db, id: string, now: Date) {
  await db.update(followLinks).set({ lastSeenAt: now }).where(eq(followLinks.id, id));
}

/** The order's point, vehicle, member and execution, as the member's page names them. */
export async function memberOrder(db: Db, appointmentId: string) {
  const [row] = await db
    .select({
      appointment: appointments,
      point: servicePoints,
      vehicle: vehicles,
      memberName: members.name,
      memberPhone: members.phone,
      startedAt: executions.startedAt,
      finishedAt: executions.finishedAt,
    })
    .from(appointments)
    .innerJoin(servicePoints, eq(servicePoints.id, appointments.servicePointId))
    .innerJoin(vehicles, eq(vehicles.id, appointments.vehicleId))
    .innerJoin(members, eq(members.id, vehicles.memberId))
    .leftJoin(executions, eq(executions.appointmentId, appointments.id))
    .where(eq(appointments.id, appointmentId))
    .limit(1);
  return row;
}

/** The point's phone: its principal user's (the first user by creation), the one the point registered with. */
export async function pointPhone(db: Db, servicePointId: string) {
  const [row] = await db
    .select({ phone: pointUsers.phone })
    .from(pointUsers)
    .where(eq(pointUsers.servicePointId, servicePointId))
    .orderBy(asc(pointUsers.createdAt), asc(pointUsers.seq))
    .limit(1);
  return row?.phone ?? null;
}

/** The order's linked services with their catalogue name, warranty and media, in the order they were linked. */
export const orderServices = (db: Db, appointmentId: string) =>
  db
    .select({
      id: executionServices.id,
      description: services.description,
      warrantyDays: services.warrantyDays,
      approvalStatus: executionServices.approvalStatus,
      photo1: executionServices.photo1,
      photo2: executionServices.photo2,
      photo3: executionServices.photo3,
      video: executionServices.video,
      createdAt: executionServices.createdAt,
      decidedAt: executionServices.decidedAt,
    })
    .from(executionServices)
    .innerJoin(services, eq(services.id, executionServices.serviceId))
    .where(eq(executionServices.appointmentId, appointmentId))
    .orderBy(asc(executionServices.createdAt), asc(executionServices.id));

export type OrderService = Awaited<ReturnType<typeof orderServices>>[number];

export const orderPhotos = (db: Db, appointmentId: string) =>
  db
    .select({ file: executionPhotos.file })
    .from(executionPhotos)
    .where(eq(executionPhotos.appointmentId, appointmentId))
    .orderBy(asc(executionPhotos.createdAt), asc(executionPhotos.id));

/** The notes the attendant marked visible to the member, oldest first. */
export const visibleNotes = (db: Db, appointmentId: string) =>
  db
    .select({ text: executionNotes.text, createdAt: executionNotes.createdAt })
    .from(executionNotes)
    .where(and(eq(executionNotes.appointmentId, appointmentId), eq(executionNotes.visibleToMember, true)))
    .orderBy(asc(executionNotes.createdAt), asc(executionNotes.id));

export async function ratingOf(db: Db, appointmentId: string) {
  const [row] = await db.select().from(ratings).where(eq(ratings.appointmentId, appointmentId));
  return row;
}

/** Rates the order once: the primary key decides between parallel calls; answers false when it was already rated. */
export async function insertRatingOnce(db: Db, values: { appointmentId: string; score: number; comment: string | null; createdAt: Date }) {
  const made = await db.insert(ratings).values(values).onConflictDoNothing().returning({ id: ratings.appointmentId });
  return made.length === 1;
}

/** The returns the member asked for on this order, oldest first. */
export const memberReturnsOf = (db: Db, appointmentId: string) =>
  db
    .select({
      description: serviceReturns.description,
      createdAt: serviceReturns.createdAt,
      status: serviceReturns.status,
      serviceId: serviceReturns.executionServiceId,
    })
    .from(serviceReturns)
    .where(and(eq(serviceReturns.appointmentId, appointmentId), eq(serviceReturns.origin, "socio")))
    .orderBy(asc(serviceReturns.createdAt), asc(serviceReturns.id));

/** Whether the member already has a return of this service that the point has not concluded. */
export async function hasOpenMemberReturn(db: Db, executionServiceId: string) {
  const [row] = await db
    .select({ id: serviceReturns.id })
    .from(serviceReturns)
    .where(
      and(
        eq(serviceReturns.executionServiceId, executionServiceId),
        eq(serviceReturns.origin, "socio"),
        sql`${serviceReturns.status} <> 'C'`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** The payout row of the linked service, else the order's first one (what a return refers to). */
export async function statementOfService(db: Db, appointmentId: string, executionServiceId: string) {
  const [row] = await db
    .select({ id: payoutStatements.id })
    .from(payoutStatements)
    .where(eq(payoutStatements.appointmentId, appointmentId))
    .orderBy(sql`${payoutStatements.executionServiceId} = ${executionServiceId} desc`, asc(payoutStatements.osNumber))
    .limit(1);
  return row?.id ?? null;
}

export async function insertMemberReturn(
  tx: Db,
  values: Pick<
    typeof serviceReturns.$inferInsert,
    "appointmentId" | "vehicleId" | "motivationId" | "statementId" | "executionServiceId" | "kind" | "description" | "photos"
  >,
) {
  const [row] = await tx
    .insert(serviceReturns)
    .values({ ...values, origin: "socio", status: "A" })
    .returning();
  return row!;
}

/**
 * Whether `name` is one of the order's files the member may fetch: its initial or final video, its photos and videos, a
 * linked service's photos or video, a laudo or a recibo, and anything else of its evidence chain (an inspection's photos and
 * content, issue 53), so the member's "Verificar evidências" can fetch every entry.
 */
export async function isOrderFile(db: Db, appointmentId: string, name: string) {
  const [row] = await rows<{ found: boolean }>(
    db,
    sql`select exists (
      select 1 from appointments a where a.id = ${appointmentId} and (a.initial_video = ${name} or a.final_video = ${name})
      union all select 1 from execution_photos p where p.appointment_id = ${appointmentId} and p.file = ${name}
      union all select 1 from execution_services s where s.appointment_id = ${appointmentId}
        and ${name} in (s.photo1, s.photo2, s.photo3, s.video)
      union all select 1 from reports r where r.appointment_id = ${appointmentId} and r.file = ${name}
      union all select 1 from receipts r where r.appointment_id = ${appointmentId} and r.file = ${name}
      union all select 1 from evidence_chain c join stored_files f on f.id = c.stored_file_id
        where c.appointment_id = ${appointmentId} and f.stored_name = ${name}
    ) as found`,
  );
  return Boolean(row?.found);
}
