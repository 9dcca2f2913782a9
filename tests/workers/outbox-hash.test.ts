// Evidence hashes on the phone (real Chromium, real workers, real server): the outbox worker records the SHA-256 of the file as
// chosen and as sent before the upload starts, the tus upload declares them with the capture time and the video's plate check,
// and a refused upload (422: the bytes arrived different) fails with the server's message and is retried as a new upload.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, demoSession } from "./helpers";
import { noisePng } from "../support/media-fixtures";
import { toHex } from "../../src/domain/evidence-chain";
import type { OutboxJob } from "../../src/domain/outbox-job";
import { addToOutbox, listOutbox, startOutboxWorker, stopOutboxWorker } from "../../src/lib/outbox/outbox-bridge";
import { setOutboxSession } from "../../src/lib/outbox/outbox-session";
import { OutboxDb, type OutboxRecord } from "../../workers/outbox/outbox-db";
import { processDue, type Transport } from "../../workers/outbox/process";
import { xhrTransport } from "../../workers/outbox/xhr-transport";
import { sha256OfBlob } from "../../workers/outbox/file-hash";

let token = "";
let appointment = "";
const owner = { userId: "", pointId: "" };
const hex = async (b: Blob) => toHex(new Uint8Array(await crypto.subtle.digest("SHA-256", await b.arrayBuffer())));
const steps = () => [{ kind: "adicionar-foto" as const, body: { idSocioVeiculoAgenda: appointment } }];

async function jpeg(name = "foto.jpg", lastModified?: number): Promise<File> {
  const c = new OffscreenCanvas(64, 48);
  c.getContext("2d")!.fillRect(0, 0, 64, 48);
  return new File([await c.convertToBlob({ type: "image/jpeg" })], name, { type: "image/jpeg", lastModified });
}

async function attached(id: string, ms = 60_000): Promise<OutboxJob> {
  const end = Date.now() + ms;
  for (;;) {
    const job = (await listOutbox()).find((j) => j.id === id);
    if (job?.state === "attached") return job;
    if (job?.state === "failed" || Date.now() > end) throw new Error(`job ${id}: ${job?.state} ${job?.error ?? ""}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The stored file's bytes as the server keeps them. */
const storedBytes = (name: string) =>
  fetch(`${api}/uploads/files/${name}`, { headers: { authToken: token }, cache: "no-store" }).then((r) => r.blob());

beforeAll(async () => {
  const demo = await demoSession();
  ({ token, appointment } = demo);
  Object.assign(owner, { userId: demo.userId, pointId: demo.pointId });
  setOutboxSession({ token, owner });
  await startOutboxWorker({ apiBase: api, dbName: `outbox-hash-${Date.now()}` });
});
afterAll(() => {
  stopOutboxWorker();
  setOutboxSession(null);
});

describe("evidence hashes in the outbox", () => {
  it("streams a blob's SHA-256 (noble, chunk by chunk) to the same value WebCrypto gives at once", async () => {
    const big = new Blob([new Uint8Array(3 * 1024 * 1024 + 17).map((_, i) => i % 253)]);
    expect(await sha256OfBlob(big)).toBe(await hex(big));
    expect(await sha256OfBlob(new Blob([]))).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  });

  it("records the original's and the compressed file's hashes (different) and the capture time; the server has the compressed bytes", async () => {
    const file = await noisePng(1000, 1000);
    expect(file.size).toBeGreaterThan(2 * 1024 * 1024);
    const id = await addToOutbox(file, steps());
    const job = await attached(id);
    expect(job.name).toMatch(/^compressed_/);
    expect(job.evidence).toEqual({
      capturedAt: new Date(file.lastModified).toISOString(),
      sha256Original: await hex(file),
      sha256: await hex(await storedBytes(job.storedName!)),
    });
    expect(job.evidence!.sha256).not.toBe(job.evidence!.sha256Original);
  });

  it("records one hash twice for a file sent as it was chosen, and carries the video's plate check", async () => {
    const file = await jpeg("pequena.jpg", Date.UTC(2025, 4, 6, 13, 14, 15));
    const id = await addToOutbox(file, steps(), { videoPlate: { read: "ABC1D23", confirmed: true } });
    const job = await attached(id);
    const sum = await hex(file);
    expect(job.evidence).toEqual({
      capturedAt: "2025-05-06T13:14:15.000Z",
      sha256: sum,
      sha256Original: sum,
      videoPlate: { read: "ABC1D23", confirmed: true },
    });
    expect(await hex(await storedBytes(job.storedName!))).toBe(sum);
  });
});

describe("the upload's declared evidence", () => {
  let store: OutboxDb;
  beforeAll(async () => (store = await OutboxDb.open(`outbox-hash-direct-${Date.now()}`)));
  afterAll(() => store.close());

  const job = (id: string, size: number, evidence?: OutboxRecord["evidence"]): OutboxRecord => ({
    id,
    state: "uploading",
    kind: "video",
    name: "video.mp4",
    type: "video/mp4",
    size,
    attempts: 0,
    nextAttemptAt: 0,
    progress: 0,
    createdAt: Date.now(),
    owner,
    steps: steps(),
    ...(evidence ? { evidence } : {}),
  });
  const run = (transport: Transport) =>
    processDue({ store, transport, session: () => ({ token, owner }), emit: () => {}, random: () => 1 });

  /** Upload-Metadata of every tus creation the page sends while `body` runs, decoded. */
  async function declared(body: () => Promise<unknown>): Promise<Record<string, string>[]> {
    const set = XMLHttpRequest.prototype.setRequestHeader;
    const seen: Record<string, string>[] = [];
    XMLHttpRequest.prototype.setRequestHeader = function (this: XMLHttpRequest, name: string, value: string) {
      if (name === "Upload-Metadata") {
        const pairs = value.split(",").map((p) => p.split(" "));
        const text = (b64: string) => new TextDecoder().decode(Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)));
        seen.push(Object.fromEntries(pairs.map(([k, v]) => [k!, text(v ?? "")])));
      }
      return set.call(this, name, value);
    };
    try {
      await body();
    } finally {
      XMLHttpRequest.prototype.setRequestHeader = set;
    }
    return seen;
  }

  it("declares the hashes, the capture time and the plate check in tus Upload-Metadata", async () => {
    const file = await jpeg();
    const sum = await hex(file);
    const evidence = {
      sha256: sum,
      sha256Original: "a".repeat(64),
      capturedAt: "2025-05-06T13:14:15.000Z",
      videoPlate: { read: null, confirmed: false },
    };
    await store.add({ ...job("declared", file.size, evidence), kind: "image", name: "foto.jpg", type: "image/jpeg" }, file);
    const meta = await declared(() => run(xhrTransport(api)));
    expect(meta).toEqual([
      {
        filename: "foto.jpg",
        filetype: "image/jpeg",
        sha256: sum,
        sha256original: "a".repeat(64),
        capturedat: "2025-05-06T13:14:15.000Z",
        platechecked: "1",
        platevideo: "",
        plateconfirmed: "0",
      },
    ]);
    expect((await store.get("declared"))!.state).toBe("attached");
  });

  it("sends a job saved before hashes existed without any (the server accepts it)", async () => {
    const file = await jpeg();
    await store.add({ ...job("legacy", file.size), kind: "image", name: "foto.jpg", type: "image/jpeg" }, file);
    const meta = await declared(() => run(xhrTransport(api)));
    expect(meta).toEqual([{ filename: "foto.jpg", filetype: "image/jpeg" }]);
    expect((await store.get("legacy"))!.state).toBe("attached");
  });

  it("fails on 422 with the server's message, and its retry opens a new upload instead of resuming the refused one", async () => {
    const file = await jpeg();
    const real = xhrTransport(api);
    const message = "O arquivo chegou diferente do que o aparelho enviou. Envie de novo.";
    const resumedFrom: (string | undefined)[] = [];
    let refuse = true;
    const transport: Transport = {
      upload: async (blob, name, tok, onProgress, signal, resume, evidence) => {
        resumedFrom.push(resume?.url);
        if (!refuse) return real.upload(blob, name, tok, onProgress, signal, resume, evidence);
        // The upload was opened (its address saved), then its last chunk answered 422 after the server hashed the bytes.
        await resume?.opened(`${api}/uploads/tus/0123456789abcdef0123456789abcdef`);
        return { status: 422, body: { success: false, message } };
      },
      post: real.post,
    };
    await store.add(job("refused", file.size, { sha256: await hex(file), sha256Original: await hex(file), capturedAt: "" }), file);
    await run(transport);
    const failed = await store.get("refused");
    expect(failed).toMatchObject({ state: "failed", error: message, uploadUrl: undefined });
    expect(await store.file("refused")).toBeDefined();
    await store.apply("refused", { type: "retry" });
    refuse = false;
    await run(transport);
    expect(resumedFrom).toEqual([undefined, undefined]);
    expect((await store.get("refused"))!.state).toBe("attached");
  });
});
