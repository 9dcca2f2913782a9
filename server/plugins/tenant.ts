// Tenant guards: every id in a path or body must belong to the token's service point, else 404 with no data (server only).
import type { FastifyRequest } from "fastify";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../db/client.ts";
import { isUuid } from "../db/rows.ts";
import { notFound } from "../lib/http-errors.ts";
import * as tenant from "../repositories/tenant.ts";

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
  const row = await tenant.pointAppointment(db, request.auth.servicePointId, id, opts.lock ?? false);
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
  const row = await tenant.pointUser(db, request.auth.servicePointId, id);
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
  const row = await tenant.pointChild(db, request.auth.servicePointId, table, id);
  if (!row) throw notFound(message);
  return row;
}

/** The acting attendant: the token's user, or another active user of the same point named in the body. */
export async function actingUser(db: Db, request: FastifyRequest, bodyUserId: unknown): Promise<string> {
  if (bodyUserId === undefined || bodyUserId === null || bodyUserId === "" || bodyUserId === request.auth.userId)
    return request.auth.userId;
  if (!isUuid(bodyUserId)) throw notFound(NOT_FOUND.user);
  const u = await tenant.activePointUserId(db, request.auth.servicePointId, bodyUserId);
  if (!u) throw notFound(NOT_FOUND.user);
  return u.id;
}

/** Every named file must have been uploaded by this point. */
export async function assertOwnFiles(db: Db, request: FastifyRequest, names: (string | null | undefined)[]) {
  const wanted = [...new Set(names.filter((n): n is string => typeof n === "string" && n !== ""))];
  if (wanted.length === 0) return;
  const found = await tenant.pointStoredNames(db, request.auth.servicePointId, wanted);
  if (found.length !== wanted.length) throw notFound(NOT_FOUND.file);
}

/** A member's vehicle this point may look at: one with an appointment here. */
export async function vehicleSeenHere(db: Db, request: FastifyRequest, id: unknown) {
  if (!isUuid(id)) throw notFound(NOT_FOUND.vehicle);
  const vehicle = await tenant.vehicleSeenAtPoint(db, request.auth.servicePointId, id);
  if (!vehicle) throw notFound(NOT_FOUND.vehicle);
  return vehicle;
}
