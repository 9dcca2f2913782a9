// The login rate limit holds across instances (Node, PGlite and PostgreSQL): two apps on one database, as two servers behind a
// load balancer, count the same attempts; the window is kept in the database, so it also survives a restart.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { sql } from "drizzle-orm";
import { buildApp } from "../../server/app.ts";
import { loadConfig } from "../../server/config.ts";
import { DEMO_USERS } from "../../server/seed.ts";
import { BACKENDS, makeTestApp, queryRows, type TestApp } from "./helpers";

const LIMIT = { max: 3, windowMs: 60_000 };

for (const backend of BACKENDS) {
  describe(`login rate limit across instances (${backend})`, () => {
    let t: TestApp;
    let other: FastifyInstance;
    beforeAll(async () => {
      t = await makeTestApp(backend, { loginRateLimit: LIMIT });
      other = await buildApp({
        db: t.db,
        config: { ...loadConfig({}), staticDir: "/nonexistent-static-dir", uploadDir: t.uploadDir, loginRateLimit: LIMIT },
      });
    });
    afterAll(async () => {
      await other?.close();
      await t?.close();
    });

    const attempt = (app: FastifyInstance, email: string) =>
      app.inject({ method: "POST", url: "/api/credenciado/login", payload: { email, password: "errada" } });

    it("refuses the 4th attempt from one address with 429 whichever instance gets it, and counts addresses apart", async () => {
      const email = DEMO_USERS.main;
      expect((await attempt(t.app, email)).statusCode).toBe(401);
      expect((await attempt(other, email)).statusCode).toBe(401);
      expect((await attempt(t.app, email)).statusCode).toBe(401);
      const limited = await attempt(other, email);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toMatch(/^Muitas tentativas de login\. Tente novamente em \d+ segundos\.$/);
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(50);
      expect((await attempt(t.app, email)).statusCode).toBe(429);

      // Another client address has its own window.
      const elsewhere = await other.inject({
        method: "POST",
        url: "/api/credenciado/login",
        payload: { email, password: "errada" },
        remoteAddress: "10.9.8.7",
      });
      expect(elsewhere.statusCode).toBe(401);

      const windows = await queryRows<{ key: string; hits: number }>(t.db, sql`select key, hits from rate_limit_windows order by key`);
      expect(windows).toEqual([
        { key: "POST /api/credenciado/login:10.9.8.7", hits: 1 },
        { key: "POST /api/credenciado/login:127.0.0.1", hits: 5 },
      ]);
    });

    it("starts a new window once the old one has ended", async () => {
      await t.db.execute(sql`update rate_limit_windows set expires_at = now() - interval '1 second'`);
      expect((await attempt(other, DEMO_USERS.main)).statusCode).toBe(401);
      const [row] = await queryRows<{ hits: number }>(
        t.db,
        sql`select hits from rate_limit_windows where key = 'POST /api/credenciado/login:127.0.0.1'`,
      );
      expect(row!.hits).toBe(1);
    });
  });
}
