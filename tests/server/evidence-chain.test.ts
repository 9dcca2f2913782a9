// Evidence that proves itself (issue 39, server side): uploads whose SHA-256 the phone declared are verified on arrival (422
// when the bytes differ, 400 when malformed) and recorded with the phone's claims; every file attached to an order is
// appended to the order's hash chain once; finishing the order seals the head with the server's Ed25519 key, published at
// /.well-known/evidence-key and shared by every instance; the point reads its own orders' chains, the central any.
// PGlite, and PostgreSQL with TEST_DATABASE_URL (the race and the two instances).
import { createHash, createPublicKey, randomBytes, verify } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { BACKENDS, call, fixtures, makeTestApp, queryRows, SAMPLE, type Fixtures, type TestApp } from "./helpers";
import { evidenceChain, executionServices, storedFiles } from "../../server/db/schema";
import { buildApp } from "../../server/app";
import { loadConfig } from "../../server/config";
import { openDatabase } from "../../server/db/client";
import { DEMO_CENTRAL, DEMO_PASSWORD, DEMO_USERS } from "../../server/seed";
import { EVIDENCE_MESSAGES } from "../../server/lib/evidence-hash";
import { chainEntryText, GENESIS_HASH, sealText, type EvidenceKind } from "../../src/domain/evidence-chain";
import type { EvidenceChain } from "../../contract/evidencias-cadeia";
import { S3Storage } from "../../server/storage/s3-storage";
import { testS3Settings } from "./s3-env";

const sha = (b: Buffer | string) => createHash("sha256").update(b).digest("hex");
const b64 = (s: string) => Buffer.from(s).toString("base64");
/** A distinct small file of each family (so every upload is its own bytes). */
const jpg = () => Buffer.concat([SAMPLE.jpg, randomBytes(16)]);
const mp4 = () => Buffer.concat([SAMPLE.mp4, randomBytes(16)]);
const pdf = () => Buffer.concat([SAMPLE.pdf, Buffer.from(`%${randomBytes(8).toString("hex")}\n`)]);

/** A multipart body: the phone's claims as fields first, then the file part. */
function multipartWith(fields: Record<string, string>, filename: string, content: Buffer) {
  const boundary = `----portal${randomBytes(8).toString("hex")}`;
  const parts = Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  const payload = Buffer.concat([
    Buffer.from(parts.join("")),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

/** Recomputes an entry's hash from its fields, as the browser's verifier does. */
const entryHash = (ordem: string, e: EvidenceChain["entradas"][number]) =>
  sha(
    chainEntryText({
      ordem,
      seq: e.seq,
      tipo: e.tipo as EvidenceKind,
      arquivo: e.arquivo,
      sha256: e.sha256,
      sha256Original: e.sha256Original,
      chegadaEm: e.chegadaEm,
      capturadoEm: e.capturadoEm,
      enviadoPor: e.enviadoPor,
      anterior: e.anterior,
    }),
  );

/** Every entry's hash recomputes and names its predecessor's, seq 1..n without a gap. */
function expectLinked(chain: EvidenceChain) {
  let prev = GENESIS_HASH;
  chain.entradas.forEach((e, i) => {
    expect(e.seq).toBe(i + 1);
    expect(e.anterior).toBe(prev);
    expect(entryHash(chain.ordem, e)).toBe(e.hash);
    prev = e.hash;
  });
}

describe.each(BACKENDS)("evidence chain on %s", (backend) => {
  let t: TestApp;
  let f: Fixtures;
  let central = "";
  beforeAll(async () => {
    t = await makeTestApp(backend, { loginRateLimit: { max: 1000, windowMs: 60_000 } });
    f = await fixtures(t);
    const login = await t.app.inject({
      method: "POST",
      url: "/api/credenciado/login",
      payload: { email: DEMO_CENTRAL.email, password: DEMO_PASSWORD },
    });
    central = login.json().token;
  });
  afterAll(() => t?.close());

  const post = (url: string, body: object, token = f.token1) => call(t, token, "POST", url, body);
  const sendMultipart = (fields: Record<string, string>, name: string, bytes: Buffer, token = f.token1) => {
    const { payload, headers } = multipartWith(fields, name, bytes);
    return t.app.inject({ method: "POST", url: "/api/uploads/upload", headers: { ...headers, authToken: token }, payload });
  };
  /** A tus creation carrying the whole file (answered 200 with the stored file when all of it arrived). */
  const sendTus = (meta: Record<string, string>, name: string, bytes: Buffer, type = "video/mp4", token = f.token1) =>
    t.app.inject({
      method: "POST",
      url: "/api/uploads/tus",
      headers: {
        authToken: token,
        "tus-resumable": "1.0.0",
        "upload-length": String(bytes.length),
        "content-type": "application/offset+octet-stream",
        "upload-metadata": Object.entries({ filename: name, filetype: type, ...meta })
          .map(([k, v]) => (v === "" ? k : `${k} ${b64(v)}`))
          .join(","),
      },
      payload: bytes,
    });
  /** Uploads a file with its right hash; answers its stored name. */
  const uploadHashed = async (name: string, bytes: Buffer, extra: Record<string, string> = {}) => {
    const res = await sendMultipart({ sha256: sha(bytes), ...extra }, name, bytes);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().file as string;
  };
  const fileRow = async (name: string) => (await t.db.select().from(storedFiles).where(eq(storedFiles.storedName, name)))[0]!;
  const fileCount = async () => (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from stored_files`))[0]!.n;
  const storedOnDisk = () => fs.readdirSync(t.uploadDir).filter((n) => !n.startsWith(".")).length;
  const chainOf = async (order: string, token = f.token1) => {
    const res = await call(t, token, "GET", `/execucao/${order}/evidencias`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as EvidenceChain;
  };
  const entries = async (order: string) =>
    t.db.select().from(evidenceChain).where(eq(evidenceChain.appointmentId, order)).orderBy(evidenceChain.seq);

  it("stores a multipart upload whose declared hash matches, with the phone's claims and the uploader", async () => {
    const bytes = jpg();
    const original = sha("the photo before compression");
    const res = await sendMultipart(
      { sha256: sha(bytes).toUpperCase(), sha256original: original, capturedat: "2026-03-04T10:20:30.123-03:00" },
      "foto.jpg",
      bytes,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await fileRow(res.json().file)).toMatchObject({
      sha256: sha(bytes),
      sha256Original: original,
      capturedAt: new Date("2026-03-04T13:20:30.123Z"),
      uploadedBy: f.user(DEMO_USERS.main),
      videoPlate: null,
      videoPlateChecked: false,
      videoPlateConfirmed: false,
    });
  });

  it("records the computed hash when the phone declared none, and drops a capture time out of bounds", async () => {
    const bytes = pdf();
    const res = await sendMultipart({ capturedat: "1999-01-01T00:00:00Z" }, "laudo.pdf", bytes);
    expect(res.statusCode, res.body).toBe(200);
    expect(await fileRow(res.json().file)).toMatchObject({ sha256: sha(bytes), sha256Original: sha(bytes), capturedAt: null });
    const future = await sendMultipart({ capturedat: new Date(Date.now() + 3 * 86_400_000).toISOString() }, "x.pdf", pdf());
    expect((await fileRow(future.json().file)).capturedAt).toBeNull();
  });

  it("stores a tus upload whose declared hash matches, with the plate the phone read", async () => {
    const bytes = mp4();
    const res = await sendTus(
      {
        sha256: sha(bytes),
        sha256original: sha("raw video"),
        capturedat: "2026-03-04T13:00:00Z",
        platevideo: "abc-1234",
        platechecked: "1",
        plateconfirmed: "0",
      },
      "video inicial.mp4",
      bytes,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await fileRow(res.json().file)).toMatchObject({
      sha256: sha(bytes),
      sha256Original: sha("raw video"),
      capturedAt: new Date("2026-03-04T13:00:00Z"),
      uploadedBy: f.user(DEMO_USERS.main),
      videoPlate: "ABC1234",
      videoPlateChecked: true,
      videoPlateConfirmed: false,
    });
  });

  it("refuses bytes that differ from the declared hash with 422 and keeps nothing (multipart and tus)", async () => {
    const [rows, files] = [await fileCount(), storedOnDisk()];
    const bytes = jpg();
    const wrong = sha(Buffer.concat([bytes, Buffer.from("x")]));
    const multi = await sendMultipart({ sha256: wrong }, "foto.jpg", bytes);
    expect([multi.statusCode, multi.json().success, multi.json().message]).toEqual([422, false, EVIDENCE_MESSAGES.mismatch]);
    const video = mp4();
    const tus = await sendTus({ sha256: sha(jpg()) }, "video.mp4", video);
    expect([tus.statusCode, tus.json()]).toEqual([422, { success: false, message: EVIDENCE_MESSAGES.mismatch }]);
    // Sent in two PATCHes: refused when the last bytes arrive, the upload gone.
    const created = await t.app.inject({
      method: "POST",
      url: "/api/uploads/tus",
      headers: {
        authToken: f.token1,
        "tus-resumable": "1.0.0",
        "upload-length": String(video.length),
        "upload-metadata": `filename ${b64("v.mp4")},filetype ${b64("video/mp4")},sha256 ${b64(sha("other"))}`,
      },
    });
    const location = String(created.headers.location);
    const patch = (offset: number, bytes: Buffer) =>
      t.app.inject({
        method: "PATCH",
        url: location,
        headers: {
          authToken: f.token1,
          "tus-resumable": "1.0.0",
          "upload-offset": String(offset),
          "content-type": "application/offset+octet-stream",
        },
        payload: bytes,
      });
    expect((await patch(0, video.subarray(0, 100))).statusCode).toBe(204);
    const last = await patch(100, video.subarray(100));
    expect([last.statusCode, last.json().message]).toEqual([422, EVIDENCE_MESSAGES.mismatch]);
    expect((await t.app.inject({ method: "GET", url: location, headers: { authToken: f.token1 } })).statusCode).toBe(404);
    expect([await fileCount(), storedOnDisk()]).toEqual([rows, files]);
  });

  it("refuses a malformed hash or plate with 400 before storing anything", async () => {
    const rows = await fileCount();
    const malformed: Record<string, string>[] = [
      { sha256: "abc" },
      { sha256original: "z".repeat(64) },
      { sha256: `${"a".repeat(63)}g` },
      { platevideo: "12" },
    ];
    for (const fields of malformed) {
      const multi = await sendMultipart(fields, "foto.jpg", jpg());
      expect([multi.statusCode, multi.json().success], JSON.stringify(fields)).toEqual([400, false]);
      const tus = await sendTus(fields, "video.mp4", mp4());
      expect([tus.statusCode, tus.json().success], JSON.stringify(fields)).toEqual([400, false]);
    }
    const bad = await sendMultipart({ sha256: "abc" }, "foto.jpg", jpg());
    expect(bad.json().message).toBe(EVIDENCE_MESSAGES.badHash);
    expect(await fileCount()).toBe(rows);
  });

  it("chains every file attached to an order once, seals it at the end, and the signature verifies with the published key", async () => {
    const [order] = await queryRows<{ id: string; link: string }>(
      t.db,
      sql`select a.id, es.id as link from appointments a join executions e on e.appointment_id = a.id
          join execution_services es on es.appointment_id = a.id
          where a.service_point_id = ${f.p1} and a.status = 'A' and es.approval_status = 'P' order by a.os_number limit 1`,
    );
    const id = order!.id;
    expect((await chainOf(id)).entradas).toEqual([]);
    const video1 = await uploadHashed("inicial.mp4", mp4(), { capturedat: "2026-03-04T12:00:00.000Z" });
    const photo = await uploadHashed("foto.jpg", jpg());
    const doc = await uploadHashed("laudo.pdf", pdf());
    const servicePhoto = await uploadHashed("servico.jpg", jpg());
    const video2 = await uploadHashed("inicial-2.mp4", mp4());
    const finalVideo = await uploadHashed("final.mp4", mp4());

    expect((await post("/agendamentos/atualizar-video-inicial", { idSocioVeiculoAgenda: id, videoInicial: video1 })).statusCode).toBe(200);
    expect((await post("/agendamentos/adicionar-foto", { idSocioVeiculoAgenda: id, foto: photo })).statusCode).toBe(200);
    expect(
      (await post("/agendamentos/adicionar-laudo", { idSocioVeiculoAgenda: id, laudo: doc, nomeArquivo: "Laudo.pdf" })).statusCode,
    ).toBe(200);
    expect(
      (await post("/agendamentos/adicionar-nota-fiscal", { idSocioVeiculoAgenda: id, notaFiscal: doc, nomeArquivo: "Recibo.pdf" }))
        .statusCode,
    ).toBe(200);
    const attach = await post("/agendamentos/servico-arquivo", {
      idSocioVeiculoAgendaExecucaoServico: order!.link,
      tipo: "foto",
      arquivo: servicePhoto,
    });
    expect(attach.statusCode, attach.body).toBe(200);
    // Replays of attaches that landed (the outbox after a lost answer) add nothing.
    await post("/agendamentos/adicionar-foto", { idSocioVeiculoAgenda: id, foto: photo });
    await post("/agendamentos/atualizar-video-inicial", { idSocioVeiculoAgenda: id, videoInicial: video1 });
    await post("/agendamentos/servico-arquivo", { idSocioVeiculoAgendaExecucaoServico: order!.link, tipo: "foto", arquivo: servicePhoto });
    // A video replaced while the order is open is a new entry: the chain keeps both.
    await post("/agendamentos/atualizar-video-inicial", { idSocioVeiculoAgenda: id, videoInicial: video2 });
    await post("/agendamentos/atualizar-video-final", { idSocioVeiculoAgenda: id, videoFinal: finalVideo });

    const open = await chainOf(id);
    expect(open.entradas.map((e) => [e.tipo, e.arquivo])).toEqual([
      ["video-inicial", video1],
      ["foto", photo],
      ["laudo", doc],
      ["recibo", doc],
      ["foto-servico", servicePhoto],
      ["video-inicial", video2],
      ["video-final", finalVideo],
    ]);
    expect(open.selo).toBeNull();
    expectLinked(open);
    const first = open.entradas[0]!;
    const row = await fileRow(video1);
    expect(first).toMatchObject({
      url: `/api/uploads/files/${video1}`,
      sha256: row.sha256,
      sha256Original: row.sha256,
      chegadaEm: row.createdAt.toISOString(),
      capturadoEm: "2026-03-04T12:00:00.000Z",
      enviadoPor: f.user(DEMO_USERS.main),
      enviadoPorNome: expect.any(String),
    });
    // Each url gives the bytes whose hash the entry holds.
    for (const e of open.entradas) {
      const bytes = await t.app.inject({ method: "GET", url: e.url, headers: { authToken: f.token1 } });
      expect(sha(bytes.rawPayload), e.arquivo).toBe(e.sha256);
    }

    await t.db.update(executionServices).set({ approvalStatus: "A" }).where(eq(executionServices.appointmentId, id));
    const finish = () => post("/agendamentos/concluir", { idSocioVeiculoAgenda: id });
    expect((await finish()).statusCode).toBe(200);
    const sealed = await chainOf(id);
    expect(sealed.selo).toMatchObject({ quantidade: 7, hash: sealed.entradas[6]!.hash });
    // A replayed finish keeps the first seal.
    expect((await finish()).statusCode).toBe(200);
    expect((await chainOf(id)).selo).toEqual(sealed.selo);

    const keyRes = await t.app.inject({ method: "GET", url: "/.well-known/evidence-key" });
    expect(keyRes.statusCode).toBe(200);
    expect(keyRes.headers["cache-control"]).toBe("public, max-age=3600");
    const key = keyRes.json();
    expect(key).toMatchObject({ algoritmo: "Ed25519", jwk: { kty: "OKP", crv: "Ed25519" } });
    expect(Buffer.from(key.chavePublica, "base64")).toHaveLength(32);
    expect(sealed.chavePublica).toBe(key.chavePublica);
    const message = Buffer.from(sealText(id, sealed.selo!.quantidade, sealed.selo!.hash));
    const signature = Buffer.from(sealed.selo!.assinatura, "base64");
    const fromJwk = createPublicKey({ key: key.jwk, format: "jwk" });
    expect(verify(null, message, fromJwk, signature)).toBe(true);
    // The raw key wrapped as SPKI (what WebCrypto's importKey('raw') takes) verifies too.
    const spki = Buffer.concat([Buffer.from("302a300506032b6570032100", "hex"), Buffer.from(key.chavePublica, "base64")]);
    expect(verify(null, message, createPublicKey({ key: spki, format: "der", type: "spki" }), signature)).toBe(true);
    expect(verify(null, Buffer.from(sealText(id, 6, sealed.selo!.hash)), fromJwk, signature)).toBe(false);

    // A row of the chain altered in the database no longer recomputes to its hash.
    await t.db.execute(sql`update evidence_chain set file_sha256 = ${sha("forged")} where appointment_id = ${id} and seq = 2`);
    const forged = await chainOf(id);
    expect(entryHash(id, forged.entradas[1]!)).not.toBe(forged.entradas[1]!.hash);
  });

  it("gives the point its own orders' chains only (404 for another point's) and the central any, with its file route", async () => {
    const [order] = await queryRows<{ id: string }>(
      t.db,
      sql`select appointment_id as id from evidence_chain group by appointment_id order by count(*) desc limit 1`,
    );
    const theirs = await call(t, f.token2, "GET", `/execucao/${order!.id}/evidencias`);
    expect([theirs.statusCode, theirs.json()]).toEqual([404, { success: false, message: "Agendamento não encontrado." }]);
    expect((await call(t, f.token1, "GET", "/execucao/not-a-uuid/evidencias")).statusCode).toBe(404);
    const res = await call(t, central, "GET", `/central/ordens/${order!.id}/evidencias`);
    expect(res.statusCode, res.body).toBe(200);
    const chain = res.json() as EvidenceChain;
    expect(chain.entradas.length).toBeGreaterThan(0);
    expect(chain.entradas.every((e) => e.url === `/api/central/arquivos/${e.arquivo}`)).toBe(true);
    const bytes = await t.app.inject({ method: "GET", url: chain.entradas[0]!.url, headers: { authToken: central } });
    expect(sha(bytes.rawPayload)).toBe(chain.entradas[0]!.sha256);
    const unknown = await call(t, central, "GET", "/central/ordens/00000000-0000-4000-8000-000000000000/evidencias");
    expect(unknown.statusCode).toBe(404);
    // An attendant's token is not the central's.
    expect((await call(t, f.token1, "GET", `/central/ordens/${order!.id}/evidencias`)).statusCode).toBe(403);
  });

  it("tells the plate in the current initial video: confere, nao-confere (confirmed) or nao-lida; null without a video", async () => {
    const [order] = await queryRows<{ id: string }>(
      t.db,
      sql`select a.id from appointments a join vehicles v on v.id = a.vehicle_id
          where a.service_point_id = ${f.p1} and a.status = 'A' and v.plate = 'ABC1234' and a.initial_video is null limit 1`,
    );
    const id = order!.id;
    expect((await chainOf(id)).placaVideo).toBeNull();
    const setVideo = async (claims: Record<string, string>) => {
      const video = await uploadHashed("inicial.mp4", mp4(), claims);
      expect((await post("/agendamentos/atualizar-video-inicial", { idSocioVeiculoAgenda: id, videoInicial: video })).statusCode).toBe(200);
      return (await chainOf(id)).placaVideo;
    };
    expect(await setVideo({ platevideo: "abc-1234", platechecked: "1" })).toEqual({
      placaLida: "ABC-1234",
      situacao: "confere",
      confirmadaPeloAtendente: false,
    });
    // The same plate in its Mercosul form.
    expect((await setVideo({ platevideo: "ABC1C34", platechecked: "1" }))?.situacao).toBe("confere");
    expect(await setVideo({ platevideo: "XYZ9K88", platechecked: "1", plateconfirmed: "1" })).toEqual({
      placaLida: "XYZ9K88",
      situacao: "nao-confere",
      confirmadaPeloAtendente: true,
    });
    expect(await setVideo({ platevideo: "", platechecked: "1" })).toEqual({
      placaLida: null,
      situacao: "nao-lida",
      confirmadaPeloAtendente: false,
    });
    expect((await setVideo({}))?.situacao).toBe("nao-lida");
    expect((await chainOf(id)).entradas.map((e) => e.tipo)).toEqual(Array(5).fill("video-inicial"));
  });

  it("chains the photos and the video a service is linked with", async () => {
    const [v] = await queryRows<{ id: string }>(
      t.db,
      sql`with m as (insert into members (cpf, name) values ('52998224725', 'Sócio da cadeia') returning id)
        insert into vehicles (member_id, brand, model, year, plate, vehicle_type)
        select m.id, 'Jeep', 'Renegade', 2023, ${`CAD${backend === "pglite" ? 1 : 2}E23`}, 'SUV' from m returning id`,
    );
    // Started with an initial video stored before hashes were verified (no row of this server): not chained, plate not read.
    const [a] = await queryRows<{ id: string }>(
      t.db,
      sql`insert into appointments (service_point_id, vehicle_id, date, time, status, initial_video)
        values (${f.p1}, ${v!.id}, (now() at time zone 'America/Sao_Paulo')::date, '09:00', 'A', 'inicial.mp4') returning id`,
    );
    await t.db.execute(
      sql`insert into executions (appointment_id, started_by, started_at) values (${a!.id}, ${f.user(DEMO_USERS.main)}, now())`,
    );
    const [service] = await queryRows<{ id: string }>(
      t.db,
      sql`select id from services where description = 'ALINHAMENTO E BALANCEAMENTO' and vehicle_type = 'SUV'`,
    );
    const photo = await uploadHashed("servico.jpg", jpg());
    const video = await uploadHashed("servico.mp4", mp4());
    const linked = await post("/agendamentos/vincular-servico", {
      idSocioVeiculoAgenda: a!.id,
      idServico: service!.id,
      foto1: photo,
      video,
    });
    expect(linked.statusCode, linked.body).toBe(200);
    const chain = await chainOf(a!.id);
    expect(chain.entradas.map((e) => [e.tipo, e.arquivo])).toEqual([
      ["foto-servico", photo],
      ["video-servico", video],
    ]);
    expectLinked(chain);
    expect(chain.placaVideo).toEqual({ placaLida: null, situacao: "nao-lida", confirmadaPeloAtendente: false });
  });

  it("numbers parallel attaches of different files to one order 1..n, each linked to the one before", async () => {
    const [order] = await queryRows<{ id: string }>(
      t.db,
      sql`select a.id from appointments a join executions e on e.appointment_id = a.id
          where a.service_point_id = ${f.p1} and a.status = 'A'
            and not exists (select 1 from evidence_chain c where c.appointment_id = a.id) order by a.os_number limit 1`,
    );
    const id = order!.id;
    const names = await Promise.all(Array.from({ length: 8 }, (_, i) => uploadHashed(`foto-${i}.jpg`, jpg())));
    const answers = await Promise.all(names.map((foto) => post("/agendamentos/adicionar-foto", { idSocioVeiculoAgenda: id, foto })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    // And the same files again, in parallel: nothing added.
    await Promise.all(names.map((foto) => post("/agendamentos/adicionar-foto", { idSocioVeiculoAgenda: id, foto })));
    const rows = await entries(id);
    expect(rows.map((r) => r.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(new Set(rows.map((r) => r.storedFileId)).size).toBe(8);
    expectLinked(await chainOf(id));
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("the evidence key across instances (PostgreSQL)", () => {
  it("is made once for two instances starting together on one database", async () => {
    const t = await makeTestApp("postgres");
    const [{ db: name }] = await queryRows<{ db: string }>(t.db, sql`select current_database() as db`);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    const second = await openDatabase({ url: url.toString() });
    const other = await buildApp({
      db: second.db,
      config: { ...loadConfig({}), staticDir: "/nonexistent-static-dir", uploadDir: t.uploadDir },
    });
    try {
      const [a, b] = await Promise.all([
        t.app.inject({ method: "GET", url: "/.well-known/evidence-key" }),
        other.inject({ method: "GET", url: "/.well-known/evidence-key" }),
      ]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      expect(a.json()).toEqual(b.json());
      const keys = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from server_keys where name = 'evidence-ed25519'`);
      expect(keys[0]!.n).toBe(1);
    } finally {
      await other.close();
      await second.close();
      await t.close();
    }
  });
});

const s3 = testS3Settings(`evidence-${randomBytes(4).toString("hex")}`);

describe.skipIf(!s3)("hashes verified on arrival in an S3 bucket", () => {
  let t: TestApp;
  let f: Fixtures;
  beforeAll(async () => {
    const storage = new S3Storage(s3!);
    await storage.ensureBucket();
    t = await makeTestApp("pglite", { loginRateLimit: { max: 1000, windowMs: 60_000 } }, { storage });
    f = await fixtures(t);
  });
  afterAll(() => t?.close());

  it("stores a tus upload whose bytes match the declared hash and refuses one that does not (422, nothing kept)", async () => {
    const tus = (bytes: Buffer, declared: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/uploads/tus",
        headers: {
          authToken: f.token1,
          "tus-resumable": "1.0.0",
          "upload-length": String(bytes.length),
          "content-type": "application/offset+octet-stream",
          "upload-metadata": `filename ${b64("v.mp4")},filetype ${b64("video/mp4")},sha256 ${b64(declared)}`,
        },
        payload: bytes,
      });
    const bytes = mp4();
    const ok = await tus(bytes, sha(bytes));
    expect(ok.statusCode, ok.body).toBe(200);
    const [row] = await t.db.select().from(storedFiles).where(eq(storedFiles.storedName, ok.json().file));
    expect(row!.sha256).toBe(sha(bytes));
    const before = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from stored_files`);
    const refused = await tus(mp4(), sha(bytes));
    expect([refused.statusCode, refused.json().message]).toEqual([422, EVIDENCE_MESSAGES.mismatch]);
    expect(await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from stored_files`)).toEqual(before);
  });
});

describe("the evidence key beside the built app", () => {
  it("answers JSON at /.well-known/evidence-key, not the app's page, when the SPA is served", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-static-"));
    fs.writeFileSync(path.join(dir, "index.html"), "<!doctype html><title>Portal</title>");
    const t = await makeTestApp("pglite", { staticDir: dir });
    try {
      const res = await t.app.inject({ method: "GET", url: "/.well-known/evidence-key" });
      expect([res.statusCode, res.headers["content-type"], res.headers["cache-control"]]).toEqual([
        200,
        "application/json; charset=utf-8",
        "public, max-age=3600",
      ]);
      expect(res.json().algoritmo).toBe("Ed25519");
    } finally {
      await t.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
