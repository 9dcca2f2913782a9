// The portal on PostgreSQL rides through a database restart (Node): a real server process on a throw-away PostgreSQL of its own
// (scripts/test-postgres.sh; skipped where PostgreSQL cannot be installed), the database stopped and restarted under it.
import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startServer, type TestServer } from "../support/start-server";
import { DEMO, demoPoint } from "../e2e/browser";

// Its own instance: stopping the suite's shared PostgreSQL would fail the other server tests running beside this one.
const PG_ENV = { ...process.env, TEST_PG_PORT: "55499", TEST_PG_DATA: "/tmp/portal-restart-pg" };
const pg = (command: "start" | "stop" | "down" | "up" | "restart") =>
  execFileSync("bash", ["scripts/test-postgres.sh", command], { env: PG_ENV, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

const url = /TEST_DATABASE_URL=(\S+)/.exec(pg("start"))?.[1];
const UNAVAILABLE = "O banco de dados está indisponível no momento. Tente novamente em instantes.";

let server: TestServer;
let token = "";
let pointId = "";

/** One timed call of the agenda list (a read that needs the database), with the time it took. */
async function agenda() {
  const started = Date.now();
  const res = await fetch(`${server.url}/api/agendamentos/lista/${pointId}`, { headers: { authToken: token } });
  return { status: res.status, body: (await res.json()) as { success?: boolean; message?: string }, ms: Date.now() - started };
}

describe.skipIf(!url)("PostgreSQL restart under a running server", () => {
  beforeAll(async () => {
    server = await startServer({ DATABASE_URL: url!, LOG_LEVEL: "warn" });
    ({ token, pointId } = await demoPoint(server.url));
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    pg("stop");
  });

  it("answers 503 JSON in pt-BR while the database is down, never dies, and serves again once it is back", async () => {
    expect((await agenda()).status).toBe(200);

    pg("down");
    // Every request in the outage gets a bounded, clear answer; the pool's idle connections died under it.
    for (let i = 0; i < 3; i++) {
      const r = await agenda();
      expect(r.status).toBe(503);
      expect(r.body).toEqual({ success: false, message: UNAVAILABLE });
      expect(r.ms).toBeLessThan(10_000);
    }
    expect(server.exited()).toBeNull();
    // The probes a load balancer reads: alive, but not ready.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { checks: unknown }).checks).toEqual({ database: "indisponível", storage: "ok" });

    pg("up");
    await vi.waitFor(async () => expect((await agenda()).status).toBe(200), { timeout: 15_000, interval: 250 });
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    expect(server.exited()).toBeNull();
    // The lost connections were logged, not thrown.
    expect(server.output()).toMatch(/database connection lost/);
  }, 90_000);

  it("rides through 'pg_ctl restart -m fast' while idle: the next calls are served, the process never exits", async () => {
    expect((await agenda()).status).toBe(200);
    pg("restart");
    await vi.waitFor(async () => expect((await agenda()).status).toBe(200), { timeout: 15_000, interval: 250 });
    // A sign-in (a write) works too.
    const login = await fetch(`${server.url}/api/credenciado/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(DEMO),
    });
    expect(login.status).toBe(200);
    expect(server.exited()).toBeNull();
  }, 90_000);
});
