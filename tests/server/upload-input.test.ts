// Malformed and stalled multipart uploads: a prompt 4xx JSON with a pt-BR message, no file and no row left (server, PGlite).
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixtures, makeTestApp, multipart, SAMPLE, type Fixtures, type TestApp } from "./helpers";
import { storedFiles } from "../../server/db/schema";

const BAD_BOUNDARY = "O envio não é um multipart/form-data válido: o boundary está ausente ou não confere.";
const INCOMPLETE = "O envio do arquivo chegou incompleto. Tente novamente.";
const STALLED = "O envio do arquivo parou de chegar ao servidor. Verifique a conexão e tente novamente.";

describe("malformed and stalled uploads", () => {
  let t: TestApp;
  let f: Fixtures;
  const leftovers = async () => ({
    files: fs.readdirSync(t.uploadDir).filter((n) => !n.startsWith(".")),
    incoming: fs.readdirSync(path.join(t.uploadDir, ".incoming")),
    rows: (await t.db.select().from(storedFiles)).length,
  });
  beforeAll(async () => {
    t = await makeTestApp("pglite", { uploadIdleTimeoutMs: 400 });
    f = await fixtures(t);
  });
  afterAll(() => t?.close());

  const { payload, headers } = multipart("foto.png", Buffer.concat([SAMPLE.png, Buffer.alloc(5000, 9)]));
  const type = headers["content-type"];
  const boundary = type.split("boundary=")[1];
  it.each([
    ["without a boundary", "multipart/form-data", payload, BAD_BOUNDARY],
    ["with a boundary over 256 characters", `multipart/form-data; boundary=${"b".repeat(300)}`, payload, BAD_BOUNDARY],
    ["with a boundary the body does not use", "multipart/form-data; boundary=outro", payload, INCOMPLETE],
    ["with the body cut inside the file", type, payload.subarray(0, 3000), INCOMPLETE],
    ["with the body cut inside a part's headers", type, payload.subarray(0, 40), INCOMPLETE],
    ["without the closing boundary", type, payload.subarray(0, payload.length - boundary.length - 6), INCOMPLETE],
  ])("answers an upload %s with 400 JSON and keeps nothing", async (_label, contentType, body, message) => {
    const before = await leftovers();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/uploads/upload",
      headers: { "content-type": contentType, authToken: f.token1 },
      payload: body,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message });
    expect(await leftovers()).toEqual(before);
  });

  /** A raw connection to the app on a real port: app.inject cannot leave a body half-sent. */
  async function connect() {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: "127.0.0.1" });
    const socket = net.connect((t.app.server.address() as net.AddressInfo).port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("data", (c: Buffer) => chunks.push(c));
    const closed = new Promise<number>((resolve) => socket.on("close", () => resolve(Date.now())));
    return { socket, closed, answer: () => Buffer.concat(chunks).toString("utf8") };
  }

  it("answers a client that sends part of the file and goes silent with 408 JSON, closes the connection and keeps nothing", async () => {
    const before = await leftovers();
    const { socket, closed, answer: read } = await connect();
    const head =
      `POST /api/uploads/upload HTTP/1.1\r\nHost: localhost\r\nauthToken: ${f.token1}\r\nContent-Type: ${type}\r\n` +
      `Content-Length: ${payload.length}\r\n\r\n`;
    const sentAt = Date.now();
    socket.write(Buffer.concat([Buffer.from(head), payload.subarray(0, 2000)]));
    const closedAt = await closed;
    expect(closedAt - sentAt).toBeLessThan(5000);
    const answer = read();
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4))).toEqual({ success: false, message: STALLED });
    expect(await leftovers()).toEqual(before);
  });

  it("answers a client that sends only the headers and goes silent with 408 too", async () => {
    const { socket, closed, answer } = await connect();
    socket.write(
      `POST /api/uploads/upload HTTP/1.1\r\nHost: localhost\r\nauthToken: ${f.token1}\r\nContent-Type: ${type}\r\nContent-Length: 9000\r\n\r\n`,
    );
    await closed;
    expect(answer()).toMatch(/^HTTP\/1\.1 408 [\s\S]*"message":"O envio do arquivo parou de chegar/);
  });

  it("closes a resumable upload chunk whose client goes silent, keeps the bytes that arrived, and lets the upload resume", async () => {
    const total = 50_000;
    const created = await t.app.inject({
      method: "POST",
      url: "/api/uploads/tus",
      headers: { authToken: f.token1, "tus-resumable": "1.0.0", "upload-length": String(total) },
    });
    const location = String(created.headers.location);
    const bytes = Buffer.alloc(total, 9);
    SAMPLE.png.copy(bytes);
    const { socket, closed } = await connect();
    const sentAt = Date.now();
    socket.write(
      `PATCH ${location} HTTP/1.1\r\nHost: localhost\r\nauthToken: ${f.token1}\r\nTus-Resumable: 1.0.0\r\nUpload-Offset: 0\r\n` +
        `Content-Type: application/offset+octet-stream\r\nContent-Length: ${total}\r\n\r\n`,
    );
    socket.write(bytes.subarray(0, 20_000));
    const closedAt = await closed;
    expect(closedAt - sentAt).toBeLessThan(5000);
    const tus = { authToken: f.token1, "tus-resumable": "1.0.0" };
    const where = await t.app.inject({ method: "HEAD", url: location, headers: tus });
    expect(where.headers["upload-offset"]).toBe("20000");
    const rest = await t.app.inject({
      method: "PATCH",
      url: location,
      headers: { ...tus, "upload-offset": "20000", "content-type": "application/offset+octet-stream" },
      payload: bytes.subarray(20_000),
    });
    expect(rest.statusCode).toBe(200);
    expect(rest.json()).toMatchObject({ success: true, size: total, mimeType: "image/png" });
  });
});
