// /credenciado: login (public, rate-limited), token check, signed-in user data, logout (server only).
import type { FastifyInstance } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { RouteDeps } from "./deps.ts";
import { hashPassword, newToken, verifyPassword } from "../lib/secrets.ts";
import { SESSION_COOKIE } from "../lib/session-cookie.ts";
import { DEACTIVATED } from "../plugins/auth.ts";
import { isEmail, isBlank } from "../../src/domain/validators.ts";
import { schemaOf } from "../../contract/route.ts";
import * as C from "../../contract/credenciado.ts";
import * as users from "../repositories/users.ts";
import * as sessions from "../repositories/sessions.ts";
import { centralUserByEmail } from "../repositories/central-users.ts";
import { startCentralSession, startPointSession } from "../services/sign-in.ts";

type Deps = Pick<RouteDeps, "db" | "config">;

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
