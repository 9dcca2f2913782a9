// /credenciado: login (public, rate-limited), token check, signed-in user data, logout (server only).
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { RouteDeps } from "./deps.ts";
import { hashPassword, hashToken, newToken, verifyPassword } from "../lib/secrets.ts";
import { DEACTIVATED, SESSION_COOKIE } from "../plugins/auth.ts";
import { isEmail, isBlank } from "../../src/domain/validators.ts";
import { schemaOf } from "../../contract/route.ts";
import * as C from "../../contract/credenciado.ts";
import * as users from "../repositories/users.ts";
import * as sessions from "../repositories/sessions.ts";
import { centralUserByEmail } from "../repositories/central-users.ts";

type Deps = Pick<RouteDeps, "db" | "config">;

/** The HttpOnly session cookie media tags send (files only; never accepted for a change). */
const sessionCookie = (token: string, lifetimeMs: number, secure: boolean) =>
  `${SESSION_COOKIE}=${token}; Path=/api; HttpOnly; SameSite=Strict; Max-Age=${Math.floor(lifetimeMs / 1000)}${secure ? "; Secure" : ""}`;

const lifetime = (config: Deps["config"], remember: boolean) =>
  remember ? config.rememberDays * 86_400_000 : config.sessionHours * 3_600_000;

// Verifying against a real hash when the e-mail is unknown keeps response time from revealing which e-mails exist.
let decoyHash: Promise<string> | undefined;

export async function credenciadoLoginRoutes(plain: FastifyInstance, { db, config }: Deps) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const rateLimit = { max: config.loginRateLimit.max, timeWindow: config.loginRateLimit.windowMs };
  app.post(C.login.url, { config: { rateLimit }, schema: schemaOf(C.login) }, async (request, reply) => {
    const body = request.body;
    const { email, password } = body;
    if (typeof email !== "string" || typeof password !== "string" || isBlank(email) || password === "") {
      return reply.code(400).send({ message: "Email e senha são obrigatórios" });
    }
    if (!isEmail(email.trim())) return reply.code(401).send({ message: "Email inválido" });
    const user = await users.loginCandidate(db, email);
    // Not an attendant: maybe the program's central staff, who sign in on the same page (and land on /central).
    const central = user ? undefined : await centralUserByEmail(db, email);
    decoyHash ??= hashPassword(newToken());
    const account = user ?? central;
    const ok = await verifyPassword(account?.passwordHash ?? (await decoyHash), password);
    if (!account || !ok) return reply.code(401).send({ message: "Credenciais inválidas." });
    // Told only after the right password: a wrong one answers as for an unknown e-mail, so no stranger learns of the account.
    if (account.active !== "A") {
      return user
        ? reply.code(401).send({ message: DEACTIVATED.message, codigo: DEACTIVATED.codigo })
        : reply.code(401).send({ message: "Usuário inativo. Entre em contato com o administrador." });
    }

    const remember = body.lembrar === true || body.rememberMe === true;
    if (!user) return startCentralSession({ db, config }, request, reply, central!, remember, "Login realizado com sucesso.");
    return startPointSession({ db, config }, request, reply, user, remember, "Login realizado com sucesso.");
  });
}

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

export async function credenciadoRoutes(plain: FastifyInstance, { db }: Deps) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  app.get(C.checkSession.url, { schema: schemaOf(C.checkSession) }, async (request) => ({
    message: "Token válido",
    data: request.auth.userId,
  }));

  app.get(C.getSessionUser.url, { schema: schemaOf(C.getSessionUser) }, async (request, reply) => {
    const row = await users.sessionUser(db, request.auth.userId, request.auth.servicePointId);
    if (!row) return reply.code(404).send({ message: "Usuário não encontrado.", data: null });
    return { message: "Usuário recuperado com sucesso!", data: users.toSessionUser(row) };
  });

  app.post(C.logout.url, { schema: schemaOf(C.logout) }, async (request, reply) => {
    await sessions.closePointSession(db, request.auth.sessionId);
    reply.header("set-cookie", `${SESSION_COOKIE}=; Path=/api; HttpOnly; SameSite=Strict; Max-Age=0`);
    return { message: "Sessão encerrada." };
  });
}
