// Opens the database (embedded PGlite in a file directory, or PostgreSQL when a URL is given) and applies migrations (server only).
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "./schema.ts";
import { acquireDataDirLock } from "./lock.ts";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export interface DbHandle {
  db: Db;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/** How long a request waits for a PostgreSQL connection, and at most for one statement, before it is answered 503 / 500. */
export const PG_CONNECT_TIMEOUT_MS = 5_000;
export const PG_STATEMENT_TIMEOUT_MS = 30_000;
/** The advisory lock key the migrations and the first-start seed run under (any constant unique to this application). */
const MIGRATION_LOCK = 7_202_622;

/**
 * url: postgres:// for PostgreSQL; dataDir: embedded PGlite directory, or undefined for an in-memory database (tests).
 * onConnectionLost: told when an idle pooled connection dies (database restart, failover, network), which node-postgres
 * reports as an 'error' event that would otherwise end the process. The pool drops that connection and opens new ones on
 * demand, so the server serves again as soon as the database is back.
 */
export async function openDatabase(opts: {
  url?: string;
  dataDir?: string;
  onConnectionLost?: (err: Error) => void;
  /** First-start work after the migrations (the demo seed); on PostgreSQL it runs under the same lock as they do. */
  prepare?: (db: Db) => Promise<void>;
}): Promise<DbHandle> {
  if (opts.url) {
    const { default: pg } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: 10,
      // A database that is down answers at once (connection refused); one that hangs (failover, lost packets) would hold every
      // request open: both end within these bounds.
      connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
      statement_timeout: PG_STATEMENT_TIMEOUT_MS,
      query_timeout: PG_STATEMENT_TIMEOUT_MS + PG_CONNECT_TIMEOUT_MS,
      idleTimeoutMillis: 30_000,
      keepAlive: true,
    });
    pool.on("error", (err) => opts.onConnectionLost?.(err));
    const db = drizzle({ client: pool, schema, casing: "snake_case" });
    // Instances started together (a deploy, an orchestrator) would each run the migrations and the seed at once and the
    // losers crash on "relation already exists" or a unique key: one at a time, under a lock held by one connection.
    const holder = await pool.connect();
    try {
      await holder.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
      await migrate(db, { migrationsFolder });
      await opts.prepare?.(db as unknown as Db);
    } finally {
      await holder.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
      holder.release();
    }
    return { db: db as unknown as Db, kind: "postgres", close: () => pool.end() };
  }
  const release = opts.dataDir ? acquireDataDirLock(opts.dataDir) : () => {};
  try {
    const { PGlite } = await import("@electric-sql/pglite");
    const { drizzle } = await import("drizzle-orm/pglite");
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    const client = opts.dataDir ? new PGlite(path.join(opts.dataDir, "pglite")) : new PGlite();
    const db = drizzle({ client, schema, casing: "snake_case" });
    await migrate(db, { migrationsFolder });
    await opts.prepare?.(db as unknown as Db);
    return {
      db: db as unknown as Db,
      kind: "pglite",
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}
