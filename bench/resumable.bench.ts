// Bytes sent to finish an upload whose connection is cut three times: resumable (tus, PATCH from the server's offset) against
// whole-file retries (POST /uploads/upload from byte 0 each time). One real server process on the embedded PGlite, files on disk;
// also in the S3 bucket when TEST_S3_ENDPOINT is set (scripts/test-s3.sh). Each final file is downloaded and compared (Node).
import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import type { Socket } from "node:net";
import { DeleteBucketCommand, DeleteObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { DEMO_PASSWORD, DEMO_USERS } from "../server/seed.ts";
import { startServer } from "../tests/support/start-server.ts";
import { mp4Bytes } from "../tests/support/mp4-bytes.ts";
import type { BenchRow } from "./types.ts";

const FILE_MB = Number(process.env.BENCH_UPLOAD_MB ?? 50);
/** The cut plan: attempt k is cut once it has written CUTS[k] of what that attempt sends; the attempt after the last cut finishes. */
const CUTS = [0.3, 0.6, 0.85];
/** Written bytes are given this long to reach the server before the socket is destroyed (both strategies alike). */
const PAUSE_BEFORE_CUT_MS = 250;
const CHUNK = 64 * 1024;
/** Optional uplink pacing in Mbit/s (BENCH_UPLOAD_MBIT, e.g. 10 for a phone on 4G); unset: as fast as localhost takes it. */
const MBIT = Number(process.env.BENCH_UPLOAD_MBIT ?? 0);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const sha256 = (b: Buffer) => createHash("sha256").update(b).digest("hex");
const mb = (n: number) => n / (1024 * 1024);

interface Sent {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** Every byte this request put on its socket: request line, headers and the body bytes written before the end or the cut. */
  wire: number;
  /** Body bytes written. */
  bodyBytes: number;
}

/**
 * One request on a connection of its own. The body (parts, sent in order) is written in 64 KiB chunks with back-pressure; with
 * `cutAfter` the socket is destroyed once that many body bytes were written and had PAUSE_BEFORE_CUT_MS to arrive (status 0).
 */
function send(base: string, method: string, path: string, headers: Record<string, string>, parts: Buffer[] = [], cutAfter?: number) {
  const { hostname, port } = new URL(base);
  const length = parts.reduce((n, p) => n + p.length, 0);
  return new Promise<Sent>((resolve, reject) => {
    let socket: Socket | undefined;
    let bodyBytes = 0;
    let cut = false;
    const req = http.request(
      {
        hostname,
        port,
        method,
        path,
        agent: false,
        headers: { ...headers, ...(parts.length ? { "content-length": String(length) } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
            wire: socket?.bytesWritten ?? 0,
            bodyBytes,
          }),
        );
        res.on("error", reject);
      },
    );
    req.on("socket", (s) => (socket = s));
    req.on("error", (err) => (cut ? undefined : reject(err)));
    const write = (chunk: Buffer) => new Promise<void>((done) => (req.write(chunk) ? done() : req.once("drain", done)));
    void (async () => {
      const limit = cutAfter ?? length;
      const began = Date.now();
      for (const part of parts) {
        for (let at = 0; at < part.length && bodyBytes < limit;) {
          const piece = part.subarray(at, Math.min(part.length, at + CHUNK, at + (limit - bodyBytes)));
          await write(piece);
          at += piece.length;
          bodyBytes += piece.length;
          if (MBIT > 0) await sleep(began + (bodyBytes * 8) / (MBIT * 1000) - Date.now());
        }
      }
      if (cutAfter === undefined) return void req.end();
      await new Promise<void>((done) => req.write("", () => done()));
      await sleep(PAUSE_BEFORE_CUT_MS);
      cut = true;
      const wire = socket?.bytesWritten ?? 0;
      req.destroy();
      resolve({ status: 0, headers: {}, body: Buffer.alloc(0), wire, bodyBytes });
    })().catch(reject);
  });
}

interface Outcome {
  attempts: number;
  wire: number;
  body: number;
  ms: number;
  file: string;
  /** Per attempt: where it started, body bytes written, what came of it. */
  log: string[];
}

/** Whole-file retries: each attempt posts the multipart body from byte 0; the first three are cut, the fourth finishes. */
async function wholeRetries(base: string, token: string, file: Buffer): Promise<Outcome> {
  const boundary = `----bench${randomBytes(8).toString("hex")}`;
  const parts = [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="video.mp4"\r\nContent-Type: video/mp4\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ];
  const length = parts.reduce((n, p) => n + p.length, 0);
  const headers = { authToken: token, "content-type": `multipart/form-data; boundary=${boundary}` };
  const out: Outcome = { attempts: 0, wire: 0, body: 0, ms: 0, file: "", log: [] };
  const started = Date.now();
  for (let attempt = 0; ; attempt++) {
    const cutAfter = attempt < CUTS.length ? Math.floor(length * CUTS[attempt]) : undefined;
    const res = await send(base, "POST", "/api/uploads/upload", headers, parts, cutAfter);
    out.attempts++;
    out.wire += res.wire;
    out.body += res.bodyBytes;
    out.log.push(`from 0: ${mb(res.bodyBytes).toFixed(1)} MB ${res.status ? `-> ${res.status}` : "cut"}`);
    if (cutAfter !== undefined) continue;
    if (res.status !== 200) throw new Error(`resumable: whole upload answered ${res.status} ${res.body.toString()}`);
    out.file = (JSON.parse(res.body.toString()) as { file: string }).file;
    break;
  }
  out.ms = Date.now() - started;
  return out;
}

/** tus: create, PATCH from the offset; each of the first three PATCHes cut; HEAD after a cut tells where to go on from. */
async function tusRetries(base: string, token: string, file: Buffer): Promise<Outcome> {
  const tus = { authToken: token, "tus-resumable": "1.0.0" };
  const out: Outcome = { attempts: 0, wire: 0, body: 0, ms: 0, file: "", log: [] };
  const started = Date.now();
  const created = await send(base, "POST", "/api/uploads/tus", {
    ...tus,
    "upload-length": String(file.length),
    "upload-metadata": `filename ${Buffer.from("video.mp4").toString("base64")},filetype ${Buffer.from("video/mp4").toString("base64")}`,
  });
  if (created.status !== 201) throw new Error(`resumable: tus create answered ${created.status} ${created.body.toString()}`);
  out.wire += created.wire;
  const location = String(created.headers.location);
  let offset = 0;
  for (let attempt = 0; ; attempt++) {
    if (attempt > 0) {
      const head = await send(base, "HEAD", location, tus);
      out.wire += head.wire;
      if (head.status !== 200) throw new Error(`resumable: HEAD answered ${head.status}`);
      offset = Number(head.headers["upload-offset"]);
    }
    const rest = file.length - offset;
    const cutAfter = attempt < CUTS.length ? Math.floor(rest * CUTS[attempt]) : undefined;
    const res = await send(
      base,
      "PATCH",
      location,
      { ...tus, "upload-offset": String(offset), "content-type": "application/offset+octet-stream" },
      [file.subarray(offset)],
      cutAfter,
    );
    out.attempts++;
    out.wire += res.wire;
    out.body += res.bodyBytes;
    out.log.push(`from ${mb(offset).toFixed(1)} MB: ${mb(res.bodyBytes).toFixed(1)} MB ${res.status ? `-> ${res.status}` : "cut"}`);
    if (cutAfter !== undefined) continue;
    if (res.status !== 200) throw new Error(`resumable: last PATCH answered ${res.status} ${res.body.toString()}`);
    out.file = (JSON.parse(res.body.toString()) as { file: string }).file;
    break;
  }
  out.ms = Date.now() - started;
  return out;
}

async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/credenciado/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: DEMO_USERS.main, password: DEMO_PASSWORD }),
  });
  return ((await res.json()) as { token: string }).token;
}

async function measure(store: string, env: Record<string, string>, file: Buffer): Promise<BenchRow[]> {
  const server = await startServer(env);
  const rows: BenchRow[] = [];
  try {
    const token = await signIn(server.url);
    for (const [strategy, run] of [
      ["whole-file retries", wholeRetries],
      ["tus resume", tusRetries],
    ] as const) {
      const o = await run(server.url, token, file);
      // The stored file must be the file, byte for byte.
      const got = Buffer.from(
        await (await fetch(`${server.url}/api/uploads/files/${o.file}`, { headers: { authToken: token } })).arrayBuffer(),
      );
      if (sha256(got) !== sha256(file)) throw new Error(`resumable: ${strategy} (${store}) stored ${got.length} bytes that differ`);
      console.error(`resumable: ${strategy} (${store}): ${o.log.join("; ")}; downloaded back, sha256 equal`);
      const c = `${strategy}, ${FILE_MB} MB cut 3x (${store})`;
      rows.push({ bench: "resumable", case: c, metric: "attempts", value: o.attempts, unit: "requests" });
      rows.push({ bench: "resumable", case: c, metric: "bytes sent (all requests)", value: mb(o.wire), unit: "MB" });
      rows.push({ bench: "resumable", case: c, metric: "ratio to file size", value: o.wire / file.length, unit: "x" });
      rows.push({ bench: "resumable", case: c, metric: "time to success", value: o.ms / 1000, unit: "s" });
    }
    if (server.exited()) throw new Error(`resumable: the server exited (${server.exited()}):\n${server.output()}`);
  } finally {
    await server.stop();
  }
  return rows;
}

export default async function resumableBench(): Promise<BenchRow[]> {
  const file = mp4Bytes(FILE_MB * 1024 * 1024);
  console.error(
    `resumable: ${FILE_MB} MB MP4; attempts 1-3 cut after ${CUTS.map((c) => `${c * 100}%`).join(", ")} of what that attempt sends ` +
      `(whole: the multipart body from byte 0; tus: the rest from the server's offset), ${PAUSE_BEFORE_CUT_MS} ms after the last ` +
      `write; attempt 4 completes. Bytes sent = everything written to the sockets (headers, bodies, tus create and HEAD). ` +
      (MBIT > 0 ? `Uplink paced at ${MBIT} Mbit/s.` : "Uplink not paced (localhost): the times are mostly the 3 pauses."),
  );
  const rows = await measure("disk", {}, file);
  const endpoint = process.env.TEST_S3_ENDPOINT;
  if (!endpoint) {
    console.error("resumable: TEST_S3_ENDPOINT not set, measured disk storage only");
    return rows;
  }
  const bucket = `portal-bench-${Date.now().toString(36)}-${randomBytes(3).toString("hex")}`;
  const keys = { accessKeyId: process.env.TEST_S3_ACCESS_KEY_ID ?? "", secretAccessKey: process.env.TEST_S3_SECRET_ACCESS_KEY ?? "" };
  try {
    rows.push(
      ...(await measure(
        "s3",
        {
          S3_ENDPOINT: endpoint,
          S3_BUCKET: bucket,
          S3_ACCESS_KEY_ID: keys.accessKeyId,
          S3_SECRET_ACCESS_KEY: keys.secretAccessKey,
          S3_FORCE_PATH_STYLE: "true",
        },
        file,
      )),
    );
  } finally {
    const s3 = new S3Client({ endpoint, region: "us-east-1", forcePathStyle: true, credentials: keys });
    const listed = await s3.send(new ListObjectsV2Command({ Bucket: bucket })).catch(() => undefined);
    for (const o of listed?.Contents ?? []) await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: o.Key! })).catch(() => {});
    await s3.send(new DeleteBucketCommand({ Bucket: bucket })).catch(() => {});
    s3.destroy();
  }
  return rows;
}
