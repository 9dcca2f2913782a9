// Upload security: magic bytes decide the type, per-kind size limits leave no partial file, downloads only for the owner, Range, traversal.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { BACKENDS, fixtures, makeTestApp, multipart, SAMPLE, upload, type Fixtures, type TestApp } from "./helpers";
import { storedFiles } from "../../server/db/schema";
import { DEMO_PASSWORD, DEMO_USERS } from "../../server/seed";

const LIMITS = { image: 2048, video: 4096, document: 2048 };

describe.each(BACKENDS)("uploads on %s", (backend) => {
  let t: TestApp;
  let f: Fixtures;
  const files = () =>
    fs
      .readdirSync(t.uploadDir)
      .filter((n) => !n.startsWith("."))
      .sort();
  const incoming = () => fs.readdirSync(path.join(t.uploadDir, ".incoming"));
  const download = (name: string, headers: Record<string, string> = { authToken: f.token1 }) =>
    t.app.inject({ method: "GET", url: `/api/uploads/files/${name}`, headers });
  beforeAll(async () => {
    t = await makeTestApp(backend, { loginRateLimit: { max: 1000, windowMs: 60_000 }, uploadLimits: LIMITS });
    f = await fixtures(t);
  });
  afterAll(() => t?.close());

  it("stores an image under a random name and records its owner", async () => {
    const res = await upload(t, f.token1, "../../foto do carro.png", SAMPLE.png);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, originalName: "foto do carro.png", size: SAMPLE.png.length, mimeType: "image/png" });
    expect(body.file).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect(body.filename).toBe(body.file);
    expect(fs.readFileSync(path.join(t.uploadDir, body.file))).toEqual(SAMPLE.png);
    const [row] = await t.db.select().from(storedFiles).where(eq(storedFiles.storedName, body.file));
    expect(row.servicePointId).toBe(f.p1);
  });

  it("serves files to their point only, inline for media and as attachment for documents, with nosniff", async () => {
    const img = (await upload(t, f.token1, "a.png", SAMPLE.png)).json().file;
    const ok = await download(img);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers["content-type"]).toBe("image/png");
    expect(ok.headers["x-content-type-options"]).toBe("nosniff");
    expect(ok.headers["content-disposition"]).toMatch(/^inline;/);
    expect(ok.rawPayload).toEqual(SAMPLE.png);
    expect((await download(img, { authToken: f.token2 })).statusCode).toBe(404);
    expect((await download(img, {})).statusCode).toBe(401);

    const login = await t.app.inject({
      method: "POST",
      url: "/api/credenciado/login",
      payload: { email: DEMO_USERS.main, password: DEMO_PASSWORD },
    });
    const cookie = String(login.headers["set-cookie"]).split(";")[0];
    expect((await download(img, { cookie })).statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/api/credenciado/get", headers: { cookie } })).statusCode).toBe(401);

    const pdf = (await upload(t, f.token1, "laudo.pdf", SAMPLE.pdf)).json().file;
    const doc = await download(pdf);
    expect(doc.headers["content-type"]).toBe("application/pdf");
    expect(doc.headers["content-disposition"]).toBe(`attachment; filename="laudo.pdf"; filename*=UTF-8''laudo.pdf`);
  });

  it("makes the browser revalidate every file (no cached copy for the next user of the phone) and answers 304 to its owner only", async () => {
    const img = (await upload(t, f.token1, "a.png", SAMPLE.png)).json().file;
    const first = await download(img);
    expect(first.headers["cache-control"]).toBe("private, no-cache");
    const etag = String(first.headers.etag);
    expect(etag).toBe(`"${img}"`);
    const again = await download(img, { authToken: f.token1, "if-none-match": etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect((await download(img, { authToken: f.token2, "if-none-match": etag })).statusCode).toBe(404);
    expect((await download(img, { "if-none-match": etag })).statusCode).toBe(401);
  });

  it("offers a download under a safe name with the extension of its real type, never the uploaded one", async () => {
    const disposition = async (name: string, content: Buffer) =>
      (await download((await upload(t, f.token1, name, content)).json().file)).headers["content-disposition"];
    expect(await disposition("evil.html", SAMPLE.jpg)).toBe(`inline; filename="evil.jpg"; filename*=UTF-8''evil.jpg`);
    expect(await disposition("relatório final.exe.pdf", SAMPLE.pdf)).toBe(
      `attachment; filename="relatorio final_exe.pdf"; filename*=UTF-8''${encodeURIComponent("relatório final_exe.pdf")}`,
    );
    const stored = (await upload(t, f.token1, "<script>.svg", SAMPLE.png)).json().file as string;
    expect((await download(stored)).headers["content-disposition"]).toBe(`inline; filename="script.png"; filename*=UTF-8''script.png`);
    const nameless = (await upload(t, f.token1, "%%%.mp4", SAMPLE.png)).json().file as string;
    expect((await download(nameless)).headers["content-disposition"]).toBe(`inline; filename="${nameless}"; filename*=UTF-8''${nameless}`);
  });

  it("answers byte ranges with 206 and unsatisfiable ones with 416", async () => {
    const video = (await upload(t, f.token1, "v.mp4", SAMPLE.mp4)).json().file;
    const part = await download(video, { authToken: f.token1, range: "bytes=0-9" });
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 0-9/${SAMPLE.mp4.length}`);
    expect(part.rawPayload).toEqual(SAMPLE.mp4.subarray(0, 10));
    const tail = await download(video, { authToken: f.token1, range: "bytes=-5" });
    expect(tail.rawPayload).toEqual(SAMPLE.mp4.subarray(-5));
    const bad = await download(video, { authToken: f.token1, range: `bytes=${SAMPLE.mp4.length + 10}-` });
    expect(bad.statusCode).toBe(416);
    expect(bad.headers["content-range"]).toBe(`bytes */${SAMPLE.mp4.length}`);
  });

  it("answers several ranges with one multipart/byteranges 206, merges overlapping ones, and sends the whole file for too many", async () => {
    const video = (await upload(t, f.token1, "v.mp4", SAMPLE.mp4)).json().file;
    const total = SAMPLE.mp4.length;
    const multi = await download(video, { authToken: f.token1, range: "bytes=0-1,5-9" });
    expect(multi.statusCode).toBe(206);
    const boundary = /^multipart\/byteranges; boundary=(\S+)$/.exec(String(multi.headers["content-type"]))?.[1];
    expect(boundary).toBeTruthy();
    expect(Number(multi.headers["content-length"])).toBe(multi.rawPayload.length);
    const part = (r: string, bytes: Buffer) =>
      Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Type: video/mp4\r\nContent-Range: bytes ${r}/${total}\r\n\r\n`), bytes]);
    expect(multi.rawPayload).toEqual(
      Buffer.concat([
        part("0-1", SAMPLE.mp4.subarray(0, 2)),
        Buffer.from("\r\n"),
        part("5-9", SAMPLE.mp4.subarray(5, 10)),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    );
    const merged = await download(video, { authToken: f.token1, range: "bytes=3-9,0-4" });
    expect([merged.statusCode, merged.headers["content-range"]]).toEqual([206, `bytes 0-9/${total}`]);
    expect(merged.rawPayload).toEqual(SAMPLE.mp4.subarray(0, 10));
    const many = Array.from({ length: 20 }, (_, i) => `${i * 10}-${i * 10 + 1}`).join(",");
    const whole = await download(video, { authToken: f.token1, range: `bytes=${many}` });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload).toEqual(SAMPLE.mp4);
    const oneSatisfiable = await download(video, { authToken: f.token1, range: `bytes=${total + 5}-,0-3` });
    expect([oneSatisfiable.statusCode, oneSatisfiable.headers["content-range"]]).toEqual([206, `bytes 0-3/${total}`]);
  });

  it.each([
    ["page.mp4", SAMPLE.html],
    ["image.mp4", SAMPLE.svg],
    ["x.png", Buffer.from("MZ\x90\x00 not an image")],
  ])("refuses %s whose bytes are not an allowed type with 415 and keeps nothing", async (name, content) => {
    const before = files();
    const res = await upload(t, f.token1, name, content);
    expect(res.statusCode).toBe(415);
    expect(res.json().success).toBe(false);
    expect(res.json().message).toMatch(/^Tipo de arquivo não permitido/);
    expect(files()).toEqual(before);
    expect(incoming()).toEqual([]);
  });

  it("refuses files over the limit of their kind with 413 and leaves no partial file or row", async () => {
    const before = files();
    const rowsBefore = (await t.db.select().from(storedFiles)).length;
    const bigImage = Buffer.concat([SAMPLE.png, Buffer.alloc(LIMITS.image, 1)]);
    const res = await upload(t, f.token1, "grande.png", bigImage);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(
      "Arquivo grande demais. O limite para imagens é 0.001953125 MB.".replace("0.001953125", String(LIMITS.image / 1024 / 1024)),
    );
    const bigVideo = Buffer.concat([SAMPLE.mp4, Buffer.alloc(LIMITS.video * 2, 2)]);
    expect((await upload(t, f.token1, "grande.mp4", bigVideo)).statusCode).toBe(413);
    expect(files()).toEqual(before);
    expect(incoming()).toEqual([]);
    expect((await t.db.select().from(storedFiles)).length).toBe(rowsBefore);
  });

  it("refuses empty files and requests without the file field", async () => {
    const empty = await upload(t, f.token1, "vazio.png", Buffer.alloc(0));
    expect([empty.statusCode, empty.json().message]).toEqual([400, "O arquivo enviado está vazio."]);
    const { payload, headers } = multipart("a.png", SAMPLE.png, "foto");
    const wrongField = await t.app.inject({
      method: "POST",
      url: "/api/uploads/upload",
      headers: { ...headers, authToken: f.token1 },
      payload,
    });
    expect([wrongField.statusCode, wrongField.json().message]).toEqual([400, "Nenhum arquivo foi enviado"]);
    const json = await t.app.inject({
      method: "POST",
      url: "/api/uploads/upload",
      headers: { authToken: f.token1 },
      payload: { file: "x" },
    });
    expect(json.statusCode).toBe(400);
    expect(incoming()).toEqual([]);
  });

  it.each([
    "..%2F..%2Fpackage.json",
    "%2e%2e%2f%2e%2e%2fetc%2fpasswd",
    "..%5C..%5Cserver%5Capp.ts",
    "....//....//etc/passwd",
    "%252e%252e%252fpackage.json",
    ".incoming",
    "..",
    "portal.lock",
  ])("answers 404 to the traversal attempt %s", async (name) => {
    const res = await t.app.inject({ method: "GET", url: `/api/uploads/files/${name}`, headers: { authToken: f.token1 } });
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toContain("application/json");
  });

  it("refuses a NUL byte in the name with 400", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/uploads/files/x%00.png", headers: { authToken: f.token1 } });
    expect([res.statusCode, res.json().message]).toEqual([400, "A requisição contém caracteres inválidos."]);
  });
});
