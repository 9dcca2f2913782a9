// Tenant guards: every id in a path or body must belong to the token's service point, else 404 with no data (server only).
import { and, eq, inArray } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../db/client.ts";
import { appointments, pointUsers, storedFiles, vehicles } from "../db/schema.ts";
import { isUuid } from "../db/rows.ts";
import { notFound } from "../lib/http-errors.ts";

export const NOT_FOUND = {
  point: "Ponto de atendimento não encontrado.",
  appointment: "Agendamento não encontrado.",
  file: "Arquivo não encontrado.",
  user: "Usuário não encontrado.",
  vehicle: "Veículo não encontrado.",
};

export function assertOwnPoint(request: FastifyRequest, idPontoAtendimento: unknown) {
  if (idPontoAtendimento !== request.auth.servicePointId) throw notFound(NOT_FOUND.point);
}

export async function ownAppointment(db: Db, request: FastifyRequest, id: unknown, opts: { lock?: boolean } = {}) {
  if (!isUuid(id)) throw notFound(NOT_FOUND.appointment);
  const query = db
    .select()
    .from(appointments)
    .where(and(eq(appointments.id, id), eq(appointments.servicePointId, request.auth.servicePointId)));
  const [row] = await (opts.lock ? query.for("update") : query.limit(1));
  if (!row) throw notFound(NOT_FOUND.appointment);
  return row;
}

/**
 * ownAppointment, locked for the caller's transaction: every change of an order's state or services (start, cancel,
 * reschedule, link, unlink, finish) takes this lock first, so checks made under it still hold when the change is written.
 */
export const lockOwnAppointment = (tx: Db, request: FastifyRequest, id: unknown) => ownAppointment(tx, request, id, { lock: true });

/** A user of this point (the team's administrator edits, deactivates and reactivates them). */
export async function ownUser(db: Db, request: FastifyRequest, id: unknown) {
  if (!isUuid(id)) throw notFound(NOT_FOUND.user);
  const [row] = await db
    .select()
    .from(pointUsers)
    .where(and(eq(pointUsers.id, id), eq(pointUsers.servicePointId, request.auth.servicePointId)))
    .limit(1);
  if (!row) throw notFound(NOT_FOUND.user);
  return row;
}

/** A row of a table hanging off appointments (photos, notes, laudos, recibos, linked services, returns) owned by this point. */
export async function ownChild<T extends PgTable & { id: AnyPgColumn; appointmentId: AnyPgColumn }>(
  db: Db,
  request: FastifyRequest,
  table: T,
  id: unknown,
  message: string,
) {
  if (!isUuid(id)) throw notFound(message);
  const [row] = await db
    .select({ child: table, appointment: appointments })
    .from(table as PgTable)
    .innerJoin(appointments, eq(appointments.id, table.appointmentId))
    .where(and(eq(table.id, id), eq(appointments.servicePointId, request.auth.servicePointId)))
    .limit(1);
  if (!row) throw notFound(message);
  return row as { child: T["$inferSelect"]; appointment: typeof appointments.$inferSelect };
}

/** The acting attendant: the token's user, or another active user of the same point named in the body. */
export async function actingUser(db: Db, request: FastifyRequest, bodyUserId: unknown): Promise<string> {
  if (bodyUserId === undefined || bodyUserId === null || bodyUserId === "" || bodyUserId === request.auth.userId)
    return request.auth.userId;
  if (!isUuid(bodyUserId)) throw notFound(NOT_FOUND.user);
  const [u] = await db
    .select({ id: pointUsers.id })
    .from(pointUsers)
    .where(and(eq(pointUsers.id, bodyUserId), eq(pointUsers.servicePointId, request.auth.servicePointId), eq(pointUsers.active, "A")));
  if (!u) throw notFound(NOT_FOUND.user);
  return u.id;
}

/** Every named file must have been uploaded by this point. */
export async function assertOwnFiles(db: Db, request: FastifyRequest, names: (string | null | undefined)[]) {
  const wanted = [...new Set(names.filter((n): n is string => typeof n === "string" && n !== ""))];
  if (wanted.length === 0) return;
  const found = await db
    .select({ name: storedFiles.storedName })
    .from(storedFiles)
    .where(and(inArray(storedFiles.storedName, wanted), eq(storedFiles.servicePointId, request.auth.servicePointId)));
  if (found.length !== wanted.length) throw notFound(NOT_FOUND.file);
}

/** A member's vehicle this point may look at: one with an appointment here. */
export async function vehicleSeenHere(db: Db, request: FastifyRequest, id: unknown) {
  if (!isUuid(id)) throw notFound(NOT_FOUND.vehicle);
  const [row] = await db
    .selectDistinct({ vehicle: vehicles })
    .from(vehicles)
    .innerJoin(appointments, eq(appointments.vehicleId, vehicles.id))
    .where(and(eq(vehicles.id, id), eq(appointments.servicePointId, request.auth.servicePointId)))
    .limit(1);
  if (!row) throw notFound(NOT_FOUND.vehicle);
  return row.vehicle;
}
