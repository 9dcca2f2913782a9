// /credenciado: login (public, rate-limited), token check, signed-in user data, logout (server only).
import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { RouteDeps } from "./deps.ts";
import { pointUsers, servicePoints, sessions, userTypes } from "../db/schema.ts";
import { hashPassword, hashToken, newToken, verifyPassword } from "../lib/secrets.ts";
import { timeToIso } from "../lib/format.ts";
import { SESSION_COOKIE } from "../plugins/auth.ts";
import { isEmail, isBlank } from "../../src/domain/validators.ts";


type Deps = Pick<RouteDeps, "db" | "config">;

// Verifying against a real hash when the e-mail is unknown keeps response time from revealing which e-mails exist.
let decoyHash: Promise<string> | undefined;

export async function loginRoutes(app: FastifyInstance, { db, config }: Deps) {
  app.post("/credenciado/login", {
    config: {
      rateLimit: {
        max: config.loginRateLimit.max,
        timeWindow: config.loginRateLimit.windowMs,
      },
    },
    schema: { body: { type: "object" } },
  }, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const { email, password } = body;
    if (typeof email !== "string" || typeof password !== "string" || isBlank(email) || password === "" || password.length > 256) {
      return reply.code(400).send({ message: "Email e senha são obrigatórios" });
    }
    if (!isEmail(email.trim())) return reply.code(401).send({ message: "Email inválido" });
    const [user] = await db.select().from(pointUsers).where(sql`lower(${pointUsers.email}) = ${email.trim().toLowerCase()}`).limit(1);
    decoyHash ??= hashPassword(newToken());
    const ok = await verifyPassword(user?.passwordHash ?? (await decoyHash), password);
    if (!user || !ok) return reply.code(401).send({ message: "Credenciais inválidas." });
    if (user.active !== "A") return reply.code(401).send({ message: "Usuário inativo. Entre em contato com o administrador." });

    const remember = body.lembrar === true || body.rememberMe === true;
    const lifetimeMs = remember ? config.rememberDays * 86_400_000 : config.sessionHours * 3_600_000;
    const token = newToken();
    await db.insert(sessions).values({
      tokenHash: hashToken(token), userId: user.id, servicePointId: user.servicePointId, remember,
      expiresAt: new Date(Date.now() + lifetimeMs),
    });
    const secure = request.protocol === "https" ? "; Secure" : "";
    reply.header("set-cookie",
      `${SESSION_COOKIE}=${token}; Path=/api; HttpOnly; SameSite=Strict; Max-Age=${Math.floor(lifetimeMs / 1000)}${secure}`);
    return { message: "Login realizado com sucesso.", token, user: { id: user.id, email: user.email, name: user.name } };
  });
}

export async function sessionRoutes(app: FastifyInstance, { db }: Deps) {
  app.get("/credenciado/auth", async (request) => ({ message: "Token válido", data: request.auth.userId }));

  app.get("/credenciado/get", async (request, reply) => {
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
        IdPontoAtendimentoUsuario: user.id, Nome: user.name, Email: user.email, Telefone: user.phone, AtivoInativo: user.active,
        IdUsuarioTipo: type.id, Cargo: type.description, Administrativo: type.administrative, Atendimento: type.attendance,
        IdPontoAtendimento: point.id, Cnpj: point.cnpj, EnderecoCep: point.cep, Endereco: point.address,
        EnderecoCidade: point.city, EnderecoUf: point.uf, EnderecoComplemento: point.complement, EnderecoBairro: point.district,
        Latitude: point.latitude, Longitude: point.longitude,
        SegSexInicio: timeToIso(point.weekdayOpen), SegSexFim: timeToIso(point.weekdayClose),
        SabadoInicio: timeToIso(point.saturdayOpen), SabadoFim: timeToIso(point.saturdayClose),
        DomingoInicio: timeToIso(point.sundayOpen), DomingoFim: timeToIso(point.sundayClose),
        FeriadoInicio: timeToIso(point.holidayOpen), FeriadoFim: timeToIso(point.holidayClose),
        Descricao: point.tradeName, RazaoSocial: point.corporateName, QtdeElevadores: point.lifts,
        InscricaoEstadual: point.stateRegistration, NumeroMatricula: point.registrationNumber,
        Logotipo: point.logo, FotosEstabelecimento: point.photos,
      },
    };
  });

  app.post("/credenciado/logout", async (request, reply) => {
    await db.delete(sessions).where(eq(sessions.id, request.auth.sessionId));
    reply.header("set-cookie", `${SESSION_COOKIE}=; Path=/api; HttpOnly; SameSite=Strict; Max-Age=0`);
    return { message: "Sessão encerrada." };
  });
}
