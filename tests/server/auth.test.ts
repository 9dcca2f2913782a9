// Login, token verification, user data, expiry, revocation, rate limit, error shapes; on PGlite and, with TEST_DATABASE_URL, PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { BACKENDS, loginAs, makeTestApp, queryRows, type TestApp } from "./helpers";
import { pointUsers, servicePoints, sessions } from "../../server/db/schema";
import { hashToken } from "../../server/lib/secrets";
import { DEMO_PASSWORD, DEMO_USERS } from "../../server/seed";

describe.each(BACKENDS)("session routes on %s", (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(backend, { loginRateLimit: { max: 1000, windowMs: 60_000 } });
  });
  afterAll(() => t?.close());

  const login = (payload: unknown) => t.app.inject({ method: "POST", url: "/api/credenciado/login", payload: payload as object });

  it("signs in with the demo user and stores only the token's SHA-256", async () => {
    const res = await login({ email: DEMO_USERS.main, password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe("Login realizado com sucesso.");
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.user).toMatchObject({ email: DEMO_USERS.main, name: "Marina Souza" });
    const rows = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(body.token)));
    expect(rows).toHaveLength(1);
    const raw = await t.db.select().from(sessions).where(eq(sessions.tokenHash, body.token));
    expect(raw).toHaveLength(0);
    const cookie = String(res.headers["set-cookie"]);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Strict");
  });

  it("accepts the e-mail in any case and with spaces around it", async () => {
    const res = await login({ email: `  ${DEMO_USERS.main.toUpperCase()} `, password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(200);
  });

  it("keeps passwords only as argon2id hashes", async () => {
    const users = await t.db.select({ hash: pointUsers.passwordHash }).from(pointUsers);
    expect(users.length).toBeGreaterThanOrEqual(4);
    for (const u of users) {
      expect(u.hash?.startsWith("$argon2id$")).toBe(true);
      expect(u.hash).not.toContain(DEMO_PASSWORD);
    }
  });

  it("refuses wrong passwords, unknown e-mails, inactive users and missing fields with pt-BR messages", async () => {
    const wrong = await login({ email: DEMO_USERS.main, password: "errada" });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: "Credenciais inválidas." });
    const unknown = await login({ email: "ninguem@exemplo.com", password: DEMO_PASSWORD });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe("Credenciais inválidas.");
    // A deactivated account is named only after its right password; a wrong one answers exactly as for an unknown e-mail.
    const inactive = await login({ email: DEMO_USERS.inactive, password: DEMO_PASSWORD });
    expect(inactive.statusCode).toBe(401);
    expect(inactive.json()).toEqual({
      message: "Seu acesso foi desativado pelo administrador do ponto. Fale com ele para voltar a entrar.",
      codigo: "usuario-desativado",
    });
    const inactiveWrong = await login({ email: DEMO_USERS.inactive, password: "errada" });
    expect([inactiveWrong.statusCode, inactiveWrong.json()]).toEqual([401, { message: "Credenciais inválidas." }]);
    const missing = await login({ email: DEMO_USERS.main });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe("Email e senha são obrigatórios");
    const badEmail = await login({ email: "sem-arroba", password: "x" });
    expect(badEmail.statusCode).toBe(401);
    expect(badEmail.json().message).toBe("Email inválido");
    const notStrings = await login({ email: 12, password: ["a"] });
    expect(notStrings.statusCode).toBe(400);
  });

  it("answers malformed JSON with 400 JSON, not 500", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/credenciado/login",
      headers: { "content-type": "application/json" },
      payload: "{email:",
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers["content-type"]).toContain("application/json");
    expect(res.json().message).toBe("O corpo da requisição não é um JSON válido.");
    expect(res.body).not.toContain("at ");
  });

  it("gives 'Lembrar-me' a long expiry and a normal login a short one", async () => {
    const short = await loginAs(t.app);
    const long = await loginAs(t.app, DEMO_USERS.main, { lembrar: true });
    const [s] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(short)));
    const [l] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(long)));
    const hours = (d: Date) => (d.getTime() - Date.now()) / 3_600_000;
    expect(hours(s.expiresAt)).toBeGreaterThan(11);
    expect(hours(s.expiresAt)).toBeLessThanOrEqual(12);
    expect(hours(l.expiresAt)).toBeGreaterThan(29 * 24);
    expect(l.remember).toBe(true);
  });

  it("protects every route: 401 JSON without, with a bad, or with an expired token", async () => {
    for (const url of ["/api/credenciado/auth", "/api/credenciado/get"]) {
      const none = await t.app.inject({ method: "GET", url });
      expect(none.statusCode).toBe(401);
      expect(none.json()).toEqual({ success: false, message: "Acesso não autorizado! Faça login novamente." });
      const bad = await t.app.inject({ method: "GET", url, headers: { authToken: "inventado" } });
      expect(bad.statusCode).toBe(401);
    }
    const token = await loginAs(t.app);
    const ok = await t.app.inject({ method: "GET", url: "/api/credenciado/auth", headers: { authToken: token } });
    expect(ok.statusCode).toBe(200);
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(token)));
    const expired = await t.app.inject({ method: "GET", url: "/api/credenciado/auth", headers: { authToken: token } });
    expect(expired.statusCode).toBe(401);
  });

  it("confirms a valid token with the user id", async () => {
    const token = await loginAs(t.app);
    const res = await t.app.inject({ method: "GET", url: "/api/credenciado/auth", headers: { authToken: token } });
    const [user] = await t.db.select().from(pointUsers).where(eq(pointUsers.email, DEMO_USERS.main));
    expect(res.json()).toEqual({ message: "Token válido", data: user.id });
  });

  it("returns the user and only their own service point", async () => {
    const mine = await t.app.inject({ method: "GET", url: "/api/credenciado/get", headers: { authToken: await loginAs(t.app) } });
    expect(mine.statusCode).toBe(200);
    const data = mine.json().data;
    expect(mine.json().message).toBe("Usuário recuperado com sucesso!");
    expect(data).toMatchObject({
      Nome: "Marina Souza",
      Email: DEMO_USERS.main,
      Administrativo: "S",
      Descricao: "Auto Center Boa Viagem",
      QtdeElevadores: 3,
      SegSexInicio: "1970-01-01T08:00:00.000Z",
      SegSexFim: "1970-01-01T18:00:00.000Z",
      DomingoInicio: null,
    });
    expect(data).not.toHaveProperty("passwordHash");
    expect(JSON.stringify(data)).not.toContain("argon2");
    const other = await t.app.inject({
      method: "GET",
      url: "/api/credenciado/get",
      headers: { authToken: await loginAs(t.app, DEMO_USERS.otherPoint) },
    });
    expect(other.json().data.Descricao).toBe("Oficina Serra Azul");
    expect(other.json().data.IdPontoAtendimento).not.toBe(data.IdPontoAtendimento);
  });

  it("cuts access when the user is deactivated and when the session is logged out", async () => {
    const colleague = await loginAs(t.app, DEMO_USERS.colleague);
    await t.db.update(pointUsers).set({ active: "I" }).where(eq(pointUsers.email, DEMO_USERS.colleague));
    const off = await t.app.inject({ method: "GET", url: "/api/credenciado/get", headers: { authToken: colleague } });
    expect(off.statusCode).toBe(401);
    await t.db.update(pointUsers).set({ active: "A" }).where(eq(pointUsers.email, DEMO_USERS.colleague));

    const token = await loginAs(t.app);
    const out = await t.app.inject({ method: "POST", url: "/api/credenciado/logout", headers: { authToken: token }, payload: {} });
    expect(out.statusCode).toBe(200);
    expect(
      await t.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(token))),
    ).toHaveLength(0);
    const after = await t.app.inject({ method: "GET", url: "/api/credenciado/auth", headers: { authToken: token } });
    expect(after.statusCode).toBe(401);
  });

  it("answers unknown API routes with 404 JSON", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/nao-existe" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: "Rota não encontrada." });
    const post = await t.app.inject({ method: "POST", url: "/api/agendamentos/inexistente", payload: {} });
    expect(post.statusCode).toBe(404);
  });

  it("seeds two points with plates of both formats and appointments in every status within three weeks of today", async () => {
    const [{ n }] = await t.db.select({ n: sql<number>`count(*)::int` }).from(servicePoints);
    expect(n).toBe(2);
    const plates = (await queryRows<{ plate: string }>(t.db, sql`select plate from vehicles`)).map((r) => r.plate);
    expect(plates.some((p) => /^[A-Z]{3}\d{4}$/.test(p))).toBe(true);
    expect(plates.some((p) => /^[A-Z]{3}\d[A-Z]\d{2}$/.test(p))).toBe(true);
    const statuses = (
      await queryRows<{ s: string }>(
        t.db,
        sql`
      select distinct case when a.status = 'A' and e.id is null then 'pendente' when a.status = 'A' then 'andamento'
        when a.status = 'C' then 'concluido' else 'cancelado' end as s
      from appointments a left join executions e on e.appointment_id = a.id
      where a.date between (now() at time zone 'America/Sao_Paulo')::date - 21 and (now() at time zone 'America/Sao_Paulo')::date + 21`,
      )
    )
      .map((r) => r.s)
      .sort();
    expect(statuses).toEqual(["andamento", "cancelado", "concluido", "pendente"]);
  });
});

describe("login rate limit", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp("pglite", { loginRateLimit: { max: 3, windowMs: 60_000 } });
  });
  afterAll(() => t?.close());

  it("answers 429 with Retry-After and a pt-BR message after too many attempts", async () => {
    const attempt = () =>
      t.app.inject({ method: "POST", url: "/api/credenciado/login", payload: { email: DEMO_USERS.main, password: "x" } });
    for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(limited.json().message).toMatch(/^Muitas tentativas de login\. Tente novamente em \d+ segundos\.$/);
  });
});
