// Builds a real app over a fresh seeded database: in-memory PGlite, or a new PostgreSQL database when TEST_DATABASE_URL is set.
import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { SQL } from "drizzle-orm";
import { buildApp } from "../../server/app";
import { loadConfig, type ServerConfig } from "../../server/config";
import { openDatabase, type Db } from "../../server/db/client";
import { DEMO_PASSWORD, DEMO_USERS, seedIfEmpty } from "../../server/db/seed";

export type Backend = "pglite" | "postgres";
export const BACKENDS: Backend[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

export interface TestApp { app: FastifyInstance; db: Db; close(): Promise<void> }

async function adminQuery(sqlText: string) {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sqlText);
  } finally {
    await client.end();
  }
}

export async function makeTestApp(backend: Backend, overrides: Partial<ServerConfig> = {}): Promise<TestApp> {
  let url: string | undefined;
  let dbName: string | undefined;
  if (backend === "postgres") {
    dbName = `portal_test_${randomBytes(6).toString("hex")}`;
    await adminQuery(`CREATE DATABASE ${dbName}`);
    const u = new URL(process.env.TEST_DATABASE_URL!);
    u.pathname = `/${dbName}`;
    url = u.toString();
  }
  const handle = await openDatabase(url ? { url } : {});
  await seedIfEmpty(handle.db);
  const config = { ...loadConfig({}), staticDir: "/nonexistent-static-dir", ...overrides };
  const app = await buildApp({ db: handle.db, config });
  return {
    app,
    db: handle.db,
    async close() {
      await app.close();
      await handle.close();
      if (dbName) await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    },
  };
}

export async function loginAs(app: FastifyInstance, email: string = DEMO_USERS.main, extra: Record<string, unknown> = {}) {
  const res = await app.inject({ method: "POST", url: "/api/credenciado/login", payload: { email, password: DEMO_PASSWORD, ...extra } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json().token as string;
}

/** Raw SQL rows; both drivers (PGlite and node-postgres) answer execute() with { rows }. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
