// The service point aggregate: its reads and writes and their mappings to the contract's shapes (server only).
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { servicePoints } from "../db/schema.ts";

/** A point's row by id (the caller checked the id is the token's point). */
export async function pointById(db: Db, id: string) {
  const [point] = await db.select().from(servicePoints).where(eq(servicePoints.id, id));
  return point;
}
