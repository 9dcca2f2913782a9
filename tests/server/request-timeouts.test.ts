// Request deadlines over real sockets (deadlines shortened through buildApp's `timeouts`): a JSON body that stops, or trickles
// past the body deadline, is answered 408 JSON and its connection closed; a body left unread after an early answer does not
// hold its connection; stalled headers get Node's 408; slow but steady uploads (multipart and tus) are not cut (node, PGlite).
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { loadConfig } from "../../server/config";
import { openDatabase } from "../../server/db/client";
import { seedCentralIfEmpty, seedIfEmpty } from "../../server/seed";
import { BODY_TIMEOUT_MESSAGE } from "../../server/lib/upload-timeouts";
import { fixtures, multipart, SAMPLE, type Fixtures, type TestApp } from "./helpers";

const TIMEOUTS = { headersMs: 800, bodyMs: 700, checkEveryMs: 100 };
/** Longest a stalled request may stay open past its deadline in these tests (timer and scheduling slack). */
const SLACK_MS = 700;
const IDLE_MS = 500;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("request deadlines", () => {
  let t: TestApp;
  let f: Fixtures;
  let port: number;
  beforeAll(async () => {
    const handle = await openDatabase({});
    await seedIfEmpty(handle.db);
    await seedCentralIfEmpty(handle.db);
    const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-test-uploads-"));
    const config = {
      ...loadConfig({}),
      staticDir: "/nonexistent-static-dir",
      uploadDir,
      uploadIdleTimeoutMs: IDLE_MS,
      loginRateLimit: { max: 1000, windowMs: 60_000 },
    };
    const app = await buildApp({ db: handle.db, config, timeouts: TIMEOUTS });
    t = {
      app,
      db: handle.db,
      uploadDir,
      async close() {
        await app.close();
        await handle.close();
        fs.rmSync(uploadDir, { recursive: true, force: true });
      },
    };
    f = await fixtures(t);
    await app.listen({ port: 0, host: "127.0.0.1" });
    port = (app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => t?.close());

  /** A raw connection: what the server answered, and when it closed the connection. */
  function connect() {
    const socket = net.connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("data", (c: Buffer) => chunks.push(c));
    socket.on("error", () => {});
    const closed = new Promise<number>((resolve) => socket.on("close", () => resolve(Date.now())));
    return { socket, closed, answer: () => Buffer.concat(chunks).toString("utf8") };
  }
  const jsonOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4)) as unknown;
  const head = (method: string, url: string, headers: Record<string, string | number>) =>
    `${method} ${url} HTTP/1.1\r\nHost: localhost\r\n${Object.entries(headers)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join("")}\r\n`;

  it("answers a JSON body that stops arriving with 408 JSON and closes the connection within the deadline", async () => {
    for (const [url, token] of [
      ["/api/credenciado/login", undefined],
      ["/api/agendamentos/cancelar", f.token1],
    ] as const) {
      const { socket, closed, answer } = connect();
      const body = JSON.stringify({ email: "demo@credenciado.com.br", password: "x".repeat(200) });
      const sentAt = Date.now();
      socket.write(
        head("POST", url, {
          "Content-Type": "application/json",
          "Content-Length": body.length,
          ...(token ? { authToken: token } : {}),
        }) + body.slice(0, 20),
      );
      const closedAt = await closed;
      expect([url, closedAt - sentAt < TIMEOUTS.bodyMs + SLACK_MS]).toEqual([url, true]);
      expect(closedAt - sentAt).toBeGreaterThanOrEqual(TIMEOUTS.bodyMs - 50);
      expect(answer()).toMatch(/^HTTP\/1\.1 408 /);
      expect(answer()).toMatch(/\r\nconnection: close\r\n/i);
      expect(jsonOf(answer())).toEqual({ success: false, message: BODY_TIMEOUT_MESSAGE });
    }
  });

  it("answers 408 to a JSON body trickling in steadily past the deadline: a bound on the whole body, not on silence", async () => {
    const { socket, closed, answer } = connect();
    const body = JSON.stringify({ email: "demo@credenciado.com.br", password: "y".repeat(100) });
    const sentAt = Date.now();
    socket.write(head("POST", "/api/credenciado/login", { "Content-Type": "application/json", "Content-Length": body.length }));
    let closedYet = false;
    void closed.then(() => (closedYet = true));
    for (let i = 0; i < body.length && !closedYet; i++) {
      socket.write(body[i]!);
      await sleep(50);
    }
    const closedAt = await closed;
    expect(closedAt - sentAt).toBeLessThan(TIMEOUTS.bodyMs + SLACK_MS);
    expect(jsonOf(answer())).toEqual({ success: false, message: BODY_TIMEOUT_MESSAGE });
  });

  it("still answers a JSON body sent in pieces within the deadline, and keeps the connection", async () => {
    const { socket, answer } = connect();
    const body = JSON.stringify({ email: "demo@credenciado.com.br", password: "senha-errada" });
    socket.write(head("POST", "/api/credenciado/login", { "Content-Type": "application/json", "Content-Length": body.length }));
    socket.write(body.slice(0, 10));
    await sleep(TIMEOUTS.bodyMs / 3);
    socket.write(body.slice(10));
    await sleep(TIMEOUTS.bodyMs + SLACK_MS);
    expect(answer()).toMatch(/^HTTP\/1\.1 401 /);
    expect(socket.destroyed).toBe(false);
    socket.destroy();
  });

  it("closes a connection whose body stalls after an early answer (refused before the body was read)", async () => {
    const { socket, closed, answer } = connect();
    const sentAt = Date.now();
    socket.write(
      head("POST", "/api/agendamentos/cancelar", {
        "Content-Type": "application/json",
        "Content-Length": 500,
        authToken: "nao-e-um-token",
      }) + "{",
    );
    const closedAt = await closed;
    expect(answer()).toMatch(/^HTTP\/1\.1 401 /);
    expect(closedAt - sentAt).toBeLessThan(TIMEOUTS.bodyMs + SLACK_MS);
  });

  it("answers headers that stop arriving with 408 and closes the connection (Node's headers deadline)", async () => {
    const { socket, closed, answer } = connect();
    const sentAt = Date.now();
    socket.write("POST /api/credenciado/login HTTP/1.1\r\nHost: localhost\r\nContent-Ty");
    const closedAt = await closed;
    expect(closedAt - sentAt).toBeLessThan(TIMEOUTS.headersMs + TIMEOUTS.checkEveryMs + SLACK_MS);
    expect(answer()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it("keeps an idle keep-alive connection between requests past the headers deadline", async () => {
    const { socket, answer } = connect();
    const get = head("GET", "/api/credenciado/auth", { authToken: f.token1 });
    socket.write(get);
    await sleep(TIMEOUTS.headersMs + TIMEOUTS.checkEveryMs + SLACK_MS);
    expect(socket.destroyed).toBe(false);
    socket.write(get);
    await sleep(300);
    expect(answer().match(/HTTP\/1\.1 200 /g)).toHaveLength(2);
    socket.destroy();
  });

  it("does not cut a slow but steady multipart upload that takes several times the body deadline", async () => {
    const file = Buffer.concat([SAMPLE.png, Buffer.alloc(3000, 5)]);
    const { payload, headers } = multipart("lenta.png", file);
    const { socket, closed, answer } = connect();
    const startedAt = Date.now();
    socket.write(
      head("POST", "/api/uploads/upload", { ...headers, "Content-Length": payload.length, authToken: f.token1, Connection: "close" }),
    );
    const pieces = 16;
    const size = Math.ceil(payload.length / pieces);
    for (let i = 0; i < pieces; i++) {
      socket.write(payload.subarray(i * size, (i + 1) * size));
      // Each pause under the upload's idle timeout, the whole upload well past the body deadline.
      await sleep(IDLE_MS / 3);
    }
    await closed;
    expect(Date.now() - startedAt).toBeGreaterThan(2 * TIMEOUTS.bodyMs);
    expect(answer()).toMatch(/^HTTP\/1\.1 200 /);
    expect(jsonOf(answer())).toMatchObject({ success: true, originalName: "lenta.png", size: file.length });
  });

  it("does not cut a slow but steady resumable (tus) PATCH that takes several times the body deadline", async () => {
    const bytes = Buffer.concat([SAMPLE.png, Buffer.alloc(3000, 6)]);
    const tus = { authToken: f.token1, "tus-resumable": "1.0.0" };
    const created = await t.app.inject({
      method: "POST",
      url: "/api/uploads/tus",
      headers: { ...tus, "upload-length": String(bytes.length) },
    });
    expect(created.statusCode).toBe(201);
    const { socket, closed, answer } = connect();
    const startedAt = Date.now();
    socket.write(
      head("PATCH", String(created.headers.location), {
        ...tus,
        "Upload-Offset": 0,
        "Content-Type": "application/offset+octet-stream",
        "Content-Length": bytes.length,
        Connection: "close",
      }),
    );
    for (let i = 0; i < 16; i++) {
      socket.write(bytes.subarray(i * 200, (i + 1) * 200));
      await sleep(IDLE_MS / 3);
    }
    socket.write(bytes.subarray(16 * 200));
    await closed;
    expect(Date.now() - startedAt).toBeGreaterThan(2 * TIMEOUTS.bodyMs);
    expect(answer()).toMatch(/^HTTP\/1\.1 200 /);
    expect(jsonOf(answer())).toMatchObject({ success: true, size: bytes.length, mimeType: "image/png" });
  });
});
