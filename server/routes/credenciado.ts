// /credenciado: login (public, rate-limited), token check, signed-in user data, logout (server only).
import { and, desc, eq, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import type { RouteDeps } from "./deps.ts";
import { centralSessions, centralUsers, pointUsers, servicePoints, sessions, userTypes } from "../db/schema.ts";
import { hashPassword, hashToken, newToken, verifyPassword } from "../lib/secrets.ts";
import { timeToIso } from "../lib/format.ts";
import { SESSION_COOKIE } from "../plugins/auth.ts";
import { isEmail, isBlank } from "../../src/domain/validators.ts";
import { anyBounded, MAX } from "../../contract/fields.ts";
import { route } from "../../contract/route.ts";
import { sameEmail } from "../lib/db-rows.ts";

type Deps = Pick<RouteDeps, "db" | "config">;

/** The HttpOnly session cookie media tags send (files only; never accepted for a change). */
const sessionCookie = (token: string, lifetimeMs: number, secure: boolean) =>
  `${SESSION_COOKIE}=${token}; Path=/api; HttpOnly; SameSite=Strict; Max-Age=${Math.floor(lifetimeMs / 1000)}${secure ? "; Secure" : ""}`;

// Verifying against a real hash when the e-mail is unknown keeps response time from revealing which e-mails exist.
let decoyHash: Promise<string> | undefined;

// No `type` on e-mail and password: ajv would coerce 12 or ["a"] into strings, and the handler answers wrong types with the
// contract's message. A string is still bounded (254 is the longest valid address) before isEmail or argon2 see it.
const loginBody = Type.Object({
  email: Type.Optional(anyBounded(MAX.email)),
  password: Type.Optional(anyBounded(MAX.password)),
  lembrar: Type.Optional(Type.Unknown()),
  rememberMe: Type.Optional(Type.Unknown()),
});

export async function credenciadoLoginRoutes(plain: FastifyInstance, { db, config }: Deps) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    "/credenciado/login",
    {
      config: {
        rateLimit: {
          max: config.loginRateLimit.max,
          timeWindow: config.loginRateLimit.windowMs,
        },
      },
      schema: route({ body: loginBody }),
    },
    async (request, reply) => {
      const body = request.body;
      const { email, password } = body;
      if (typeof email !== "string" || typeof password !== "string" || isBlank(email) || password === "") {
        return reply.code(400).send({ message: "Email e senha são obrigatórios" });
      }
      if (!isEmail(email.trim())) return reply.code(401).send({ message: "Email inválido" });
      const [user] = await db
        .select()
        .from(pointUsers)
        .where(sameEmail(pointUsers.email, email))
        // A deactivated account may share the address of the active one that replaced it: the active one signs in.
        .orderBy(sql`${pointUsers.active} = 'A' desc`, desc(pointUsers.createdAt))
        .limit(1);
      // Not an attendant: maybe the program's central staff, who sign in on the same page (and land on /central).
      const [central] = user ? [] : await db.select().from(centralUsers).where(sameEmail(centralUsers.email, email)).limit(1);
      decoyHash ??= hashPassword(newToken());
      const account = user ?? central;
      const ok = await verifyPassword(account?.passwordHash ?? (await decoyHash), password);
      if (!account || !ok) return reply.code(401).send({ message: "Credenciais inválidas." });
      if (account.active !== "A") return reply.code(401).send({ message: "Usuário inativo. Entre em contato com o administrador." });

      const remember = body.lembrar === true || body.rememberMe === true;
      if (!user) {
        const lifetimeMs = remember ? config.rememberDays * 86_400_000 : config.sessionHours * 3_600_000;
        const token = newToken();
        await db
          .insert(centralSessions)
          .values({ tokenHash: hashToken(token), userId: central!.id, remember, expiresAt: new Date(Date.now() + lifetimeMs) });
        reply.header("set-cookie", sessionCookie(token, lifetimeMs, request.protocol === "https"));
        return {
          message: "Login realizado com sucesso.",
          token,
          perfil: "central",
          user: { id: central!.id, email: central!.email, name: central!.name },
        };
      }
      return startPointSession({ db, config }, request, reply, user, remember, "Login realizado com sucesso.");
    },
  );
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
) {
  const lifetimeMs = remember ? config.rememberDays * 86_400_000 : config.sessionHours * 3_600_000;
  const token = newToken();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId: user.id,
    servicePointId: user.servicePointId,
    remember,
    expiresAt: new Date(Date.now() + lifetimeMs),
  });
  await db.update(pointUsers).set({ lastSignInAt: new Date() }).where(eq(pointUsers.id, user.id));
  reply.header("set-cookie", sessionCookie(token, lifetimeMs, request.protocol === "https"));
  return { message, token, user: { id: user.id, email: user.email, name: user.name } };
}

export async function credenciadoRoutes(plain: FastifyInstance, { db }: Deps) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  app.get("/credenciado/auth", { schema: route({}) }, async (request) => ({ message: "Token válido", data: request.auth.userId }));

  app.get("/credenciado/get", { schema: route({}) }, async (request, reply) => {
    const [row] = await db
      .select({ user: pointUsers, type: userTypes, point: servicePoints })
      .from(pointUsers)
      .innerJoin(userTypes, eq(userTypes.id, pointUsers.userTypeId))
      .innerJoin(servicePoints, eq(servicePoints.id, pointUsers.servicePointId))
      .where(and(eq(pointUsers.id, request.auth.userId), eq(pointUsers.servicePointId, request.auth.servicePointId)))
      .limit(1);
    if (!row) return reply.code(404).send({ message: "Usuário não encontrado.", data: null });
    const { user, type, point } = row;
    return {
      message: "Usuário recuperado com sucesso!",
      data: {
        IdPontoAtendimentoUsuario: user.id,
        Nome: user.name,
        Email: user.email,
        Telefone: user.phone,
        AtivoInativo: user.active,
        IdUsuarioTipo: type.id,
        Cargo: type.description,
        Administrativo: type.administrative,
        Atendimento: type.attendance,
        IdPontoAtendimento: point.id,
        Cnpj: point.cnpj,
        EnderecoCep: point.cep,
        Endereco: point.address,
        EnderecoCidade: point.city,
        EnderecoUf: point.uf,
        EnderecoComplemento: point.complement,
        EnderecoBairro: point.district,
        Latitude: point.latitude,
        Longitude: point.longitude,
        SegSexInicio: timeToIso(point.weekdayOpen),
        SegSexFim: timeToIso(point.weekdayClose),
        SabadoInicio: timeToIso(point.saturdayOpen),
        SabadoFim: timeToIso(point.saturdayClose),
        DomingoInicio: timeToIso(point.sundayOpen),
        DomingoFim: timeToIso(point.sundayClose),
        FeriadoInicio: timeToIso(point.holidayOpen),
        FeriadoFim: timeToIso(point.holidayClose),
        Descricao: point.tradeName,
        RazaoSocial: point.corporateName,
        QtdeElevadores: point.lifts,
        InscricaoEstadual: point.stateRegistration,
        NumeroMatricula: point.registrationNumber,
        Logotipo: point.logo,
        FotosEstabelecimento: point.photos,
      },
    };
  });

  // Our client posts {}; a body-less POST must work too, so the body is declared as "anything, not read".
  app.post("/credenciado/logout", { schema: route({ body: Type.Unknown() }) }, async (request, reply) => {
    await db.delete(sessions).where(eq(sessions.id, request.auth.sessionId));
    reply.header("set-cookie", `${SESSION_COOKIE}=; Path=/api; HttpOnly; SameSite=Strict; Max-Age=0`);
    return { message: "Sessão encerrada." };
  });
}
