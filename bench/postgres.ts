// A PostgreSQL for the API benches: the given admin URL or a throw-away server from scripts/test-postgres.sh (Node).
import { execFileSync } from "node:child_process";

/** A PostgreSQL admin URL: BENCH_DATABASE_URL / TEST_DATABASE_URL, else a throw-away server started by scripts/test-postgres.sh. */
export function postgresAdmin(): { url: string; stop(): void } | null {
  const given = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (given) return { url: given, stop: () => {} };
  const env = { ...process.env, TEST_PG_PORT: "55433", TEST_PG_DATA: "/tmp/portal-bench-pg" };
  try {
    const out = execFileSync("bash", ["scripts/test-postgres.sh", "start"], { env, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
    const url = /TEST_DATABASE_URL=(\S+)/.exec(out)?.[1];
    if (!url) return null;
    return { url, stop: () => execFileSync("bash", ["scripts/test-postgres.sh", "stop"], { env, stdio: "ignore" }) };
  } catch {
    return null;
  }
}

/** Runs fn with a fresh database on that server (dropped afterwards); null when no PostgreSQL is available. */
export async function withFreshPostgres<T>(fn: (url: string) => Promise<T>): Promise<T | null> {
  const admin = postgresAdmin();
  if (!admin) return null;
  const { default: pg } = await import("pg");
  const name = `portal_bench_${Math.random().toString(16).slice(2, 10)}`;
  const client = new pg.Client({ connectionString: admin.url });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
    const url = new URL(admin.url);
    url.pathname = `/${name}`;
    return await fn(url.toString());
  } finally {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
    await client.end();
    admin.stop();
  }
}
