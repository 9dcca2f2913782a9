// Bounded fuzz: seeded random and malformed bodies to every POST route and odd path values to every GET route; never a 5xx.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { BACKENDS, fixtures, makeTestApp, multipart, type Fixtures, type TestApp } from "./helpers";
import { ROUTES } from "./route-table";

const PER_ROUTE = Number(process.env.FUZZ_PER_ROUTE ?? 30);

function prng(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const NASTY = [
  "", " ", "null", "0", "-1", "1e309", "NaN", "' OR 1=1 --", "'; DROP TABLE appointments; --", "<script>alert(1)</script>",
  "../../etc/passwd", "%00", "\u0000", "😀🚗", "Ação ção", "2030-02-31", "31/02/2030", "25:61", "00000000-0000-0000-0000-000000000000",
  "x".repeat(5000), "S", "N", "A", "C", "E", "PIX", "{\"a\":1}", "1970-01-01T99:99:00.000Z",
];

function value(rand: () => number, depth = 0): unknown {
  const k = Math.floor(rand() * 11);
  switch (k) {
    case 0: return null;
    case 1: return rand() < 0.5;
    case 2: return Math.floor((rand() - 0.5) * 1e6);
    case 3: return (rand() - 0.5) * 1e12;
    case 4: return NASTY[Math.floor(rand() * NASTY.length)];
    case 5: return randomUUID();
    case 6: return depth < 3 ? Array.from({ length: Math.floor(rand() * 4) }, () => value(rand, depth + 1)) : [];
    case 7: return depth < 3 ? { a: value(rand, depth + 1), __proto__: { polluted: true } } : {};
    case 8: return String.fromCharCode(...Array.from({ length: Math.floor(rand() * 40) }, () => Math.floor(rand() * 0xffff)));
    case 9: return Number.MAX_SAFE_INTEGER;
    default: return undefined;
  }
}

describe.each(BACKENDS)("fuzz on %s", (backend) => {
  let t: TestApp;
  let f: Fixtures;
  beforeAll(async () => {
    t = await makeTestApp(backend, { loginRateLimit: { max: 100_000, windowMs: 60_000 }, uploadLimits: { image: 4096, video: 8192, document: 4096 } });
    f = await fixtures(t);
  });
  afterAll(() => t?.close());

  it(`sends ${PER_ROUTE} random bodies to every POST route without a 5xx`, async () => {
    const rand = prng(Number(process.env.FUZZ_SEED ?? 20261122));
    const p1 = f.pick(f.p1, "pending")[0];
    const ids = {
      point: f.p1, pending: p1.id, done: f.pick(f.p1, "done")[0].id, vehicle: p1.vehicle, member: p1.member, user: randomUUID(), service: randomUUID(),
      execService: randomUUID(), photo: randomUUID(), note: randomUUID(), laudo: randomUUID(), recibo: randomUUID(), bank: randomUUID(),
      retorno: randomUUID(), file: "x.png",
    };
    const posts = ROUTES.filter((r) => r.method === "POST").sort((a) => (a.path.includes("logout") ? 1 : -1));
    const failures: string[] = [];
    let sent = 0;
    const statuses = new Map<number, number>();
    for (const route of posts) {
      const { url, body } = route.call(ids);
      const keys = Object.keys(body ?? {});
      for (let i = 0; i < PER_ROUTE; i++) {
        const mode = rand();
        let res;
        if (route.path === "/uploads/upload") {
          const bytes = Buffer.from(Array.from({ length: Math.floor(rand() * 6000) }, () => Math.floor(rand() * 256)));
          const { payload, headers } = multipart(String(value(rand) ?? "f.bin").slice(0, 80), bytes, rand() < 0.8 ? "file" : "outro");
          res = await t.app.inject({ method: "POST", url: `/api${url}`, headers: { ...headers, authToken: f.token1 }, payload });
        } else if (mode < 0.15) {
          const raw = ["{", "[1,2", "\"texto\"", "null", "42", "{\"a\":}", "\u0000\u0001", "{".repeat(500)][Math.floor(rand() * 8)];
          res = await t.app.inject({ method: "POST", url: `/api${url}`, headers: { authToken: f.token1, "content-type": "application/json" }, payload: raw });
        } else if (mode < 0.2) {
          res = await t.app.inject({ method: "POST", url: `/api${url}`, headers: { authToken: f.token1, "content-type": "text/plain" }, payload: "a=1" });
        } else {
          const fuzzed: Record<string, unknown> = {};
          const keep = rand();
          for (const k of keys) fuzzed[k] = rand() < keep ? (body as Record<string, unknown>)[k] : value(rand);
          if (rand() < 0.2) fuzzed[String(value(rand))] = value(rand);
          const payload = rand() < 0.1 ? value(rand) : rand() < 0.1 ? { data: fuzzed } : fuzzed;
          res = await t.app.inject({ method: "POST", url: `/api${url}`, headers: { authToken: f.token1, "content-type": "application/json" }, payload: JSON.stringify(payload ?? null) });
        }
        sent++;
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        if (res.statusCode >= 500) failures.push(`${route.path} -> ${res.statusCode} ${res.body.slice(0, 200)}`);
        else expect(res.headers["content-type"] ?? "application/json").toContain("application/json");
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBe(posts.length * PER_ROUTE);
    // The bodies must get past validation into the handlers, not only bounce off the schemas.
    expect(statuses.get(200) ?? 0).toBeGreaterThan(40);
    expect(statuses.get(404) ?? 0).toBeGreaterThan(50);
    expect(statuses.get(409) ?? 0).toBeGreaterThan(0);
  });

  it("sends odd path values to every GET route without a 5xx", async () => {
    const odd = ["x", "0", "-1", "%27%20OR%201%3D1", "00000000-0000-0000-0000-000000000000", randomUUID(), "a".repeat(300), "%E2%9C%93", "..%2F", "a%00b", "99999999999999999999"];
    const failures: string[] = [];
    for (const route of ROUTES.filter((r) => r.method === "GET")) {
      for (const v of odd) {
        const url = route.path.replace(/:[A-Za-z]+/g, v);
        const res = await t.app.inject({ method: "GET", url: `/api${url}?status=${v}&dataInicio=${v}&placa=${v}`, headers: { authToken: f.token1 } });
        if (res.statusCode >= 500) failures.push(`${url} -> ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
