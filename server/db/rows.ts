// Raw SQL helpers: both drivers (PGlite and node-postgres) answer execute() with { rows }; ids; e-mail matching; the points'
// row locks (server only).
import { inArray, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "./client.ts";
import { servicePoints } from "./schema.ts";

export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (v: unknown): v is string => typeof v === "string" && UUID_RE.test(v);

/** An e-mail column equal to `email` as the sign-in compares them: trimmed, case-insensitive (the unique indexes are on lower()). */
export const sameEmail = (column: AnyPgColumn, email: string) => sql`lower(${column}) = ${email.trim().toLowerCase()}`;

/**
 * The service points' rows, locked for the caller's transaction in id order (so two transactions never wait on each other
 * in a cycle), and returned. Whatever is decided by a point's state takes it first: bookings (free slots per lift), changes
 * of what its payouts go to and the payments of them, its upload quota.
 */
export async function lockPoints(tx: Db, ids: string[]) {
  const unique = [...new Set(ids)].sort();
  if (unique.length === 0) return [];
  return tx.select().from(servicePoints).where(inArray(servicePoints.id, unique)).orderBy(servicePoints.id).for("update");
}
