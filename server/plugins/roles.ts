// Role guards of a point's users (server only): the administrative role is read from the database on every call, so a role
// changed in Equipe applies to the user's very next request.
import { and, eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Db } from "../db/client.ts";
import { pointUsers, userTypes } from "../db/schema.ts";
import { HttpError } from "../lib/http-errors.ts";

export const ADMIN_ONLY = "Acesso restrito aos administradores do ponto.";

/** True when the signed-in user's role is administrative now. */
export async function isAdministrator(db: Db, request: FastifyRequest): Promise<boolean> {
  const [row] = await db
    .select({ administrative: userTypes.administrative })
    .from(pointUsers)
    .innerJoin(userTypes, eq(userTypes.id, pointUsers.userTypeId))
    .where(and(eq(pointUsers.id, request.auth.userId), eq(pointUsers.servicePointId, request.auth.servicePointId)))
    .limit(1);
  return row?.administrative === "S";
}

/** 403 for a user whose role is not administrative (bank data, registration changes, Equipe, the record of changes). */
export async function assertAdministrator(db: Db, request: FastifyRequest) {
  if (!(await isAdministrator(db, request))) throw new HttpError(403, ADMIN_ONLY);
}
