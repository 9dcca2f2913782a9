// tus answers a client can act on: concatenation refused as unsupported (4xx, no Retry-After), a body longer than the declared
// length told as such, and parallel PATCHes of one upload over real sockets: the losers get 409 with the current
// Upload-Offset, never "not found" for an upload that completed (node, server project, PGlite and PostgreSQL).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { BACKENDS, fixtures, makeTestApp, SAMPLE, type Fixtures, type TestApp } from "./helpers";
import { storedFiles } from "../../server/db/schema";
import { RESUMABLE_MESSAGES } from "../../server/lib/tus-refusals";

const LIMITS = { image: 4096, video: 8 * 1024 * 1024, document: 4096 };
const b64 = (s: string) => Buffer.from(s).toString("base64");
const video = (n: number) => {
  const body = Buffer.from(Array.from({ length: n }, (_, i) => i % 251));
  SAMPLE.mp4.copy(body, 0, 0, 12);
  return body;
};

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request over its own real connection (no keep-alive pooling, so parallel requests really are parallel). */
function request(port: number, method: string, path: string, headers: Record<string, string>, body?: Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, method, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

describe.each(BACKENDS)("tus protocol answers on %s", (backend) => {
  let t: TestApp;
  let f: Fixtures;
  let port: number;
  beforeAll(async () => {
    t = await makeTestApp(backend, { loginRateLimit: { max: 1000, windowMs: 60_000 }, uploadLimits: LIMITS });
    f = await fixtures(t);
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t?.close());

  const tus = () => ({ authToken: f.token1, "tus-resumable": "1.0.0" });
  const create = async (size: number) => {
    const res = await request(port, "POST", "/api/uploads/tus", {
      ...tus(),
      "upload-length": String(size),
      "upload-metadata": `filename ${b64("video.mp4")},filetype ${b64("video/mp4")}`,
    });
    expect(res.status).toBe(201);
    return String(res.headers.location);
  };

  it("refuses concatenation (Upload-Concat) as unsupported with 400 JSON in Portuguese and no Retry-After", async () => {
    for (const concat of ["partial", "final;/api/uploads/tus/0123456789abcdef0123456789abcdef"]) {
      const res = await request(port, "POST", "/api/uploads/tus", { ...tus(), "upload-length": "100", "upload-concat": concat });
      expect([concat, res.status]).toEqual([concat, 400]);
      expect(JSON.parse(res.body)).toEqual({ success: false, message: RESUMABLE_MESSAGES.concat });
      expect(res.headers["retry-after"]).toBeUndefined();
    }
  });

  it("answers a PATCH longer than the declared Upload-Length with 413 saying so, not the kind's size limit", async () => {
    const location = await create(5000);
    const res = await request(
      port,
      "PATCH",
      location,
      { ...tus(), "upload-offset": "0", "content-type": "application/offset+octet-stream" },
      video(6000),
    );
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ success: false, message: RESUMABLE_MESSAGES.overDeclared });
    expect(RESUMABLE_MESSAGES.overDeclared).toBe("O arquivo enviado é maior que o tamanho declarado no início do envio.");
    // Sent in chunks with no Content-Length, the same answer once the bytes pass the declared length.
    const chunked = await new Promise<Answer>((resolve, reject) => {
      const req = http.request(
        {
          host: "127.0.0.1",
          port,
          method: "PATCH",
          path: location,
          agent: false,
          headers: { ...tus(), "upload-offset": "0", "content-type": "application/offset+octet-stream", "transfer-encoding": "chunked" },
        },
        (r) => {
          const chunks: Buffer[] = [];
          r.on("data", (c: Buffer) => chunks.push(c));
          r.on("end", () => resolve({ status: r.statusCode!, headers: r.headers, body: Buffer.concat(chunks).toString("utf8") }));
        },
      );
      req.on("error", reject);
      req.write(video(3000));
      req.end(video(3000));
    });
    expect(chunked.status).toBe(413);
    expect(JSON.parse(chunked.body)).toEqual({ success: false, message: RESUMABLE_MESSAGES.overDeclared });
  });

  it("answers the losers of 6 parallel PATCHes of one upload with 409 and the current Upload-Offset; the file is stored once", async () => {
    const bytes = video(3 * 1024 * 1024);
    const location = await create(bytes.length);
    const id = location.split("/").pop()!;
    const headers = { ...tus(), "upload-offset": "0", "content-type": "application/offset+octet-stream" };
    const answers = await Promise.all(Array.from({ length: 6 }, () => request(port, "PATCH", location, headers, bytes)));
    const statuses = answers.map((a) => a.status).sort();
    // Never "not found" (the client would send the file again), never a 5xx or a 400 of the client's making.
    expect(
      statuses.every((s) => s === 200 || s === 204 || s === 409 || s === 423),
      JSON.stringify(statuses),
    ).toBe(true);
    // The winner gets the stored file; a PATCH that only reached the server once the file was stored gets that file too (the
    // answer to a repeated last PATCH), never another one.
    const stored = JSON.parse(answers.find((a) => a.status === 200)!.body);
    expect(stored).toMatchObject({ success: true, size: bytes.length, mimeType: "video/mp4" });
    for (const won of answers.filter((a) => a.status === 200)) expect(JSON.parse(won.body).file).toBe(stored.file);
    for (const loser of answers.filter((a) => a.status === 409)) {
      const offset = Number(loser.headers["upload-offset"]);
      expect(Number.isSafeInteger(offset) && offset >= 0 && offset <= bytes.length, loser.body).toBe(true);
      expect(JSON.parse(loser.body).success).toBe(false);
    }
    // Every 409 answered after the file was stored tells all of it arrived.
    expect(answers.filter((a) => a.status === 409 && a.headers["upload-offset"] === String(bytes.length)).length).toBeGreaterThan(0);
    // The completed upload's result is there for the losers to fetch; one stored file.
    const result = await request(port, "GET", location, { authToken: f.token1 });
    expect([result.status, JSON.parse(result.body).file]).toEqual([200, stored.file]);
    expect(await t.db.select().from(storedFiles).where(eq(storedFiles.uploadId, id))).toHaveLength(1);
  });
});
