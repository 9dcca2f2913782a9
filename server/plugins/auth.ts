// Token authentication: authToken header -> session -> active user -> service point; 401 JSON otherwise, which names a deactivation
// to the holder of a token that was valid (server only).
import { and, eq, gt, lt, ne } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../db/client.ts";
import { pointUsers, sessions } from "../db/schema.ts";
import { hashToken } from "../lib/secrets.ts";
import { SESSION_COOKIE } from "../lib/session-cookie.ts";
import { DEACTIVATED_CODE, DEACTIVATED_MESSAGE } from "../../src/domain/deactivation.ts";

export interface AuthContext {
  sessionId: number;
  userId: string;
  servicePointId: string;
}

declare module "fastify" {
  interface FastifyRequest {
    auth: AuthContext;
  }
}

export const UNAUTHORIZED = { success: false, message: "Acesso não autorizado! Faça login novamente." };
/** The 401 of an account the point's administrator deactivated (the login's after the right password, and a once-valid token's). */
export const DEACTIVATED = { success: false, message: DEACTIVATED_MESSAGE, codigo: DEACTIVATED_CODE } as const;

function cookieToken(request: FastifyRequest): string | undefined {
  const raw = request.headers.cookie;
  if (!raw) return undefined;
  for (const part of raw.split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k === SESSION_COOKIE) return v.join("=");
  }
  return undefined;
}

/**
 * The authToken header; media reads (img/video tags cannot send headers) also accept the HttpOnly session cookie.
 * The cookie never authorises a state-changing request: a browser attaches it to cross-site form posts too (CSRF),
 * while another site can neither read the token nor make a browser add it as the authToken header.
 */
export function readToken(request: FastifyRequest, allowCookie = false): string | undefined {
  const header = request.headers.authtoken;
  const cookieAllowed = allowCookie && (request.method === "GET" || request.method === "HEAD");
  const token = (Array.isArray(header) ? header[0] : header) ?? (cookieAllowed ? cookieToken(request) : undefined);
  return token && token.length <= 200 ? token.trim() : undefined;
}

export async function findSession(db: Db, token: string): Promise<AuthContext | undefined> {
  const [row] = await db
    .select({ sessionId: sessions.id, userId: sessions.userId, servicePointId: sessions.servicePointId })
    .from(sessions)
    .innerJoin(pointUsers, eq(pointUsers.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, new Date()), eq(pointUsers.active, "A")))
    .limit(1);
  return row;
}

/**
 * A token whose session its user's deactivation ended: the session stays on file, expired at that moment (repositories/access-links.ts
 * `revokeUserAccess`), until the purge at the next start. Only the holder of a token that was valid learns of the deactivation.
 */
async function endedByDeactivation(db: Db, token: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(pointUsers, eq(pointUsers.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), ne(pointUsers.active, "A")))
    .limit(1);
  return !!row;
}

/** Adds the onRequest hook to a scope: every route registered in it needs a valid token (allowCookie: also the cookie, for GET/HEAD). */
export function requireAuth(scope: FastifyInstance, db: Db, opts: { allowCookie?: boolean } = {}) {
  if (!scope.hasRequestDecorator("auth")) scope.decorateRequest("auth", null as unknown as AuthContext);
  scope.addHook("onRequest", async (request: FastifyRequest, reply: FastifyReply) => {
    const token = readToken(request, opts.allowCookie);
    const auth = token ? await findSession(db, token) : undefined;
    if (!auth) return reply.code(401).send(token && (await endedByDeactivation(db, token)) ? DEACTIVATED : UNAUTHORIZED);
    request.auth = auth;
  });
}

export async function purgeExpiredSessions(db: Db) {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}
