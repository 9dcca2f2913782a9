// Central staff authentication: authToken header -> central session -> active central user; a point attendant's token is a
// 403 (signed in, but not allowed here), anything else a 401 (server only).
import { and, eq, gt, lt } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../db/client.ts";
import { centralSessions, centralUsers } from "../db/schema.ts";
import { hashToken } from "../lib/secrets.ts";
import { findSession, readToken, UNAUTHORIZED } from "./auth.ts";
import type { CentralRole } from "../../contract/central-session.ts";

export interface CentralContext {
  sessionId: number;
  userId: string;
  /** central_users.role, read with the session on every request (a role changed by an admin counts at once). */
  role: CentralRole;
}

declare module "fastify" {
  interface FastifyRequest {
    central: CentralContext;
  }
}

export const CENTRAL_ONLY = { success: false, message: "Acesso restrito à equipe central do programa." };

export async function findCentralSession(db: Db, token: string): Promise<CentralContext | undefined> {
  const [row] = await db
    .select({ sessionId: centralSessions.id, userId: centralSessions.userId, role: centralUsers.role })
    .from(centralSessions)
    .innerJoin(centralUsers, eq(centralUsers.id, centralSessions.userId))
    .where(and(eq(centralSessions.tokenHash, hashToken(token)), gt(centralSessions.expiresAt, new Date()), eq(centralUsers.active, "A")))
    .limit(1);
  return row && { ...row, role: row.role as CentralRole };
}

/** Every route registered in the scope needs a central user's token (allowCookie: also the cookie, for GET/HEAD of files). */
export function requireCentral(scope: FastifyInstance, db: Db, opts: { allowCookie?: boolean } = {}) {
  if (!scope.hasRequestDecorator("central")) scope.decorateRequest("central", null as unknown as CentralContext);
  scope.addHook("onRequest", async (request: FastifyRequest, reply: FastifyReply) => {
    const token = readToken(request, opts.allowCookie);
    const central = token ? await findCentralSession(db, token) : undefined;
    if (central) {
      request.central = central;
      return;
    }
    if (token && (await findSession(db, token))) return reply.code(403).send(CENTRAL_ONLY);
    return reply.code(401).send(UNAUTHORIZED);
  });
}

export async function purgeExpiredCentralSessions(db: Db) {
  await db.delete(centralSessions).where(lt(centralSessions.expiresAt, new Date()));
}
