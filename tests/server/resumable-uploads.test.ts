// Resumable uploads (tus 1.0.0 at /api/uploads/tus): create, resume from the server's offset, finish with the stored file,
// the same answer again after a lost one, owner checks, refusals in Portuguese JSON (node, server project).
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { BACKENDS, fixtures, makeTestApp, SAMPLE, type Fixtures, type TestApp } from "./helpers";
import { storedFiles } from "../../server/db/schema";
import { RESUMABLE_MESSAGES } from "../../server/lib/tus-refusals";

const LIMITS = { image: 4096, video: 2 * 1024 * 1024, document: 4096 };
const b64 = (s: string) => Buffer.from(s).toString("base64");
/** An MP4 of `n` bytes: the ftyp box, then byte i = i % 251. */
const video = (n: number) => {
  const body = Buffer.from(Array.from({ length: n }, (_, i) => i % 251));
  SAMPLE.mp4.copy(body, 0, 0, 12);
  return body;
};

describe.each(BACKENDS)("resumable uploads on %s", (backend) => {
  let t: TestApp;
  let f: Fixtures;
  beforeAll(async () => {
    t = await makeTestApp(backend, { loginRateLimit: { max: 1000, windowMs: 60_000 }, uploadLimits: LIMITS });
    f = await fixtures(t);
  });
  afterAll(() => t?.close());

  const create = (token: string, size: number, meta: Record<string, string> = { filename: "video da os.mp4", filetype: "video/mp4" }) =>
    t.app.inject({
      method: "POST",
      url: "/api/uploads/tus",
      headers: {
        authToken: token,
        "tus-resumable": "1.0.0",
        "upload-length": String(size),
        "upload-metadata": Object.entries(meta)
          .map(([k, v]) => `${k} ${b64(v)}`)
          .join(","),
      },
    });
  const head = (token: string, location: string) =>
    t.app.inject({ method: "HEAD", url: location, headers: { authToken: token, "tus-resumable": "1.0.0" } });
  const patch = (token: string, location: string, offset: number, bytes: Buffer) =>
    t.app.inject({
      method: "PATCH",
      url: location,
      headers: {
        authToken: token,
        "tus-resumable": "1.0.0",
        "upload-offset": String(offset),
        "content-type": "application/offset+octet-stream",
      },
      payload: bytes,
    });

  it("creates an upload, resumes at the offset the server reports, and answers the stored file on the last chunk", async () => {
    const bytes = video(300_000);
    const created = await create(f.token1, bytes.length);
    expect(created.statusCode).toBe(201);
    const location = String(created.headers.location);
    expect(location).toMatch(/^\/api\/uploads\/tus\/[0-9a-f]{32}$/);

    const first = await patch(f.token1, location, 0, bytes.subarray(0, 120_000));
    expect(first.statusCode).toBe(204);
    expect(first.headers["upload-offset"]).toBe("120000");
    // The connection was cut: the client asks where to go on from.
    const where = await head(f.token1, location);
    expect(where.statusCode).toBe(200);
    expect(where.headers["upload-offset"]).toBe("120000");
    expect(where.headers["upload-length"]).toBe(String(bytes.length));

    const stale = await patch(f.token1, location, 0, bytes.subarray(0, 10));
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ success: false, message: RESUMABLE_MESSAGES.offset });

    const last = await patch(f.token1, location, 120_000, bytes.subarray(120_000));
    expect(last.statusCode).toBe(200);
    const body = last.json();
    expect(body).toMatchObject({ success: true, originalName: "video da os.mp4", size: bytes.length, mimeType: "video/mp4" });
    expect(body.file).toMatch(/^[0-9a-f-]{36}\.mp4$/);
    expect(fs.readFileSync(path.join(t.uploadDir, body.file)).equals(bytes)).toBe(true);
    const [row] = await t.db.select().from(storedFiles).where(eq(storedFiles.storedName, body.file));
    expect(row).toMatchObject({ servicePointId: f.p1, size: bytes.length, uploadId: location.split("/").pop() });

    // The last answer was lost: asking again gives the same file, and no second row.
    const again = await t.app.inject({ method: "GET", url: location, headers: { authToken: f.token1 } });
    expect(again.statusCode).toBe(200);
    expect(again.json().file).toBe(body.file);
    expect(
      await t.db
        .select()
        .from(storedFiles)
        .where(eq(storedFiles.uploadId, location.split("/").pop()!)),
    ).toHaveLength(1);
    // HEAD still says all of it arrived (the upload itself is gone from tus' store), and a repeated last PATCH gets the file.
    const after = await head(f.token1, location);
    expect([after.statusCode, after.headers["upload-offset"], after.headers["upload-length"]]).toEqual([
      200,
      String(bytes.length),
      String(bytes.length),
    ]);
    const repeated = await patch(f.token1, location, 120_000, bytes.subarray(120_000));
    expect([repeated.statusCode, repeated.json().file]).toEqual([200, body.file]);
    expect((await head(f.token2, location)).statusCode).toBe(404);
    // And the file downloads like any other, with Range.
    const range = await t.app.inject({
      method: "GET",
      url: `/api/uploads/files/${body.file}`,
      headers: { authToken: f.token1, range: "bytes=200000-200009" },
    });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload.equals(bytes.subarray(200_000, 200_010))).toBe(true);
  });

  it("takes a small file whole in the creating request (creation-with-upload) and answers the stored file", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/uploads/tus",
      headers: {
        authToken: f.token1,
        "tus-resumable": "1.0.0",
        "upload-length": String(SAMPLE.png.length),
        "upload-metadata": `filename ${b64("foto.png")},filetype ${b64("image/png")}`,
        "content-type": "application/offset+octet-stream",
      },
      payload: SAMPLE.png,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, originalName: "foto.png", size: SAMPLE.png.length, mimeType: "image/png" });
    expect(fs.readFileSync(path.join(t.uploadDir, res.json().file)).equals(SAMPLE.png)).toBe(true);
  });

  it("tells an unfinished upload apart when its result is asked for", async () => {
    const created = await create(f.token1, 5000);
    const location = String(created.headers.location);
    await patch(f.token1, location, 0, video(5000).subarray(0, 1000));
    const res = await t.app.inject({ method: "GET", url: location, headers: { authToken: f.token1 } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ success: false, message: RESUMABLE_MESSAGES.unfinished });
    expect(res.headers["upload-offset"]).toBe("1000");
  });

  it("keeps another point's upload out of reach: not found for HEAD, PATCH and the result", async () => {
    const location = String((await create(f.token1, 5000)).headers.location);
    for (const res of [
      await head(f.token2, location),
      await patch(f.token2, location, 0, video(10)),
      await t.app.inject({ method: "GET", url: location, headers: { authToken: f.token2 } }),
    ]) {
      expect(res.statusCode).toBe(404);
    }
    const patched = await patch(f.token2, location, 0, video(10));
    expect(patched.json()).toEqual({ success: false, message: RESUMABLE_MESSAGES.notFound });
    expect((await head(f.token1, location)).headers["upload-offset"]).toBe("0");
    // The owner recorded is the token's point, whatever the client's metadata says.
    const spoofed = String((await create(f.token2, 100, { filename: "x.mp4", filetype: "video/mp4", owner: f.p1 })).headers.location);
    expect((await head(f.token1, spoofed)).statusCode).toBe(404);
    expect((await head(f.token2, spoofed)).statusCode).toBe(200);
  });

  it("needs a token", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/uploads/tus",
      headers: { "tus-resumable": "1.0.0", "upload-length": "10" },
    });
    expect(res.statusCode).toBe(401);
  });

  it("refuses, in Portuguese JSON, a declared image over its limit before any byte, and a file whose bytes are no allowed type", async () => {
    const big = await create(f.token1, LIMITS.image + 1, { filename: "foto.jpg", filetype: "image/jpeg" });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ success: false, message: "Arquivo grande demais. O limite para imagens é 0.00390625 MB." });

    const location = String((await create(f.token1, SAMPLE.html.length, { filename: "a.jpg", filetype: "image/jpeg" })).headers.location);
    const res = await patch(f.token1, location, 0, SAMPLE.html);
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toMatch(/^Tipo de arquivo não permitido/);
    expect(
      await t.db
        .select()
        .from(storedFiles)
        .where(eq(storedFiles.uploadId, location.split("/").pop()!)),
    ).toHaveLength(0);
  });

  it("answers protocol mistakes with 4xx JSON in Portuguese, never 5xx", async () => {
    const noVersion = await t.app.inject({
      method: "POST",
      url: "/api/uploads/tus",
      headers: { authToken: f.token1, "upload-length": "10" },
    });
    expect(noVersion.statusCode).toBe(412);
    expect(noVersion.json()).toEqual({ success: false, message: RESUMABLE_MESSAGES.version });
    const badLength = await t.app.inject({
      method: "POST",
      url: "/api/uploads/tus",
      headers: { authToken: f.token1, "tus-resumable": "1.0.0", "upload-length": "-5" },
    });
    expect(badLength.statusCode).toBe(400);
    expect(badLength.json()).toEqual({ success: false, message: RESUMABLE_MESSAGES.headers });
    const tooBig = await create(f.token1, LIMITS.video * 10);
    expect(tooBig.statusCode).toBe(413);
    const unknown = await head(f.token1, "/api/uploads/tus/0123456789abcdef0123456789abcdef");
    expect(unknown.statusCode).toBe(404);
    const odd = await head(f.token1, "/api/uploads/tus/..%2f..%2fetc");
    expect(odd.statusCode).toBeLessThan(500);
  });
});
