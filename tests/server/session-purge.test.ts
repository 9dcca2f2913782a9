// Expired sessions are deleted at start, the central's as well as the points' (server, PGlite; PostgreSQL with TEST_DATABASE_URL).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { BACKENDS, call, loginAs, makeTestApp, queryRows, type TestApp } from "./helpers";
import { purgeExpiredSessions } from "../../server/plugins/auth";
import { purgeExpiredCentralSessions } from "../../server/plugins/central-auth";
import { DEMO_CENTRAL, DEMO_PASSWORD } from "../../server/seed";

describe.each(BACKENDS)("session purge on %s", (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(backend, { loginRateLimit: { max: 1000, windowMs: 60_000 } });
  });
  afterAll(() => t?.close());

  const centralLogin = async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/credenciado/login",
      payload: { email: DEMO_CENTRAL.email, password: DEMO_PASSWORD },
    });
    return res.json().token as string;
  };
  const count = async (table: "sessions" | "central_sessions") =>
    (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]!.n;

  it("deletes the central's expired sessions and keeps the live ones", async () => {
    const expired = await centralLogin();
    const live = await centralLogin();
    await t.db.execute(sql`update central_sessions set expires_at = now() - interval '1 minute'
      where id = (select min(id) from central_sessions)`);
    const before = await count("central_sessions");
    await purgeExpiredCentralSessions(t.db);
    expect(await count("central_sessions")).toBe(before - 1);
    expect((await call(t, expired, "GET", "/central/me")).statusCode).toBe(401);
    expect((await call(t, live, "GET", "/central/me")).statusCode).toBe(200);
  });

  it("deletes the points' expired sessions and keeps the live ones", async () => {
    const expired = await loginAs(t.app);
    const live = await loginAs(t.app);
    await t.db.execute(sql`update sessions set expires_at = now() - interval '1 minute' where id = (select min(id) from sessions)`);
    const before = await count("sessions");
    await purgeExpiredSessions(t.db);
    expect(await count("sessions")).toBe(before - 1);
    expect((await call(t, expired, "GET", "/credenciado/auth")).statusCode).toBe(401);
    expect((await call(t, live, "GET", "/credenciado/auth")).statusCode).toBe(200);
  });
});
