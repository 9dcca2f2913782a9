// The evidence chain aggregate (evidence_chain and evidence_seals rows): an order's entries and seal, the order's lock the
// chain is written under, the facts the answer's plate check needs (server only). The rules live in
// server/services/evidence-chain.ts.
import { and, asc, desc, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { appointments, evidenceChain, evidenceSeals, pointUsers, storedFiles, vehicles } from "../db/schema.ts";
import { isUuid } from "../db/rows.ts";

export type ChainRow = typeof evidenceChain.$inferSelect;
export type SealRow = typeof evidenceSeals.$inferSelect;

/**
 * Takes the order's row lock for the caller's transaction (again: a no-op when the route already holds it). Every append and
 * the seal run under it, so seq and the previous hash read here still hold when the entry is written.
 */
export async function lockOrder(tx: Db, appointmentId: string) {
  const [row] = await tx.select({ id: appointments.id }).from(appointments).where(eq(appointments.id, appointmentId)).for("update");
  return row;
}

/** The order's last entry (its head), if any. */
export async function lastEntry(tx: Db, appointmentId: string): Promise<ChainRow | undefined> {
  const [row] = await tx
    .select()
    .from(evidenceChain)
    .where(eq(evidenceChain.appointmentId, appointmentId))
    .orderBy(desc(evidenceChain.seq))
    .limit(1);
  return row;
}

/** The entry of this file as this kind on the order, if it was appended already. */
export async function entryOfFile(tx: Db, appointmentId: string, storedFileId: string, kind: string) {
  const [row] = await tx
    .select()
    .from(evidenceChain)
    .where(and(eq(evidenceChain.appointmentId, appointmentId), eq(evidenceChain.storedFileId, storedFileId), eq(evidenceChain.kind, kind)))
    .limit(1);
  return row;
}

export async function insertEntry(tx: Db, values: typeof evidenceChain.$inferInsert) {
  const [row] = await tx.insert(evidenceChain).values(values).returning();
  return row!;
}

/** The order's entries in seq order, each with its file's stored name and its sender's name. */
export async function entriesOf(db: Db, appointmentId: string) {
  return db
    .select({ entry: evidenceChain, storedName: storedFiles.storedName, senderName: pointUsers.name })
    .from(evidenceChain)
    .innerJoin(storedFiles, eq(storedFiles.id, evidenceChain.storedFileId))
    .leftJoin(pointUsers, eq(pointUsers.id, evidenceChain.uploadedBy))
    .where(eq(evidenceChain.appointmentId, appointmentId))
    .orderBy(asc(evidenceChain.seq));
}

export async function sealOf(db: Db, appointmentId: string): Promise<SealRow | undefined> {
  const [row] = await db.select().from(evidenceSeals).where(eq(evidenceSeals.appointmentId, appointmentId)).limit(1);
  return row;
}

/** Records the order's seal unless it has one (a replayed finish keeps the first). */
export async function insertSealOnce(tx: Db, values: typeof evidenceSeals.$inferInsert) {
  await tx.insert(evidenceSeals).values(values).onConflictDoNothing({ target: evidenceSeals.appointmentId });
}

/** Any order by id with its vehicle's plate (the central reads every point's); undefined when there is none. */
export async function orderWithPlate(db: Db, appointmentId: string) {
  if (!isUuid(appointmentId)) return undefined;
  const [row] = await db
    .select({ id: appointments.id, initialVideo: appointments.initialVideo, plate: vehicles.plate })
    .from(appointments)
    .innerJoin(vehicles, eq(vehicles.id, appointments.vehicleId))
    .where(eq(appointments.id, appointmentId))
    .limit(1);
  return row;
}
