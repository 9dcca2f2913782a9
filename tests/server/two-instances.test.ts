// Two server processes started together on one empty PostgreSQL and one new S3 bucket behind a round-robin proxy (Node): a resumable video upload cut on
// one instance and finished on the other, across a PostgreSQL restart; the order started with that video and finished across a
// PostgreSQL outage. Nothing lost, nothing stored twice, no process dies. Needs a throw-away PostgreSQL of its own
// (scripts/test-postgres.sh) and the test S3 server (scripts/test-s3.sh, TEST_S3_ENDPOINT); skipped without either.
import { createHash, randomBytes } from "node:crypto";
import { execFile, execFileSync } from "node:child_process";
import http from "node:http";
import { promisify } from "node:util";
import { DeleteBucketCommand, DeleteObjectCommand, ListObjectsV2Command, S3Client, type S3ClientConfig } from "@aws-sdk/client-s3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "../support/start-server";
import { mp4Bytes } from "../support/mp4-bytes";
import { startRoundRobinProxy, type RoundRobinProxy } from "../support/round-robin-proxy";
import { demoPoint } from "../e2e/browser";
import { testS3Settings } from "./s3-env";

// Its own PostgreSQL (port and directory of its own): restarting the suite's shared one would fail the tests running beside it.
const PG_ENV = { ...process.env, TEST_PG_PORT: "55511", TEST_PG_DATA: "/tmp/portal-proof-pg" };
type PgCommand = "start" | "stop" | "down" | "up" | "restart";
const pgSync = (command: PgCommand) =>
  execFileSync("bash", ["scripts/test-postgres.sh", command], { env: PG_ENV, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
/** The same, without blocking this process: requests can be sent while PostgreSQL is going down and coming back. */
const pgAsync = (command: PgCommand) =>
  promisify(execFile)("bash", ["scripts/test-postgres.sh", command], { env: PG_ENV, encoding: "utf8" });

const S3 = testS3Settings(`portal-proof-${Date.now().toString(36)}-${randomBytes(3).toString("hex")}`);
const DATABASE_URL = S3 ? /TEST_DATABASE_URL=(\S+)/.exec(pgSync("start"))?.[1] : undefined;
const UNAVAILABLE = "O banco de dados está indisponível no momento. Tente novamente em instantes.";

const sha256 = (b: Buffer) => createHash("sha256").update(b).digest("hex");
const b64 = (s: string) => Buffer.from(s).toString("base64");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Answer {
  method: string;
  path: string;
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  json<T = Record<string, unknown>>(): T;
}

/**
 * One HTTP request on a connection of its own (node:http, no pool, no retries). With `cutAfter`, the request declares the whole
 * body's length, writes only the first `cutAfter` bytes, waits for them to leave, and destroys the socket: a connection cut
 * mid-body, as on a phone going out of coverage; it then resolves with status 0.
 */
function send(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: Buffer,
  cutAfter?: number,
): Promise<Answer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        hostname,
        port,
        method,
        path,
        agent: false,
        headers: { ...headers, ...(body ? { "content-length": String(body.length) } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const all = Buffer.concat(chunks);
          resolve({ method, path, status: res.statusCode ?? 0, headers: res.headers, body: all, json: () => JSON.parse(all.toString()) });
        });
        res.on("error", reject);
      },
    );
    if (cutAfter === undefined) {
      req.on("error", reject);
      req.end(body);
      return;
    }
    req.on("error", () => {}); // the cut is ours
    req.write(body!.subarray(0, cutAfter), async () => {
      // Let the bytes reach the server's store before the cut (they left this socket; the server is still reading).
      await sleep(700);
      req.destroy();
      resolve({ method, path, status: 0, headers: {}, body: Buffer.alloc(0), json: () => ({}) as never });
    });
  });
}

const servers: TestServer[] = [];
let proxy: RoundRobinProxy | undefined;
let db: pg.Client | undefined;
let s3: S3Client | undefined;
let token = "";
let pointId = "";

const tusHeaders = () => ({ authToken: token, "tus-resumable": "1.0.0" });
/** Through the round-robin proxy: consecutive calls land on different instances. */
const api = (method: string, path: string, body?: unknown) =>
  send(
    proxy!.url,
    method,
    `/api${path}`,
    { authToken: token, ...(body ? { "content-type": "application/json" } : {}) },
    body ? Buffer.from(JSON.stringify(body)) : undefined,
  );

/** The outage's answer: 503 JSON in Portuguese with Retry-After: 5 (a HEAD answer has the headers only). */
function expectOutage(res: Answer) {
  expect(res.status, `${res.method} ${res.path}: ${res.status} ${res.body.toString()}`).toBe(503);
  expect(String(res.headers["content-type"])).toMatch(/^application\/json/);
  expect(res.headers["retry-after"]).toBe("5");
  if (res.method !== "HEAD") expect(res.json()).toEqual({ success: false, message: UNAVAILABLE });
}

/**
 * Calls `call` until it answers 2xx, for at most `ms`. Every other answer on the way must be the outage's 503 JSON in Portuguese
 * (never a 500, a 502 from the proxy, or a dropped connection); each one is kept in `seen`.
 */
async function untilOk(call: () => Promise<Answer>, seen: Answer[], ms = 20_000): Promise<Answer> {
  const deadline = Date.now() + ms;
  for (;;) {
    const res = await call();
    if (res.status >= 200 && res.status < 300) return res;
    seen.push(res);
    expectOutage(res);
    if (Date.now() > deadline) throw new Error(`still failing after ${ms} ms: ${res.status} ${res.body.toString()}`);
    await sleep(150);
  }
}

function dumpOutputs() {
  for (const [i, s] of servers.entries()) console.error(`--- instance ${i} (${s.exited() ?? "running"}) ---\n${s.output().slice(-6000)}`);
}

describe.skipIf(!S3 || !DATABASE_URL)("two instances, one PostgreSQL, one bucket", () => {
  beforeAll(async () => {
    const env = {
      DATABASE_URL: DATABASE_URL!,
      S3_ENDPOINT: S3!.endpoint!,
      S3_BUCKET: S3!.bucket,
      S3_REGION: S3!.region,
      S3_ACCESS_KEY_ID: S3!.accessKeyId ?? "",
      S3_SECRET_ACCESS_KEY: S3!.secretAccessKey ?? "",
      S3_FORCE_PATH_STYLE: "true",
      LOG_LEVEL: "info",
    };
    // Both at once, as a deploy starts them, on an empty database and a bucket that does not exist yet: the migrations and the
    // seed run under a database lock, and the bucket created by one is taken as it is by the other.
    servers.push(...(await Promise.all([startServer(env), startServer(env)])));
    proxy = await startRoundRobinProxy(servers.map((s) => s.url));
    ({ token, pointId } = await demoPoint(proxy.url));
    expect(token).toBeTruthy();
    db = new pg.Client({ connectionString: DATABASE_URL });
    await db.connect();
    db.on("error", () => {}); // its connection dies in the restarts; it is opened again before use
    const config: S3ClientConfig = {
      endpoint: S3!.endpoint,
      region: S3!.region,
      forcePathStyle: true,
      credentials: { accessKeyId: S3!.accessKeyId!, secretAccessKey: S3!.secretAccessKey! },
    };
    s3 = new S3Client(config);
  }, 60_000);

  afterAll(async () => {
    await proxy?.close().catch(() => {});
    await Promise.all(servers.map((s) => s.stop().catch(() => {})));
    await db?.end().catch(() => {});
    if (s3 && S3) {
      const listed = await s3.send(new ListObjectsV2Command({ Bucket: S3.bucket })).catch(() => undefined);
      for (const o of listed?.Contents ?? []) await s3.send(new DeleteObjectCommand({ Bucket: S3.bucket, Key: o.Key! })).catch(() => {});
      await s3.send(new DeleteBucketCommand({ Bucket: S3.bucket })).catch(() => {});
      s3.destroy();
    }
    pgSync("stop");
  }, 30_000);

  it("cuts an upload on one instance, resumes it on the other across a PostgreSQL restart, and finishes an order with it across an outage", async () => {
    const [a, b] = servers;
    const bytes = mp4Bytes(5 * 1024 * 1024 + 12_345);
    const outage: Answer[] = [];
    try {
      // 1. Create the upload through the proxy.
      const created = await send(proxy!.url, "POST", "/api/uploads/tus", {
        ...tusHeaders(),
        "upload-length": String(bytes.length),
        "upload-metadata": `filename ${b64("video inicial.mp4")},filetype ${b64("video/mp4")}`,
      });
      expect(created.status, created.body.toString()).toBe(201);
      const location = String(created.headers.location);
      expect(location).toMatch(/^\/api\/uploads\/tus\/[0-9a-f]{32}$/);
      const uploadId = location.split("/").pop()!;

      // 2. The first PATCH, straight to instance A, is cut after ~40% of the body.
      const cutAt = Math.floor(bytes.length * 0.4);
      const patchHeaders = (offset: number) => ({
        ...tusHeaders(),
        "upload-offset": String(offset),
        "content-type": "application/offset+octet-stream",
      });
      expect((await send(a.url, "PATCH", location, patchHeaders(0), bytes, cutAt)).status).toBe(0);

      // 3. Instance B sees the bytes that reached A (HEAD waits for A to let go of the upload's lock).
      const where = await send(b.url, "HEAD", location, tusHeaders());
      expect(where.status).toBe(200);
      const kept = Number(where.headers["upload-offset"]);
      expect(where.headers["upload-length"]).toBe(String(bytes.length));
      expect(kept).toBeGreaterThan(0);
      expect(kept).toBeLessThanOrEqual(cutAt);
      // Not finished: its result is not there yet, on either instance.
      const unfinished = await send(a.url, "GET", location, { authToken: token });
      expect(unfinished.status).toBe(409);
      expect(unfinished.headers["upload-offset"]).toBe(String(kept));

      // 4. PostgreSQL restarts (-m fast) while B is being asked where the upload stands; then the upload resumes on B.
      const restart = pgAsync("restart");
      let restarted = false;
      void restart.then(
        () => (restarted = true),
        () => (restarted = true),
      );
      const during: Answer[] = [];
      while (!restarted) {
        const res = await send(b.url, "HEAD", location, tusHeaders());
        if (res.status !== 200) {
          during.push(res);
          expectOutage(res);
        } else expect(res.headers["upload-offset"]).toBe(String(kept));
        await sleep(25);
      }
      await restart;
      outage.push(...during);
      const resumed = await untilOk(async () => {
        const head = await send(b.url, "HEAD", location, tusHeaders());
        if (head.status !== 200) return head;
        const offset = Number(head.headers["upload-offset"]);
        expect(offset).toBe(kept);
        return send(b.url, "PATCH", location, patchHeaders(offset), bytes.subarray(offset));
      }, outage);
      expect(resumed.status).toBe(200);
      const done = resumed.json<{ success: boolean; file: string; size: number; mimeType: string; originalName: string }>();
      expect(done).toMatchObject({ success: true, size: bytes.length, mimeType: "video/mp4", originalName: "video inicial.mp4" });
      expect(done.file).toMatch(/^[0-9a-f-]{36}\.mp4$/);

      // 5. The answer again (a lost final answer), from each instance: the same file.
      for (const s of [a, b]) {
        const again = await send(s.url, "GET", location, { authToken: token });
        expect(again.status).toBe(200);
        expect(again.json().file).toBe(done.file);
      }

      // 6. It downloads back byte for byte through the proxy, whole and by range.
      const whole = await api("GET", `/uploads/files/${done.file}`);
      expect(whole.status).toBe(200);
      expect(whole.body.length).toBe(bytes.length);
      expect(sha256(whole.body)).toBe(sha256(bytes));
      const from = kept - 100; // across the cut
      const range = await send(proxy!.url, "GET", `/api/uploads/files/${done.file}`, {
        authToken: token,
        range: `bytes=${from}-${from + 4095}`,
      });
      expect(range.status).toBe(206);
      expect(range.headers["content-range"]).toBe(`bytes ${from}-${from + 4095}/${bytes.length}`);
      expect(range.body.equals(bytes.subarray(from, from + 4096))).toBe(true);

      // 7. An order of the demo point, started with that video.
      const list = await api("GET", `/agendamentos/lista/${pointId}`);
      expect(list.status).toBe(200);
      type Row = { IdSocioVeiculoAgenda: string; StatusAgendamento: string; IdSocioVeiculoAgendaExecucao: string | null };
      const order = list.json<{ data: Row[] }>().data.find((r) => r.StatusAgendamento === "A" && !r.IdSocioVeiculoAgendaExecucao);
      expect(order, "a pending order of the demo point").toBeDefined();
      const id = order!.IdSocioVeiculoAgenda;
      expect(
        (await api("POST", "/agendamentos/atualizar-video-inicial", { idSocioVeiculoAgenda: id, videoInicial: done.file })).status,
      ).toBe(200);
      const started = await api("POST", "/agendamentos/iniciar", { idSocioVeiculoAgenda: id });
      expect(started.status, started.body.toString()).toBe(200);
      expect(started.json()).toEqual({ message: "Execução iniciada com sucesso" });

      // 8. PostgreSQL goes away between the start and the finish: both instances answer the outage's 503, never die.
      await pgAsync("down");
      for (let i = 0; i < 4; i++) {
        const res = await api("POST", "/agendamentos/atualizar-video-final", { idSocioVeiculoAgenda: id, videoFinal: done.file });
        outage.push(res);
        expectOutage(res);
      }
      await pgAsync("up");
      await untilOk(() => api("POST", "/agendamentos/atualizar-video-final", { idSocioVeiculoAgenda: id, videoFinal: done.file }), outage);
      const finished = await untilOk(
        () =>
          api("POST", "/agendamentos/concluir", {
            idSocioVeiculoAgenda: id,
            responsavel: "Prova",
            observacao: "duas instâncias",
            km: "1234",
          }),
        outage,
      );
      expect(finished.json()).toEqual({ message: "Execução finalizada com sucesso" });

      // 9. The agenda and the order say finished, on both instances.
      for (let i = 0; i < 2; i++) {
        const got = await api("GET", `/agendamentos/get/${id}`);
        expect(got.status).toBe(200);
        const g = got.json<{ agendamento: Record<string, unknown>; execucao: { DataHoraFim: string | null } }>();
        expect(g.agendamento).toMatchObject({
          StatusAgendamento: "C",
          VideoInicial: done.file,
          VideoFinal: done.file,
          KmFinalizacao: "1234",
        });
        expect(g.execucao.DataHoraFim).not.toBeNull();
        const closed = await api("GET", `/agendamentos/lista/${pointId}?status=C`);
        expect(closed.json<{ data: Row[] }>().data.some((r) => r.IdSocioVeiculoAgenda === id)).toBe(true);
      }

      // 10. In the database: one stored file for the upload, one execution, finished; no lock left behind.
      await db!.end().catch(() => {});
      db = new pg.Client({ connectionString: DATABASE_URL });
      await db.connect();
      const files = await db.query("select stored_name, size, mime_type from stored_files where upload_id = $1", [uploadId]);
      expect(files.rows).toEqual([{ stored_name: done.file, size: bytes.length, mime_type: "video/mp4" }]);
      expect((await db.query("select count(*)::int as n from stored_files where stored_name = $1", [done.file])).rows[0].n).toBe(1);
      const appt = await db.query("select status, initial_video, final_video from appointments where id = $1", [id]);
      expect(appt.rows).toEqual([{ status: "C", initial_video: done.file, final_video: done.file }]);
      const execs = await db.query("select finished_at from executions where appointment_id = $1", [id]);
      expect(execs.rows).toHaveLength(1);
      expect(execs.rows[0].finished_at).not.toBeNull();
      expect((await db.query("select count(*)::int as n from upload_locks where upload_id = $1", [uploadId])).rows[0].n).toBe(0);

      // 11. In the bucket: the file once, and none of the upload's working objects left.
      const objects = (await s3!.send(new ListObjectsV2Command({ Bucket: S3!.bucket }))).Contents ?? [];
      expect(objects.map((o) => o.Key)).toEqual([`files/${done.file}`]);
      expect(objects[0].Size).toBe(bytes.length);

      // 12. The proxy spread the order's calls over both instances, and neither died.
      const served = servers.map((s) => s.output().match(/"url":"\/api\/agendamentos\//g)?.length ?? 0);
      for (const [i, s] of servers.entries()) {
        expect(s.exited()).toBeNull();
        expect(served[i], `order calls served by instance ${i}`).toBeGreaterThan(0);
      }
      console.error(
        `two-instances: cut at ${cutAt} of ${bytes.length} bytes, ${kept} kept; ${during.length} answers during the restart, ` +
          `${outage.length} 503 answers in all; order calls per instance ${served.join(" / ")}`,
      );
    } catch (err) {
      dumpOutputs();
      throw err;
    }
  }, 60_000);
});
