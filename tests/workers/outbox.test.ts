// Upload outbox in real Chromium against the real server: attach exactly once, retries on 5xx and network errors,
// 4xx keeps the file with the server's message, 401 pauses, the saved file is deleted only after the attach call.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, demoSession } from "./helpers";
import { OutboxDb, type OutboxRecord } from "../../workers/outbox/outbox-db";
import { backoffMs, processDue, type OutboxEvent, type Transport } from "../../workers/outbox/process";
import { CHUNK_BYTES, xhrTransport } from "../../workers/outbox/xhr-transport";
import { carriesFile, createJob } from "../../src/domain/outbox-job";
import { noteSteps } from "../../src/domain/outbox-steps";

let token = "";
let appointment = "";
let userId = "";
let store: OutboxDb;
let clock = Date.now();
const events: OutboxEvent[] = [];

async function jpeg(): Promise<Blob> {
  const c = new OffscreenCanvas(64, 48);
  c.getContext("2d")!.fillRect(0, 0, 64, 48);
  return c.convertToBlob({ type: "image/jpeg" });
}

function job(id: string, size: number, name = "foto.jpg"): OutboxRecord {
  return {
    id,
    state: "uploading",
    kind: "image",
    name,
    type: "image/jpeg",
    size,
    attempts: 0,
    nextAttemptAt: 0,
    progress: 0,
    createdAt: Date.now(),
    owner,
    steps: [{ kind: "adicionar-foto", body: { idSocioVeiculoAgenda: appointment } }],
  };
}

const owner = { userId: "u1", pointId: "p1" };
const DB_NAME = `outbox-test-${Date.now()}`;
const run = (transport: Transport, tok: () => string | null = () => token) =>
  processDue({
    store,
    transport,
    session: () => (tok() ? { token: tok()!, owner } : null),
    emit: (e) => events.push(e),
    now: () => clock,
    random: () => 1,
  });

async function photos(): Promise<string[]> {
  const res = await fetch(`${api}/agendamentos/get-fotos/${appointment}`, { headers: { authToken: token } });
  return ((await res.json()).fotos as { Foto: string }[]).map((f) => f.Foto);
}

beforeAll(async () => {
  ({ token, appointment, userId } = await demoSession());
  store = await OutboxDb.open(DB_NAME);
});
afterAll(() => store?.close());

describe("upload outbox", () => {
  it("uploads the saved file, attaches it exactly once, then deletes the saved copy", async () => {
    const blob = await jpeg();
    await store.add(job("job-ok", blob.size), blob);
    expect(await run(xhrTransport(api))).toBe("idle");
    const done = await store.get("job-ok");
    expect(done).toMatchObject({ state: "attached", progress: 100 });
    expect(done!.storedName).toMatch(/^[0-9a-f-]{36}\.jpg$/);
    expect(await store.file("job-ok")).toBeUndefined();
    expect(await run(xhrTransport(api))).toBe("idle");
    expect((await photos()).filter((f) => f === done!.storedName)).toHaveLength(1);
    expect(events.some((e) => e.type === "progress" && e.id === "job-ok" && e.percent === 100)).toBe(true);
  });

  it("retries after a 503 and after a network error, with backoff, then completes", async () => {
    const real = xhrTransport(api);
    const answers = [
      { status: 503, body: { message: "Serviço indisponível" } },
      { status: 0, body: undefined },
    ];
    const flaky: Transport = {
      upload: (...args) => (answers.length ? Promise.resolve(answers.shift()!) : real.upload(...args)),
      post: real.post,
    };
    const blob = await jpeg();
    await store.add(job("job-flaky", blob.size), blob);
    await run(flaky);
    const first = await store.get("job-flaky");
    expect(first).toMatchObject({ state: "uploading", attempts: 1, nextAttemptAt: clock + 1000, retryReason: "server" });
    await run(flaky);
    expect((await store.get("job-flaky"))!.attempts).toBe(1);
    clock += 1000;
    await run(flaky);
    expect(await store.get("job-flaky")).toMatchObject({
      state: "uploading",
      attempts: 2,
      nextAttemptAt: clock + 2000,
      retryReason: "network",
    });
    clock += 2000;
    await run(flaky);
    const done = await store.get("job-flaky");
    expect(done!.state).toBe("attached");
    expect(await photos()).toContain(done!.storedName);
  });

  it("sends a job waiting out a network backoff at once when the device is back online (dueNow), and only that job", async () => {
    const real = xhrTransport(api);
    let offline = true;
    const cut: Transport = {
      upload: (...args) => (offline ? Promise.resolve({ status: 0, body: undefined }) : real.upload(...args)),
      post: real.post,
    };
    const blob = await jpeg();
    await store.add(job("job-back-online", blob.size), blob);
    await run(cut);
    await run(cut); // the second network failure backs off 2 s, then a third 4 s: the wait grows while offline
    clock += 1000;
    await run(cut);
    const waiting = await store.get("job-back-online");
    expect(waiting).toMatchObject({ state: "uploading", retryReason: "network" });
    expect(waiting!.nextAttemptAt).toBeGreaterThan(clock);
    offline = false;
    // Without the reconnection nothing is due yet; with it the job goes now, long before its backoff ends.
    await run(cut);
    expect((await store.get("job-back-online"))!.state).toBe("uploading");
    await processDue({
      store,
      transport: cut,
      session: () => ({ token, owner }),
      emit: (e) => events.push(e),
      now: () => clock,
      random: () => 1,
      dueNow: new Set(["job-back-online"]),
    });
    const sent = await store.get("job-back-online");
    expect(sent!.state).toBe("attached");
    expect(await photos()).toContain(sent!.storedName);
  });

  it("fails on 415 with the server's message and keeps the file for a retry or discard", async () => {
    const html = new Blob(["<!doctype html><script>alert(1)</script>"], { type: "image/jpeg" });
    await store.add(job("job-415", html.size, "foto.jpg"), html);
    await run(xhrTransport(api));
    const failed = await store.get("job-415");
    expect(failed!.state).toBe("failed");
    expect(failed!.error).toMatch(/^Tipo de arquivo não permitido/);
    expect(await store.file("job-415")).toEqual(html);
  });

  it("pauses on 401 and asks for a new sign-in without losing anything", async () => {
    const blob = await jpeg();
    await store.add(job("job-401", blob.size), blob);
    const before = events.length;
    expect(await run(xhrTransport(api), () => "token-vencido")).toBe("paused");
    expect(events.slice(before).some((e) => e.type === "auth-required")).toBe(true);
    expect(await store.get("job-401")).toMatchObject({ state: "uploading", attempts: 0 });
    expect(await store.file("job-401")).toBeDefined();
    expect(await run(xhrTransport(api))).toBe("idle");
    expect((await store.get("job-401"))!.state).toBe("attached");
  });

  it("sends a note (a job without a file) through its one call, and adds it once when the answer was lost (issue 50)", async () => {
    const real = xhrTransport(api);
    const text = `Cliente relatou ruído ${Date.now()}`;
    const note = createJob({
      id: crypto.randomUUID(),
      kind: "note",
      name: "Anotação",
      type: "text/plain",
      size: text.length,
      owner,
      createdAt: Date.now(),
      steps: noteSteps(
        {
          idSocioVeiculoAgendaExecucaoAnotacao: "",
          idSocioVeiculoAgenda: appointment,
          idPontoAtendimentoUsuario: userId,
          anotacao: text,
          visivelSocio: false,
        },
        new Date(),
      ),
    });
    note.steps[0]!.body.idSocioVeiculoAgendaExecucaoAnotacao = note.id;
    // Saved with no file, due at once: nothing to upload.
    expect(note).toMatchObject({ state: "uploaded", progress: 100 });
    await store.add(note);
    const uploads: string[] = [];
    let lose = true;
    const lossy: Transport = {
      upload: (...args) => (uploads.push("upload"), real.upload(...args)),
      // The server adds the note but its answer never arrives (the network dropped), as when the phone loses signal mid-call.
      post: async (path, body, tok) => {
        const answer = await real.post(path, body, tok);
        if (!lose) return answer;
        lose = false;
        return { status: 0, body: undefined };
      },
    };
    await run(lossy);
    expect(await store.get(note.id)).toMatchObject({ state: "uploaded", retryReason: "network" });
    clock += 2000;
    await run(lossy);
    expect(await store.get(note.id)).toMatchObject({ state: "attached" });
    expect(uploads).toEqual([]);
    const res = await fetch(`${api}/agendamentos/get-anotacoes/${appointment}`, { headers: { authToken: token } });
    const notes = ((await res.json()).anotacoes as { IdSocioVeiculoAgendaExecucaoAnotacao: string; Anotacao: string }[]).filter(
      (n) => n.Anotacao === text,
    );
    expect(notes).toEqual([expect.objectContaining({ IdSocioVeiculoAgendaExecucaoAnotacao: note.id })]);
  });

  it("runs notes in their own lane: a note is sent while a file's upload is still on its way (issue 50)", async () => {
    const real = xhrTransport(api);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const slow: Transport = {
      // The file's upload takes as long as the test says (a video over a weak signal).
      upload: async (...args) => (await held, real.upload(...args)),
      post: real.post,
    };
    const blob = await jpeg();
    await store.add({ ...job("job-slow-file", blob.size), createdAt: 1 }, blob);
    const text = `Anotação durante envio ${Date.now()}`;
    const id = crypto.randomUUID();
    const note = createJob({
      id,
      kind: "note",
      name: "Anotação",
      type: "text/plain",
      size: text.length,
      owner,
      createdAt: 2,
      steps: noteSteps(
        {
          idSocioVeiculoAgendaExecucaoAnotacao: id,
          idSocioVeiculoAgenda: appointment,
          idPontoAtendimentoUsuario: userId,
          anotacao: text,
          visivelSocio: false,
        },
        new Date(),
      ),
    });
    await store.add(note);
    const lane = (runs: (j: OutboxRecord) => boolean) =>
      processDue({ store, transport: slow, session: () => ({ token, owner }), emit: (e) => events.push(e), now: () => clock, lane: runs });
    const files = lane(carriesFile);
    expect(await lane((j) => !carriesFile(j))).toBe("idle");
    expect(await store.get(id)).toMatchObject({ state: "attached" });
    expect((await store.get("job-slow-file"))!.state).toBe("uploading");
    release();
    expect(await files).toBe("idle");
    expect((await store.get("job-slow-file"))!.state).toBe("attached");
  });

  it("remembers each follow-up step once done, so the next pass resumes at the step that failed", async () => {
    const real = xhrTransport(api);
    const posts: string[] = [];
    let lose = true;
    const flaky: Transport = {
      upload: real.upload,
      post: (path, body, tok) => {
        posts.push(`${path} ${String(body.idPontoAtendimentoUsuario ?? "-")}`);
        // The second step's answer is lost once, as when the page reloads before it arrives.
        if (body.idPontoAtendimentoUsuario && lose) {
          lose = false;
          return Promise.resolve({ status: 0, body: undefined });
        }
        return real.post(path, body, tok);
      },
    };
    const blob = await jpeg();
    const twoSteps = {
      ...job("job-steps", blob.size),
      steps: [
        { kind: "adicionar-foto" as const, body: { idSocioVeiculoAgenda: appointment } },
        { kind: "adicionar-foto" as const, body: { idSocioVeiculoAgenda: appointment, idPontoAtendimentoUsuario: userId } },
      ],
    };
    await store.add(twoSteps, blob);
    await run(flaky);
    const half = await store.get("job-steps");
    expect(half).toMatchObject({ state: "uploaded", attempts: 1, retryReason: "network" });
    expect(half!.steps.map((s) => !!s.done)).toEqual([true, false]);
    clock += 1000;
    posts.length = 0;
    await run(flaky);
    expect(posts).toEqual([`/agendamentos/adicionar-foto ${userId}`]);
    const done = await store.get("job-steps");
    expect(done!.state).toBe("attached");
    expect((await photos()).filter((f) => f === done!.storedName)).toHaveLength(1);
  });

  it("resumes a cut upload at the offset the server holds, after the page is gone, and sends only the rest", async () => {
    // A 12 MB "photo" (JPEG magic bytes, then filler): sent by PATCH in chunks of CHUNK_BYTES (8 MiB).
    const total = 12 * 1024 * 1024;
    const bytes = new Uint8Array(total);
    for (let i = 0; i < total; i++) bytes[i] = i % 251;
    bytes.set([0xff, 0xd8, 0xff, 0xe0]);
    const blob = new Blob([bytes], { type: "image/jpeg" });
    await store.add(job("job-cut", blob.size), blob);
    const real = xhrTransport(api);
    // The connection dies in the second chunk: its first 1,000,000 bytes reach the server, then no answer comes (the tab
    // closed, the network dropped). Done on the request itself so the cut does not depend on timing.
    const send = XMLHttpRequest.prototype.send;
    let patches = 0;
    XMLHttpRequest.prototype.send = function (this: XMLHttpRequest, body?: Document | XMLHttpRequestBodyInit | null) {
      if (body instanceof Blob && ++patches === 2) {
        const fail = this.onerror;
        this.onload = (e) => fail?.call(this, e);
        return send.call(this, body.slice(0, 1_000_000));
      }
      return send.call(this, body);
    };
    const cutting = real;
    try {
      await run(cutting);
    } finally {
      XMLHttpRequest.prototype.send = send;
    }
    const cutJob = await store.get("job-cut");
    expect(cutJob).toMatchObject({ state: "uploading" });
    expect(cutJob!.uploadUrl).toMatch(/\/api\/uploads\/tus\/[0-9a-f]{32}$/);
    // The server kept what arrived; a fresh store handle (as after a reload) finds the upload's address in IndexedDB.
    const head = await fetch(cutJob!.uploadUrl!, { method: "HEAD", headers: { authToken: token, "Tus-Resumable": "1.0.0" } });
    const held = Number(head.headers.get("Upload-Offset"));
    // The first chunk, which the server had acknowledged, and the bytes of the cut chunk that arrived.
    expect(held).toBe(CHUNK_BYTES + 1_000_000);

    const reopened = await OutboxDb.open(DB_NAME);
    const progress: number[] = [];
    const resumed = await processDue({
      store: reopened,
      transport: {
        upload: (file, name, tok, onProgress, signal, resume) =>
          real.upload(file, name, tok, (f) => (progress.push(f), onProgress(f)), signal, resume),
        post: real.post,
      },
      session: () => ({ token, owner }),
      emit: () => {},
      now: () => clock + 120_000,
    });
    expect(resumed).toBe("idle");
    // The resumed attempt started where the server stood, not at 0.
    expect(progress[0]).toBeCloseTo(held / total, 5);
    const done = await reopened.get("job-cut");
    expect(done).toMatchObject({ state: "attached", uploadUrl: undefined });
    const stored = await fetch(`${api}/uploads/files/${done!.storedName}`, { headers: { authToken: token } });
    const digest = async (b: BufferSource) => [...new Uint8Array(await crypto.subtle.digest("SHA-256", b))].join(",");
    expect(await digest(await stored.arrayBuffer())).toBe(await digest(bytes));
    reopened.close();
  });

  it("backs off exponentially with jitter, capped at a minute", () => {
    expect([1, 2, 3, 4].map((n) => backoffMs(n, () => 1))).toEqual([1000, 2000, 4000, 8000]);
    expect(backoffMs(20, () => 1)).toBe(60_000);
    expect(backoffMs(3, () => 0)).toBe(2000);
  });
});
