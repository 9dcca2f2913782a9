// /healthz (the process is alive) and /readyz (database and file storage reachable) on embedded PGlite (Node). The same probes
// during a real PostgreSQL outage: tests/server/pg-restart.test.ts.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../server/app.ts";
import { loadConfig } from "../../server/config.ts";
import { openDatabase, type DbHandle } from "../../server/db/client.ts";

let app: FastifyInstance | undefined;
let handle: DbHandle | undefined;
let uploadDir = "";

async function start() {
  handle = await openDatabase({});
  uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-health-"));
  app = await buildApp({ db: handle.db, config: { ...loadConfig({}), staticDir: "/nonexistent-static-dir", uploadDir } });
  return app;
}
afterEach(async () => {
  await app?.close();
  await handle?.close().catch(() => undefined);
  fs.rmSync(uploadDir, { recursive: true, force: true });
});

describe("health probes", () => {
  it("/healthz and /readyz answer ok, with no token, when the database and the storage work", async () => {
    const a = await start();
    const live = await a.inject({ method: "GET", url: "/healthz" });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: "ok" });
    const ready = await a.inject({ method: "GET", url: "/readyz" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: "ok", checks: { database: "ok", storage: "ok" } });
  });

  it("/readyz is 503 with the failing part named when the upload folder is gone; /healthz stays 200", async () => {
    const a = await start();
    fs.rmSync(uploadDir, { recursive: true, force: true });
    const ready = await a.inject({ method: "GET", url: "/readyz" });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({
      success: false,
      message: "O servidor ainda não está pronto para atender.",
      checks: { database: "ok", storage: "indisponível" },
    });
    expect((await a.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
  });

  it("/readyz is 503 when the database cannot answer", async () => {
    const a = await start();
    await handle!.close();
    const ready = await a.inject({ method: "GET", url: "/readyz" });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().checks).toEqual({ database: "indisponível", storage: "ok" });
  });
});
