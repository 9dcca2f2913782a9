// The central's decisions on linked services, written: one decision (only a pending link changes), the selected ones at once
// (each row atomically, locked in id order), where a link stands when a decision came late, the undo by its author within
// seconds under the link's and the order's locks, and the point's notice of each, in the decision's transaction (server only).
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { appointments, centralUsers, executionServices, services } from "../db/schema.ts";
import { UNDO_SECONDS } from "../../contract/central-approvals.ts";
import { APPROVALS_MESSAGES } from "../lib/central-approvals-messages.ts";
import { insertNotifications } from "./notifications.ts";

export type ServiceLinkRow = typeof executionServices.$inferSelect;
export type Decision = "A" | "R";

/**
 * The decision, only on a pending link (one conditional update: two central users cannot both decide it), with its author and
 * the database's time; undefined if the link was not pending.
 */
export async function decideServiceLink(tx: Db, id: string, to: Decision, note: string | null, userId: string) {
  const [changed] = await tx
    .update(executionServices)
    .set({ approvalStatus: to, decidedBy: userId, decidedAt: sql`now()`, ...(to === "R" ? { officeNote: note } : {}) })
    .where(and(eq(executionServices.id, id), eq(executionServices.approvalStatus, "P")))
    .returning();
  return changed;
}

/**
 * Approves those of the links still pending, each row atomically (the update's condition), after locking them in id order: two
 * bulk approvals sharing rows then wait for each other instead of deadlocking. The rows approved.
 */
export async function approveServiceLinks(tx: Db, ids: string[], userId: string) {
  const sorted = [...ids].sort();
  await tx
    .select({ id: executionServices.id })
    .from(executionServices)
    .where(inArray(executionServices.id, sorted))
    .orderBy(asc(executionServices.id))
    .for("no key update");
  return tx
    .update(executionServices)
    .set({ approvalStatus: "A", decidedBy: userId, decidedAt: sql`now()` })
    .where(and(inArray(executionServices.id, sorted), eq(executionServices.approvalStatus, "P")))
    .returning();
}

/** Where a link stands: its status, who decided it and when (the 409's message names them); undefined if there is no such link. */
export async function decisionOf(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: executionServices.id,
      status: executionServices.approvalStatus,
      at: executionServices.decidedAt,
      by: centralUsers.name,
      os: appointments.osNumber,
      service: sql<string>`${services.description} || ' - ' || ${services.vehicleType}`,
    })
    .from(executionServices)
    .innerJoin(appointments, eq(appointments.id, executionServices.appointmentId))
    .innerJoin(services, eq(services.id, executionServices.serviceId))
    .leftJoin(centralUsers, eq(centralUsers.id, executionServices.decidedBy))
    .where(inArray(executionServices.id, ids));
}

/** The 409 message for a link someone decided first (or that is not pending any more). */
export function alreadyDecidedMessage(d: { status: string; by: string | null; at: Date | null }) {
  return d.status === "P" ? APPROVALS_MESSAGES.nothingToUndo : APPROVALS_MESSAGES.alreadyDecided(d.status as Decision, d.by, d.at);
}

/**
 * The link about to be undone, locked (no key update: a finish's payout insert, which key-share locks it, is not blocked, so the
 * undo's later wait for the order cannot deadlock with it), and whether its decision is still within the undo's seconds by the
 * database's clock.
 */
export async function lockForUndo(tx: Db, id: string) {
  const [row] = await tx
    .select({
      es: executionServices,
      inTime: sql<boolean>`coalesce(${executionServices.decidedAt} > clock_timestamp() - make_interval(secs => ${UNDO_SECONDS}), false)`,
    })
    .from(executionServices)
    .where(eq(executionServices.id, id))
    .for("no key update");
  return row;
}

/** The order's row, locked after its link's (the order of locks of an unlink): a finish waits for the undo, or the other way round. */
export async function lockOrderOf(tx: Db, appointmentId: string) {
  const [row] = await tx.select().from(appointments).where(eq(appointments.id, appointmentId)).for("update");
  return row!;
}

/** Back to pending, without its decision (and a refusal's reason), on the conditions the caller checked under the locks. */
export async function undoServiceLink(tx: Db, id: string, userId: string) {
  const [row] = await tx
    .update(executionServices)
    .set({
      approvalStatus: "P",
      decidedBy: null,
      decidedAt: null,
      officeNote: sql`case when ${executionServices.approvalStatus} = 'R' then null else ${executionServices.officeNote} end`,
    })
    .where(
      and(
        eq(executionServices.id, id),
        inArray(executionServices.approvalStatus, ["A", "R"]),
        eq(executionServices.decidedBy, userId),
        eq(executionServices.paid, "N"),
      ),
    )
    .returning();
  return row;
}

/** The point's notification of a decision or of its undo, in the same transaction (who, the refusal note, the order); its ids. */
export async function notifyDecision(
  tx: Db,
  link: ServiceLinkRow,
  to: Decision | "undo",
  note: string | null,
  actorName: string,
  undone?: Decision,
) {
  const [info] = await tx
    .select({
      point: appointments.servicePointId,
      os: appointments.osNumber,
      service: sql<string>`${services.description} || ' - ' || ${services.vehicleType}`,
    })
    .from(appointments)
    .innerJoin(services, eq(services.id, link.serviceId))
    .where(eq(appointments.id, link.appointmentId));
  const { point, os, service } = info!;
  const text =
    to === "undo"
      ? { title: APPROVALS_MESSAGES.undoneTitle(service), body: APPROVALS_MESSAGES.undoneBody(os, undone ?? "A") }
      : to === "A"
        ? { title: `Serviço aprovado: ${service}`, body: `OS ${os}: o serviço foi aprovado pela central.` }
        : { title: `Serviço recusado: ${service}`, body: `OS ${os}: o serviço foi recusado pela central. Motivo: ${note}` };
  return insertNotifications(tx, [
    {
      servicePointId: point,
      kind: to === "undo" ? "decisao-desfeita" : to === "A" ? "aprovado" : "recusado",
      ...text,
      reason: to === "R" ? note : null,
      actorName,
      appointmentId: link.appointmentId,
      osNumber: os,
    },
  ]);
}
