// Builds a real app over a fresh seeded database: in-memory PGlite, or a new PostgreSQL database when TEST_DATABASE_URL is set.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { sql } from "drizzle-orm";
import { buildApp } from "../../server/app";
import { rows as queryRows } from "../../server/db/rows";
import { loadConfig, type ServerConfig } from "../../server/config";
import { openDatabase, type Db } from "../../server/db/client";
import { DEMO_CENTRAL, DEMO_PASSWORD, DEMO_USERS, seedCentralIfEmpty, seedIfEmpty } from "../../server/seed";
import { centralUsers } from "../../server/db/schema";
import { hashPassword } from "../../server/lib/secrets";

export type Backend = "pglite" | "postgres";
export const BACKENDS: Backend[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  uploadDir: string;
  close(): Promise<void>;
}

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

/**
 * Drops a test database once its sessions are gone. pg-pool's end() resolves before its clients' goodbyes reach the server;
 * a forced drop in that window terminated them, and each raised an uncaught 'terminating connection due to administrator
 * command' that failed the run (seen once in CI). FORCE stays as the last resort after 5 s.
 */
async function dropDatabase(name: string) {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    for (let i = 0; i < 50; i++) {
      const { rows } = await client.query<{ n: number }>("select count(*)::int as n from pg_stat_activity where datname = $1", [name]);
      if (rows[0]!.n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

export interface TestOptions {
  clock?: () => Date;
  /** The moment the demo data are seeded at (default: now); pair it with a `clock` that starts there. */
  seedAt?: Date;
  /** The app's logger (default: none, or level error with TEST_LOG). */
  logger?: Parameters<typeof buildApp>[0]["logger"];
  /** Where files go (default: disk under a fresh uploadDir). */
  storage?: Parameters<typeof buildApp>[0]["storage"];
}

export async function makeTestApp(backend: Backend, overrides: Partial<ServerConfig> = {}, opts: TestOptions = {}): Promise<TestApp> {
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
  await seedIfEmpty(handle.db, opts.seedAt);
  await seedCentralIfEmpty(handle.db);
  const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-test-uploads-"));
  const config = { ...loadConfig({}), staticDir: "/nonexistent-static-dir", uploadDir, ...overrides };
  const app = await buildApp({
    db: handle.db,
    config,
    clock: opts.clock,
    storage: opts.storage,
    // Every answer of every server test is checked against its route's response schema (a drift fails with route and field).
    checkResponses: true,
    logger: opts.logger ?? (process.env.TEST_LOG ? { level: "error" } : false),
  });
  return {
    app,
    db: handle.db,
    uploadDir: config.uploadDir,
    async close() {
      await app.close();
      await handle.close();
      if (dbName) await dropDatabase(dbName);
      fs.rmSync(uploadDir, { recursive: true, force: true });
    },
  };
}

export async function loginAs(app: FastifyInstance, email: string = DEMO_USERS.main, extra: Record<string, unknown> = {}) {
  const res = await app.inject({ method: "POST", url: "/api/credenciado/login", payload: { email, password: DEMO_PASSWORD, ...extra } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json().token as string;
}

export { queryRows };

/** The seeded data by role: both points, their users' tokens, and appointments by status. */
export async function fixtures(t: TestApp) {
  const points = await queryRows<{ id: string; trade_name: string }>(
    t.db,
    sql`select id, trade_name from service_points order by trade_name`,
  );
  const p1 = points.find((p) => p.trade_name === "Auto Center Boa Viagem")!.id;
  const p2 = points.find((p) => p.trade_name === "Oficina Serra Azul")!.id;
  const appts = await queryRows<{
    id: string;
    point: string;
    status: string;
    exec: string | null;
    vehicle: string;
    member: string;
    os: number;
    date: string;
  }>(
    t.db,
    sql`
    select a.id, a.service_point_id as point, a.status, e.id as exec, a.vehicle_id as vehicle, v.member_id as member, a.os_number as os,
      to_char(a.date, 'YYYY-MM-DD') as date
    from appointments a join vehicles v on v.id = a.vehicle_id left join executions e on e.appointment_id = a.id order by a.os_number`,
  );
  const pick = (point: string, kind: "pending" | "progress" | "done" | "cancelled") =>
    appts.filter(
      (a) =>
        a.point === point &&
        (kind === "pending"
          ? a.status === "A" && !a.exec
          : kind === "progress"
            ? a.status === "A" && !!a.exec
            : kind === "done"
              ? a.status === "C"
              : a.status === "E"),
    );
  const users = await queryRows<{ id: string; email: string }>(t.db, sql`select id, email from point_users`);
  return {
    p1,
    p2,
    appts,
    pick,
    user: (email: string) => users.find((u) => u.email === email)!.id,
    token1: await loginAs(t.app, DEMO_USERS.main),
    token2: await loginAs(t.app, DEMO_USERS.otherPoint),
  };
}

export type Fixtures = Awaited<ReturnType<typeof fixtures>>;

/** A multipart/form-data body with one file part. */
export function multipart(filename: string, content: Buffer, field = "file", type = "application/octet-stream") {
  const boundary = `----portal${randomBytes(8).toString("hex")}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

/** Smallest valid files of each family, by their magic bytes. */
export const SAMPLE = {
  png: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(120, 1)]),
  jpg: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]),
  mp4: Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypisom"), Buffer.alloc(300, 3)]),
  pdf: Buffer.from("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n"),
  html: Buffer.from("<!doctype html><script>alert(document.cookie)</script>"),
  svg: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>'),
};

export async function upload(t: TestApp, token: string, name: string, content: Buffer) {
  const { payload, headers } = multipart(name, content);
  return t.app.inject({ method: "POST", url: "/api/uploads/upload", headers: { ...headers, authToken: token }, payload });
}

export const call = (
  t: TestApp,
  token: string | undefined,
  method: "GET" | "POST" | "PATCH" | "DELETE",
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: { ...headers, ...(token ? { authToken: token } : {}) },
    ...(method === "POST" ? { payload: payload ?? {} } : {}),
  });

/** A finished resumable (tus) upload of the token's point: created, then its bytes sent in one PATCH. Returns its id. */
export async function resumableUpload(t: TestApp, token: string, bytes: Buffer, filename = "foto.png") {
  const tus = { authToken: token, "tus-resumable": "1.0.0" };
  const created = await t.app.inject({
    method: "POST",
    url: "/api/uploads/tus",
    headers: { ...tus, "upload-length": String(bytes.length), "upload-metadata": `filename ${Buffer.from(filename).toString("base64")}` },
  });
  const location = String(created.headers.location);
  const sent = await t.app.inject({
    method: "PATCH",
    url: location,
    headers: { ...tus, "upload-offset": "0", "content-type": "application/offset+octet-stream" },
    payload: bytes,
  });
  if (sent.statusCode !== 200) throw new Error(`tus upload failed: ${sent.statusCode} ${sent.body}`);
  return location.split("/").pop()!;
}

let payoutSeq = 0;
export interface PayoutOptions {
  bookedDaysAgo?: number;
  executedDaysAgo?: number;
  value?: number;
  cpf?: string;
}
/**
 * A concluded order's unpaid payout at `point`: booked `bookedDaysAgo` days ago, executed `executedDaysAgo` days ago (Brasília
 * days; negative: later), for a member with the CPF given; its id and OS.
 */
export async function insertPayout(
  t: TestApp,
  point: string,
  { bookedDaysAgo = 0, executedDaysAgo = 0, value = 80, cpf = "52998224725" }: PayoutOptions = {},
) {
  payoutSeq += 1;
  const seq = payoutSeq;
  const plate = `LOT${seq % 10}G${10 + (seq % 89)}`;
  const [row] = await queryRows<{ id: string; os: number }>(
    t.db,
    sql`with m as (insert into members (cpf, name) values (${cpf}, ${`Cliente lote ${seq}`}) returning id),
      v as (insert into vehicles (member_id, brand, model, plate, vehicle_type) select id, 'Fiat', 'Argo', ${plate}, 'PASSEIO' from m returning id),
      a as (insert into appointments (service_point_id, vehicle_id, date, time, status)
        select ${point}, v.id, (now() at time zone 'America/Sao_Paulo')::date - ${bookedDaysAgo}::int, '09:00', 'C' from v
        returning id, vehicle_id, os_number, date),
      s as (select id from services where description = 'TROCA DE ÓLEO' and vehicle_type = 'PASSEIO'),
      es as (insert into execution_services (appointment_id, service_id, approval_status) select a.id, s.id, 'A' from a, s returning id, appointment_id)
    insert into payout_statements (appointment_id, vehicle_id, service_point_id, execution_service_id, corporate_name, cnpj,
      appointment_date, executed_at, payout, plate, member_name, service_name, os_number, code)
    select a.id, a.vehicle_id, ${point}, es.id, 'Razão', '11.222.333/0001-81', a.date,
      now() - make_interval(days => ${executedDaysAgo}), ${value}, ${plate}, ${`Cliente lote ${seq}`},
      'TROCA DE ÓLEO', a.os_number, '000000001'
    from a join es on es.appointment_id = a.id returning id, os_number as os`,
  );
  return row!;
}

/** A central user's token (the demo administrator by default), signed in as the portal does. */
export const centralLogin = async (t: TestApp, email: string = DEMO_CENTRAL.email) =>
  (await t.app.inject({ method: "POST", url: "/api/credenciado/login", payload: { email, password: DEMO_PASSWORD } })).json()
    .token as string;

/** Adds a central user with the demo password and the role given; their token. */
export async function addCentralUser(t: TestApp, name: string, email: string, role: "approver" | "payer" | "admin") {
  await t.db.insert(centralUsers).values({ name, email, role, passwordHash: await hashPassword(DEMO_PASSWORD) });
  return centralLogin(t, email);
}
