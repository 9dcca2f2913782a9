// Bounded fuzz: random, malformed, over-long, wrongly typed and multipart bodies, odd queries and paths to every route; never a 5xx (node, server project).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { BACKENDS, fixtures, loginAs, makeTestApp, multipart, type Fixtures, type TestApp } from "./helpers";
import { ROUTES, type Ids, type RouteCase } from "./route-table";
import { DEMO_USERS } from "../../server/seed";

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
  "",
  " ",
  "null",
  "0",
  "-1",
  "1e309",
  "NaN",
  "' OR 1=1 --",
  "'; DROP TABLE appointments; --",
  "<script>alert(1)</script>",
  "../../etc/passwd",
  "%00",
  "\u0000",
  "😀🚗",
  "Ação ção",
  "2030-02-31",
  "31/02/2030",
  "25:61",
  "00000000-0000-0000-0000-000000000000",
  "x".repeat(5000),
  "S",
  "N",
  "A",
  "C",
  "E",
  "PIX",
  '{"a":1}',
  "1970-01-01T99:99:00.000Z",
];

function value(rand: () => number, depth = 0): unknown {
  const k = Math.floor(rand() * 11);
  switch (k) {
    case 0:
      return null;
    case 1:
      return rand() < 0.5;
    case 2:
      return Math.floor((rand() - 0.5) * 1e6);
    case 3:
      return (rand() - 0.5) * 1e12;
    case 4:
      return NASTY[Math.floor(rand() * NASTY.length)];
    case 5:
      return randomUUID();
    case 6:
      return depth < 3 ? Array.from({ length: Math.floor(rand() * 4) }, () => value(rand, depth + 1)) : [];
    case 7:
      return depth < 3 ? { a: value(rand, depth + 1), __proto__: { polluted: true } } : {};
    case 8:
      return String.fromCharCode(...Array.from({ length: Math.floor(rand() * 40) }, () => Math.floor(rand() * 0xffff)));
    case 9:
      return Number.MAX_SAFE_INTEGER;
    default:
      return undefined;
  }
}

/** Every route of the table plus the public login. */
const ALL: RouteCase[] = [
  ...ROUTES,
  {
    method: "POST",
    path: "/credenciado/login",
    tenant: false,
    call: () => ({ url: "/credenciado/login", body: { email: DEMO_USERS.main, password: "x" } }),
  },
  // The other public routes: access links and 'Esqueci minha senha'.
  ...(
    [
      ["/credenciado/acesso", { token: "x".repeat(43) }],
      ["/credenciado/definir-senha", { token: "x".repeat(43), senha: "senha-longa-1", confirmacao: "senha-longa-1" }],
      ["/credenciado/esqueci-senha", { email: DEMO_USERS.colleague }],
    ] as const
  ).map(([path, body]): RouteCase => ({ method: "POST", path, tenant: false, call: () => ({ url: path, body }) })),
];

/** Query strings that used to reach handlers as arrays, impossible years or unbounded text. */
const QUERIES = [
  "placa=ABC1234&placa=XYZ9876&status=A&status=C",
  "dataInicio=2030-01-01&dataInicio=2030-02-01&dataFim=a&dataFim=b&idSocio=1&idSocio=2",
  "dataInicio=0000-01-01&dataFim=0000-12-31",
  "dataInicio=01/01/0000&dataFim=9999-12-31",
  "dataInicio=2030-13-45&dataFim=31/02/2030",
  `placa=${"A".repeat(10_000)}&status=${"@".repeat(10_000)}&dataInicio=${"9".repeat(10_000)}`,
  "status[]=A&placa[x]=1&tipoPontoAtendimento=%00",
];

/** Bad values for one field at a time: none may cause a 5xx; the over-long one must be refused by the schema, naming the field. */
const LONG = "x".repeat(100_000);
const BAD_VALUES: unknown[] = [LONG, "0000-01-01", "31/12/0000", 12345, 1e308, true, null, ["a", "b"], { a: 1 }];

/** The route's valid body with one field (nested ones too, e.g. data.Descricao) replaced by each bad value. */
function fieldVariants(body: Record<string, unknown>): [string, unknown, Record<string, unknown>][] {
  return Object.entries(body).flatMap(([key, value]) => [
    ...(value && typeof value === "object" && !Array.isArray(value)
      ? fieldVariants(value as Record<string, unknown>).map(([f, bad, inner]): [string, unknown, Record<string, unknown>] => [
          `${key}.${f}`,
          bad,
          { ...body, [key]: inner },
        ])
      : []),
    ...BAD_VALUES.map((bad): [string, unknown, Record<string, unknown>] => [key, bad, { ...body, [key]: bad }]),
  ]);
}

/** The valid value at a dotted path of the route's body (to know whether the field is a string or an object). */
const original = (body: object | undefined, path: string): unknown =>
  path.split(".").reduce<unknown>((v, k) => (v && typeof v === "object" ? (v as Record<string, unknown>)[k] : undefined), body);

const BOUNDARY = "----portalfuzz";
const PART_HEAD = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
const WHOLE = Buffer.from(`${PART_HEAD}\x89PNG\r\n\x1a\n${"x".repeat(200)}\r\n--${BOUNDARY}--\r\n`, "latin1");
/** Broken multipart requests: [name, content-type, body]. */
const MULTIPART: [string, string, Buffer][] = [
  ["no boundary", "multipart/form-data", WHOLE],
  ["wrong boundary", "multipart/form-data; boundary=----outra", WHOLE],
  ["truncated body", `multipart/form-data; boundary=${BOUNDARY}`, WHOLE.subarray(0, PART_HEAD.length + 40)],
  ["truncated part", `multipart/form-data; boundary=${BOUNDARY}`, Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-da`)],
  ["empty body", `multipart/form-data; boundary=${BOUNDARY}`, Buffer.alloc(0)],
];

/** No 5xx; a JSON answer; every refusal carries a message. */
function verdict(label: string, res: LightMyRequestResponse): string | null {
  if (res.statusCode >= 500) return `${label} -> ${res.statusCode} ${res.body.slice(0, 200)}`;
  if (!String(res.headers["content-type"] ?? "").includes("application/json")) return `${label} -> ${res.statusCode} not JSON`;
  if (res.statusCode >= 400 && typeof res.json()?.message !== "string") return `${label} -> ${res.statusCode} without message`;
  return null;
}

describe.each(BACKENDS)("fuzz on %s", (backend) => {
  let t: TestApp;
  let f: Fixtures;
  beforeAll(async () => {
    t = await makeTestApp(backend, {
      loginRateLimit: { max: 100_000, windowMs: 60_000 },
      uploadLimits: { image: 4096, video: 8192, document: 4096 },
    });
    f = await fixtures(t);
  });
  afterAll(() => t?.close());

  const idsOf = (): Ids => {
    const p1 = f.pick(f.p1, "pending")[0];
    return {
      point: f.p1,
      pending: p1.id,
      done: f.pick(f.p1, "done")[0].id,
      vehicle: p1.vehicle,
      member: p1.member,
      user: randomUUID(),
      service: randomUUID(),
      execService: randomUUID(),
      photo: randomUUID(),
      note: randomUUID(),
      laudo: randomUUID(),
      recibo: randomUUID(),
      bank: randomUUID(),
      retorno: randomUUID(),
      file: "x.png",
      upload: "0123456789abcdef0123456789abcdef",
    };
  };
  /** Logout revokes the session it is sent with: it gets a throwaway one so token1 stays valid for every other call. */
  const tokenFor = async (route: RouteCase) => (route.path.includes("logout") ? loginAs(t.app) : f.token1);

  it(`sends ${PER_ROUTE} random bodies to every POST route without a 5xx`, async () => {
    const rand = prng(Number(process.env.FUZZ_SEED ?? 20261122));
    const ids = idsOf();
    const posts = ROUTES.filter((r) => r.method === "POST").sort((a) => (a.path.includes("logout") ? 1 : -1));
    const failures: string[] = [];
    let sent = 0;
    const statuses = new Map<number, number>();
    for (const route of posts) {
      const { url, body } = route.call(ids);
      const token = await tokenFor(route);
      const keys = Object.keys(body ?? {});
      for (let i = 0; i < PER_ROUTE; i++) {
        const mode = rand();
        let res;
        if (route.path === "/uploads/upload") {
          const bytes = Buffer.from(Array.from({ length: Math.floor(rand() * 6000) }, () => Math.floor(rand() * 256)));
          const { payload, headers } = multipart(String(value(rand) ?? "f.bin").slice(0, 80), bytes, rand() < 0.8 ? "file" : "outro");
          res = await t.app.inject({ method: "POST", url: `/api${url}`, headers: { ...headers, authToken: token }, payload });
        } else if (mode < 0.15) {
          const raw = ["{", "[1,2", '"texto"', "null", "42", '{"a":}', "\u0000\u0001", "{".repeat(500)][Math.floor(rand() * 8)];
          res = await t.app.inject({
            method: "POST",
            url: `/api${url}`,
            headers: { authToken: token, "content-type": "application/json" },
            payload: raw,
          });
        } else if (mode < 0.2) {
          res = await t.app.inject({
            method: "POST",
            url: `/api${url}`,
            headers: { authToken: token, "content-type": "text/plain" },
            payload: "a=1",
          });
        } else {
          const fuzzed: Record<string, unknown> = {};
          const keep = rand();
          for (const k of keys) fuzzed[k] = rand() < keep ? (body as Record<string, unknown>)[k] : value(rand);
          if (rand() < 0.2) fuzzed[String(value(rand))] = value(rand);
          const payload = rand() < 0.1 ? value(rand) : rand() < 0.1 ? { data: fuzzed } : fuzzed;
          res = await t.app.inject({
            method: "POST",
            url: `/api${url}`,
            headers: { authToken: token, "content-type": "application/json" },
            payload: JSON.stringify(payload ?? null),
          });
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
    const odd = [
      "x",
      "0",
      "-1",
      "%27%20OR%201%3D1",
      "00000000-0000-0000-0000-000000000000",
      randomUUID(),
      "a".repeat(300),
      "%E2%9C%93",
      "..%2F",
      "a%00b",
      "99999999999999999999",
    ];
    const failures: string[] = [];
    for (const route of ROUTES.filter((r) => r.method === "GET")) {
      for (const v of odd) {
        const url = route.path.replace(/:[A-Za-z]+/g, v);
        const res = await t.app.inject({
          method: "GET",
          url: `/api${url}?status=${v}&dataInicio=${v}&placa=${v}`,
          headers: { authToken: f.token1 },
        });
        if (res.statusCode >= 500) failures.push(`${url} -> ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
  });
  it("sends repeated keys, impossible years and over-long text in the query of every route", async () => {
    const ids = idsOf();
    const failures: string[] = [];
    for (const route of ALL) {
      const { url, body } = route.call(ids);
      for (const query of QUERIES) {
        const res = await t.app.inject({
          method: route.method,
          url: `/api${url}?${query}`,
          headers: { authToken: await tokenFor(route) },
          ...(route.method === "POST" ? { payload: body } : {}),
        });
        const bad = verdict(`${route.method} ${route.path}?${query.slice(0, 60)}`, res);
        if (bad) failures.push(bad);
      }
    }
    expect(failures).toEqual([]);
  });

  it("sends over-long, wrongly typed and out-of-range values in every field of every POST body; over-long ones are refused", async () => {
    const ids = idsOf();
    const failures: string[] = [];
    let sent = 0;
    for (const route of ALL.filter((r) => r.method === "POST" && r.path !== "/uploads/upload")) {
      const { url, body } = route.call(ids);
      for (const [field, bad, payload] of fieldVariants((body ?? {}) as Record<string, unknown>)) {
        const res = await t.app.inject({ method: "POST", url: `/api${url}`, headers: { authToken: await tokenFor(route) }, payload });
        sent++;
        const label = `${route.path} ${field}=${JSON.stringify(bad).slice(0, 30)}`;
        const verdictText = verdict(label, res);
        if (verdictText) failures.push(verdictText);
        else if (bad === LONG && typeof original(body, field) !== "string" && typeof original(body, field) !== "object") {
          // A number or a flag (a mark's x, a km): a string of any length is the wrong type, refused before any pattern.
          if (res.statusCode !== 400) failures.push(`${label} -> ${res.statusCode}: a string where a ${typeof original(body, field)} goes`);
        } else if (bad === LONG && typeof original(body, field) === "string") {
          // A length error, or for a closed list of values (enum: plain equality, no pattern) the value error.
          const refused = [`O campo ${field} é longo demais.`, `O campo ${field} tem um valor não permitido.`];
          if (res.statusCode !== 400 || !refused.includes(res.json().message))
            failures.push(`${label} -> ${res.statusCode} ${res.json().message}: not bounded by the schema`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(300);
  });

  it("sends multipart without a boundary, with a wrong boundary, truncated or empty to every POST route", async () => {
    const ids = idsOf();
    const failures: string[] = [];
    for (const route of ALL.filter((r) => r.method === "POST")) {
      const { url } = route.call(ids);
      for (const [name, contentType, payload] of MULTIPART) {
        const res = await t.app.inject({
          method: "POST",
          url: `/api${url}`,
          headers: { authToken: await tokenFor(route), "content-type": contentType },
          payload,
        });
        const bad = verdict(`${route.path} multipart ${name}`, res);
        if (bad) failures.push(bad);
      }
    }
    expect(failures).toEqual([]);
  });
});
