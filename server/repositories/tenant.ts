// The tenant guards' queries (plugins/tenant.ts): a row by id, found only when it belongs to the given service point (server only).
import { and, eq, inArray } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../db/client.ts";
import { appointments, pointUsers, storedFiles, vehicles } from "../db/schema.ts";

/** The point's appointment, row-locked for the caller's transaction when `lock` is set. */
export async function pointAppointment(db: Db, pointId: string, id: string, lock: boolean) {
  const query = db
    .select()
    .from(appointments)
    .where(and(eq(appointments.id, id), eq(appointments.servicePointId, pointId)));
  const [row] = await (lock ? query.for("update") : query.limit(1));
  return row;
}

export async function pointUser(db: Db, pointId: string, id: string) {
  const [row] = await db
    .select()
    .from(pointUsers)
    .where(and(eq(pointUsers.id, id), eq(pointUsers.servicePointId, pointId)))
    .limit(1);
  return row;
}

/** A row of a table hanging off appointments, with its appointment, when the appointment is the point's. */
export async function pointChild<T extends PgTable & { id: AnyPgColumn; appointmentId: AnyPgColumn }>(
  db: Db,
  pointId: string,
  table: T,
  id: string,
) {
  const [row] = await db
    .select({ child: table, appointment: appointments })
    .from(table as PgTable)
    .innerJoin(appointments, eq(appointments.id, table.appointmentId))
    .where(and(eq(table.id, id), eq(appointments.servicePointId, pointId)))
    .limit(1);
  return row as { child: T["$inferSelect"]; appointment: typeof appointments.$inferSelect } | undefined;
}

export async function activePointUserId(db: Db, pointId: string, id: string) {
  const [u] = await db
    .select({ id: pointUsers.id })
    .from(pointUsers)
    .where(and(eq(pointUsers.id, id), eq(pointUsers.servicePointId, pointId), eq(pointUsers.active, "A")));
  return u;
}

/** Which of the stored names were uploaded by the point. */
export async function pointStoredNames(db: Db, pointId: string, names: string[]) {
  return db
    .select({ name: storedFiles.storedName })
    .from(storedFiles)
    .where(and(inArray(storedFiles.storedName, names), eq(storedFiles.servicePointId, pointId)));
}

/** A member's vehicle with an appointment at the point. */
export async function vehicleSeenAtPoint(db: Db, pointId: string, id: string) {
  const [row] = await db
    .selectDistinct({ vehicle: vehicles })
    .from(vehicles)
    .innerJoin(appointments, eq(appointments.vehicleId, vehicles.id))
    .where(and(eq(vehicles.id, id), eq(appointments.servicePointId, pointId)))
    .limit(1);
  return row?.vehicle;
}
