// Opening a signed-in session (the login, 'Primeiro acesso', a password reset, a central colleague's invitation): the
// session row, the HttpOnly cookie and the login's answer (server only).
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ServerDeps } from "./deps.ts";
import { hashToken, newToken } from "../lib/secrets.ts";
import { sessionCookie } from "../lib/session-cookie.ts";
import type * as C from "../../contract/credenciado.ts";
import * as users from "../repositories/users.ts";
import * as sessions from "../repositories/sessions.ts";

type Deps = Pick<ServerDeps, "db" | "config">;

const lifetime = (config: Deps["config"], remember: boolean) =>
  remember ? config.rememberDays * 86_400_000 : config.sessionHours * 3_600_000;

/**
 * Opens a session for a member of the central's staff and answers as the login does (`perfil: "central"`, token, HttpOnly
 * cookie); also the end of a central colleague's invitation (issue 38), which signs them in.
 */
export async function startCentralSession(
  { db, config }: Deps,
  request: FastifyRequest,
  reply: FastifyReply,
  central: { id: string; email: string; name: string },
  remember: boolean,
  message: string,
): Promise<C.CentralSignIn> {
  const lifetimeMs = lifetime(config, remember);
  const token = newToken();
  await sessions.openCentralSession(db, {
    tokenHash: hashToken(token),
    userId: central.id,
    remember,
    expiresAt: new Date(Date.now() + lifetimeMs),
  });
  reply.header("set-cookie", sessionCookie(token, lifetimeMs, request.protocol === "https"));
  return { message, token, perfil: "central" as const, user: users.toSignedInUser(central) };
}

/**
 * Opens a session for an attendant and answers as the login does (token, user, HttpOnly cookie); also the end of 'Primeiro
 * acesso' and of a password reset, which sign the user in.
 */
export async function startPointSession(
  { db, config }: Deps,
  request: FastifyRequest,
  reply: FastifyReply,
  user: { id: string; email: string; name: string; servicePointId: string },
  remember: boolean,
  message: string,
): Promise<C.PointSignIn> {
  const lifetimeMs = lifetime(config, remember);
  const token = newToken();
  await sessions.openPointSession(db, {
    tokenHash: hashToken(token),
    userId: user.id,
    servicePointId: user.servicePointId,
    remember,
    expiresAt: new Date(Date.now() + lifetimeMs),
  });
  await users.recordSignIn(db, user.id);
  reply.header("set-cookie", sessionCookie(token, lifetimeMs, request.protocol === "https"));
  return { message, token, user: users.toSignedInUser(user) };
}
