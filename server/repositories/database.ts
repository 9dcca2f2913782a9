// The database as a whole, for the readiness probe (server only).
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";

/** The cheapest round trip: resolves when the database answers a query. */
export async function pingDatabase(db: Db) {
  await db.execute(sql`select 1`);
}
