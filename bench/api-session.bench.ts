// Server throughput on loopback: POST /credenciado/login (argon2id) and GET /credenciado/auth at 10 connections for a bounded time (Node).
import autocannon from "autocannon";
import { buildApp } from "../server/app.ts";
import { loadConfig } from "../server/config.ts";
import { openDatabase } from "../server/db/client.ts";
import { DEMO_PASSWORD, DEMO_USERS, seedIfEmpty } from "../server/seed.ts";
import type { BenchRow } from "./types.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;

function load(url: string, opts: Partial<autocannon.Options>): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: SECONDS, ...opts }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

export default async function apiSessionBench(): Promise<BenchRow[]> {
  const handle = await openDatabase({});
  await seedIfEmpty(handle.db);
  const config = { ...loadConfig({}), staticDir: "/nonexistent", loginRateLimit: { max: 1_000_000, windowMs: 60_000 } };
  const app = await buildApp({ db: handle.db, config });
  const base = await app.listen({ port: 0, host: "127.0.0.1" });
  try {
    const body = JSON.stringify({ email: DEMO_USERS.main, password: DEMO_PASSWORD });
    const res = await fetch(`${base}/api/credenciado/login`, { method: "POST", headers: { "content-type": "application/json" }, body });
    const { token } = (await res.json()) as { token: string };
    const rows: BenchRow[] = [];
    const cases: [string, Partial<autocannon.Options>, string][] = [
      ["POST /credenciado/login", { method: "POST", headers: { "content-type": "application/json" }, body }, "/api/credenciado/login"],
      ["GET /credenciado/auth", { headers: { authToken: token } }, "/api/credenciado/auth"],
    ];
    for (const [name, opts, path] of cases) {
      const r = await load(`${base}${path}`, opts);
      const c = `${name} (${CONNECTIONS} conn, ${SECONDS}s, ${handle.kind})`;
      rows.push(
        { bench: "api", case: c, metric: "req/s", value: r.requests.average, unit: "req/s" },
        { bench: "api", case: c, metric: "p99 latency", value: r.latency.p99, unit: "ms" },
        { bench: "api", case: c, metric: "non-2xx", value: r.non2xx, unit: "responses" },
      );
    }
    return rows;
  } finally {
    await app.close();
    await handle.close();
  }
}
