// The agenda's 10 s poll on a busy point (one month of ~20 000 appointments): req/s, p50, p99 with and without If-None-Match, 304 bytes;
// on PostgreSQL also one vs two server processes behind a round-robin proxy at 50 and 200 connections (Node).
import net from "node:net";
import autocannon from "autocannon";
import { buildApp } from "../server/app.ts";
import { loadConfig } from "../server/config.ts";
import { openDatabase, type DbHandle } from "../server/db/client.ts";
import { DEMO_PASSWORD, DEMO_USERS, seedIfEmpty } from "../server/seed.ts";
import { monthRange, wallClock } from "../src/domain/dates.ts";
import { BUSY, seedBusyPoint } from "./busy-point.ts";
import { withFreshPostgres } from "./postgres.ts";
import type { BenchRow } from "./types.ts";
import { startServer } from "../tests/support/start-server.ts";
import { startRoundRobinProxy } from "../tests/support/round-robin-proxy.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 50;

const run = (opts: autocannon.Options) =>
  new Promise<autocannon.Result>((resolve, reject) => autocannon(opts, (err, r) => (err ? reject(err) : resolve(r))));

/** Bytes of one response on the wire up to the end of its headers (a 304 has no body), read from a raw keep-alive socket. */
function headerBytes(base: string, path: string, headers: Record<string, string>): Promise<{ bytes: number; head: string }> {
  const { hostname, port } = new URL(base);
  const request = [
    `GET ${path} HTTP/1.1`,
    `Host: ${hostname}:${port}`,
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
    "",
    "",
  ].join("\r\n");
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(request));
    let got = Buffer.alloc(0);
    socket.on("data", (chunk) => {
      got = Buffer.concat([got, chunk]);
      const end = got.indexOf("\r\n\r\n");
      if (end >= 0) {
        socket.destroy();
        resolve({ bytes: got.length, head: got.subarray(0, end).toString() });
      }
    });
    socket.on("error", reject);
  });
}

/** Signs the demo attendant in at `base` and gives the agenda list's path for this month (what the 10 s poll asks). */
async function pollTarget(base: string): Promise<{ token: string; path: string }> {
  const login = await fetch(`${base}/api/credenciado/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: DEMO_USERS.main, password: DEMO_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const me = (await (await fetch(`${base}/api/credenciado/get`, { headers: { authToken: token } })).json()) as {
    data: { IdPontoAtendimento: string };
  };
  const month = monthRange(wallClock(new Date()).date);
  return { token, path: `/api/agendamentos/lista/${me.data.IdPontoAtendimento}?dataInicio=${month.first}&dataFim=${month.last}` };
}

/** Answers with another status than `expected`, plus errors and timeouts. */
function unexpected(r: autocannon.Result, expected: number): number {
  const stats = (r as unknown as { statusCodeStats: Record<string, { count: number }> }).statusCodeStats ?? {};
  const other = Object.entries(stats)
    .filter(([code]) => Number(code) !== expected)
    .reduce((n, [, s]) => n + s.count, 0);
  return other + r.errors + r.timeouts;
}

async function measure(kind: string, handle: DbHandle): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const row = (c: string, metric: string, value: number, unit: string) =>
    rows.push({ bench: "agenda-poll", case: `${c} (${kind})`, metric, value, unit });
  const seeded = Date.now();
  await seedIfEmpty(handle.db);
  await seedBusyPoint(handle.db, "Auto Center Boa Viagem");
  row("seed", `${BUSY.appointments} + ${BUSY.otherPoints}x${BUSY.perOtherPoint} appointments`, (Date.now() - seeded) / 1000, "s");
  const config = { ...loadConfig({}), staticDir: "/nonexistent", loginRateLimit: { max: 1_000_000, windowMs: 60_000 } };
  const app = await buildApp({ db: handle.db, config });
  const base = await app.listen({ port: 0, host: "127.0.0.1" });
  try {
    const { token, path } = await pollTarget(base);
    const first = await fetch(`${base}${path}`, { headers: { authToken: token } });
    const body = Buffer.from(await first.arrayBuffer());
    const etag = first.headers.get("etag");
    if (first.status !== 200 || !etag) throw new Error(`agenda-poll: list answered ${first.status} without an ETag`);
    row("one month list", "rows", (JSON.parse(body.toString()) as { total: number }).total, "rows");
    row("one month list", "200 body", body.length / 1024, "KiB");
    const notModified = await headerBytes(base, path, { authToken: token, "If-None-Match": etag });
    if (!notModified.head.startsWith("HTTP/1.1 304"))
      throw new Error(`agenda-poll: expected 304, got ${notModified.head.split("\r\n")[0]}`);
    row("unchanged 10 s poll", "304 response incl. headers", notModified.bytes, "bytes");
    for (const [name, headers, expected] of [
      ["poll without If-None-Match", { authToken: token }, 200],
      ["poll with If-None-Match", { authToken: token, "if-none-match": etag }, 304],
    ] as const) {
      // The load runs in a worker thread, so its own work is not counted in the server's latency (same event loop otherwise);
      // one unmeasured second first, so JIT warm-up and the previous case's leftovers do not land in this case's tail.
      await run({ url: `${base}${path}`, headers, connections: CONNECTIONS, duration: 1, workers: 1 });
      const r = await run({ url: `${base}${path}`, headers, connections: CONNECTIONS, duration: SECONDS, workers: 1 });
      const c = `${name}, 1 month, ${CONNECTIONS} conn`;
      row(c, "req/s", r.requests.average, "req/s");
      row(c, "p50 latency", r.latency.p50, "ms");
      row(c, "p99 latency", r.latency.p99, "ms");
      row(c, `responses other than ${expected}`, unexpected(r, expected), "responses");
    }
  } finally {
    try {
      await app.close();
    } finally {
      await handle.close();
    }
  }
  return rows;
}

/**
 * The same unchanged poll (If-None-Match, 304) against one and two server processes on one PostgreSQL behind a round-robin
 * proxy, at 50 and 200 connections: what a second instance buys. On this 2-core machine the instances, the proxy, the load
 * generator and PostgreSQL share the same two cores, so read the figures as a floor, not as what two machines would give.
 */
async function measureInstances(url: string): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const count of [1, 2]) {
    const servers = await Promise.all(
      Array.from({ length: count }, () => startServer({ DATABASE_URL: url, LOGIN_RATE_MAX: "1000000", LOG_LEVEL: "silent" })),
    );
    const proxy = await startRoundRobinProxy(servers.map((s) => s.url));
    try {
      const { token, path } = await pollTarget(proxy.url);
      const target = `${proxy.url}${path}`;
      const etag = (await fetch(target, { headers: { authToken: token } })).headers.get("etag")!;
      const headers = { authToken: token, "if-none-match": etag };
      for (const connections of [50, 200]) {
        await run({ url: target, headers, connections, duration: 1, workers: 1 });
        const r = await run({ url: target, headers, connections, duration: SECONDS, workers: 1 });
        const c = `poll with If-None-Match, ${count} instance${count > 1 ? "s" : ""} behind the proxy, ${connections} conn (postgres)`;
        rows.push({ bench: "agenda-poll", case: c, metric: "req/s", value: r.requests.average, unit: "req/s" });
        rows.push({ bench: "agenda-poll", case: c, metric: "p99 latency", value: r.latency.p99, unit: "ms" });
        rows.push({ bench: "agenda-poll", case: c, metric: "responses other than 304", value: unexpected(r, 304), unit: "responses" });
      }
    } finally {
      await proxy.close();
      for (const s of servers) await s.stop();
    }
  }
  return rows;
}

export default async function agendaPollBench(): Promise<BenchRow[]> {
  const rows = await measure("pglite", await openDatabase({}));
  const pg = await withFreshPostgres(async (url) => [
    ...(await measure("postgres", await openDatabase({ url }))),
    ...(await measureInstances(url)),
  ]);
  if (!pg) console.error("agenda-poll: PostgreSQL not available, measured PGlite only");
  return [...rows, ...(pg ?? [])];
}
