// API load on loopback: list (GET agenda) and insert (POST note) req/s and p99 at 10 and 50 connections, embedded PGlite and PostgreSQL (Node).
import { randomBytes } from "node:crypto";
import autocannon from "autocannon";
import pg from "pg";
import { buildApp } from "../server/app.ts";
import { loadConfig } from "../server/config.ts";
import { openDatabase, type DbHandle } from "../server/db/client.ts";
import { DEMO_PASSWORD, DEMO_USERS, seedIfEmpty } from "../server/seed.ts";
import { postgresAdmin } from "./postgres.ts";
import type { BenchRow } from "./types.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

const run = (opts: autocannon.Options) =>
  new Promise<autocannon.Result>((resolve, reject) => autocannon(opts, (err, r) => (err ? reject(err) : resolve(r))));

async function measure(kind: string, handle: DbHandle): Promise<BenchRow[]> {
  await seedIfEmpty(handle.db);
  const config = { ...loadConfig({}), staticDir: "/nonexistent", loginRateLimit: { max: 1_000_000, windowMs: 60_000 } };
  const app = await buildApp({ db: handle.db, config });
  const base = await app.listen({ port: 0, host: "127.0.0.1" });
  const rows: BenchRow[] = [];
  try {
    const headers = { "content-type": "application/json" };
    const login = await fetch(`${base}/api/credenciado/login`, {
      method: "POST",
      headers,
      body: JSON.stringify({ email: DEMO_USERS.main, password: DEMO_PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const user = (await (await fetch(`${base}/api/credenciado/get`, { headers: { authToken: token } })).json()) as {
      data: { IdPontoAtendimento: string };
    };
    const point = user.data.IdPontoAtendimento;
    const list = (await (await fetch(`${base}/api/agendamentos/lista/${point}`, { headers: { authToken: token } })).json()) as {
      data: { IdSocioVeiculoAgenda: string }[];
    };
    const appt = list.data[0].IdSocioVeiculoAgenda;
    for (const connections of [10, 50]) {
      for (const [name, opts] of [
        ["list GET /agendamentos/lista", { url: `${base}/api/agendamentos/lista/${point}`, headers: { authToken: token } }],
        [
          "insert POST /agendamentos/adicionar-anotacao",
          {
            url: `${base}/api/agendamentos/adicionar-anotacao`,
            method: "POST" as const,
            headers: { ...headers, authToken: token },
            body: JSON.stringify({ idSocioVeiculoAgenda: appt, anotacao: "Nota de carga" }),
          },
        ],
      ] as const) {
        const r = await run({ ...opts, connections, duration: SECONDS });
        const c = `${name} (${connections} conn, ${kind})`;
        rows.push(
          { bench: "api-crud", case: c, metric: "req/s", value: r.requests.average, unit: "req/s" },
          { bench: "api-crud", case: c, metric: "p99 latency", value: r.latency.p99, unit: "ms" },
          { bench: "api-crud", case: c, metric: "non-2xx", value: r.non2xx + r.errors, unit: "responses" },
        );
      }
    }
  } finally {
    await app.close();
    await handle.close();
  }
  return rows;
}

export default async function apiCrudBench(): Promise<BenchRow[]> {
  const rows = await measure("pglite", await openDatabase({}));
  const admin = postgresAdmin();
  if (!admin) {
    console.error("api-crud: PostgreSQL not available, measured PGlite only");
    return rows;
  }
  const name = `portal_bench_${randomBytes(4).toString("hex")}`;
  const adminClient = new pg.Client({ connectionString: admin.url });
  await adminClient.connect();
  try {
    await adminClient.query(`CREATE DATABASE ${name}`);
    const url = new URL(admin.url);
    url.pathname = `/${name}`;
    rows.push(...(await measure("postgres", await openDatabase({ url: url.toString() }))));
    await adminClient.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await adminClient.end();
    admin.stop();
  }
  return rows;
}
