// TRUST_PROXY: request.ip (seen through the per-IP login rate limit) follows X-Forwarded-For only as configured (server, PGlite).
import type { FastifyInstance } from "fastify";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { makeTestApp, type TestApp } from "./helpers";
import { buildApp } from "../../server/app";
import { loadConfig, parseTrustProxy, type ServerConfig } from "../../server/config";
import { DEMO_USERS } from "../../server/seed";

let t: TestApp;
let app: FastifyInstance | undefined;
beforeAll(async () => {
  t = await makeTestApp("pglite");
});
afterAll(() => t?.close());
afterEach(async () => {
  await app?.close();
  app = undefined;
  // The limit's windows live in the database (shared by instances): each case starts with none.
  await t.db.execute(sql`delete from rate_limit_windows`);
});

/** An app over the shared database: two failed logins per client IP, the third is 429. */
async function appWith(trustProxy: ServerConfig["trustProxy"]) {
  const config = {
    ...loadConfig({}),
    staticDir: "/nonexistent-static-dir",
    uploadDir: t.uploadDir,
    trustProxy,
    loginRateLimit: { max: 2, windowMs: 60_000 },
  };
  const built = (app = await buildApp({ db: t.db, config }));
  return (forwardedFor: string | undefined, remoteAddress = "10.0.0.5") =>
    built
      .inject({
        method: "POST",
        url: "/api/credenciado/login",
        remoteAddress,
        headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {},
        payload: { email: DEMO_USERS.main, password: "errada" },
      })
      .then((r) => r.statusCode);
}

describe("proxy trust", () => {
  it("by default ignores X-Forwarded-For: a client cannot dodge the limit by inventing addresses", async () => {
    const attempt = await appWith(loadConfig({}).trustProxy);
    expect([await attempt("1.1.1.1"), await attempt("2.2.2.2"), await attempt("3.3.3.3")]).toEqual([401, 401, 429]);
  });

  it("with 1 hop keys on the address the proxy appended, not on what the client wrote before it", async () => {
    const attempt = await appWith(parseTrustProxy("1"));
    expect([await attempt("9.9.9.9, 1.1.1.1"), await attempt("8.8.8.8, 1.1.1.1"), await attempt("1.1.1.1")]).toEqual([401, 401, 429]);
    expect(await attempt("2.2.2.2")).toBe(401);
  });

  it("with a list trusts only those proxies: from elsewhere the header is ignored", async () => {
    const attempt = await appWith(["10.0.0.0/8"]);
    expect([await attempt("1.1.1.1"), await attempt("2.2.2.2"), await attempt("3.3.3.3")]).toEqual([401, 401, 401]);
    expect([await attempt("4.4.4.4", "192.0.2.7"), await attempt("5.5.5.5", "192.0.2.7"), await attempt("6.6.6.6", "192.0.2.7")]).toEqual([
      401, 401, 429,
    ]);
  });

  it("reads TRUST_PROXY as nothing, a hop count or a list of addresses/CIDRs, and refuses anything else", () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy("0")).toBe(false);
    const twoHops = parseTrustProxy("2") as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => twoHops("10.0.0.1", hop))).toEqual([true, true, false]);
    expect(parseTrustProxy(" 10.0.0.1, 172.16.0.0/12 ,loopback,::1,fd00::/8")).toEqual([
      "10.0.0.1",
      "172.16.0.0/12",
      "loopback",
      "::1",
      "fd00::/8",
    ]);
    expect(() => parseTrustProxy("true")).toThrow(/^TRUST_PROXY inválido \(true\)/);
    expect(() => parseTrustProxy("10.0.0.0/40")).toThrow(/TRUST_PROXY inválido/);
  });
});
