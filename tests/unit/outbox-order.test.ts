// The outbox's ordering rule (node): a job of an order waits, untouched, while an older start of that order is on its way, and
// runs right after it lands; other orders' jobs and the start itself never wait; the uploader's loop does not spin on a held job.
import { describe, expect, it } from "vitest";
import { createJob, startAwaited, transition, type JobEvent, type JobState, type OutboxJob } from "../../src/domain/outbox-job";
import { startOrderSteps, type FollowUpStep } from "../../src/domain/outbox-steps";
import { nextAttemptAt, processDue, type HttpAnswer, type Transport } from "../../workers/outbox/process";
import type { OutboxDb } from "../../workers/outbox/outbox-db";

const owner = { userId: "u1", pointId: "p1" };
const startOf = (order: string): Omit<FollowUpStep, "done">[] =>
  startOrderSteps({ idSocioVeiculoAgenda: order, idPontoAtendimentoUsuario: "u1", idSocio: "s1", data: "05/03/2025", hora: "14:07" });
const photoOf = (order: string): Omit<FollowUpStep, "done">[] => [
  { kind: "adicionar-foto", body: { idSocioVeiculoAgenda: order, idPontoAtendimentoUsuario: "u1" } },
];
const finishOf = (order: string): Omit<FollowUpStep, "done">[] => [
  { kind: "atualizar-video-final", body: { idSocioVeiculoAgenda: order } },
  { kind: "concluir", body: { idSocioVeiculoAgenda: order, idPontoAtendimentoUsuario: "u1", idSocio: "s1", data: "05/03/2025" } },
];

function job(id: string, createdAt: number, steps: Omit<FollowUpStep, "done">[], state: JobState = "uploading"): OutboxJob {
  const created = createJob({ id, kind: "image", name: `${id}.jpg`, type: "image/jpeg", size: 4, owner, createdAt, steps });
  return { ...created, state };
}

/** The worker's store, in memory: every change goes through the same transition table as the IndexedDB one. */
function memoryStore(list: OutboxJob[]) {
  const jobs = new Map(list.map((j) => [j.id, j]));
  const files = new Map(list.map((j) => [j.id, new Blob(["fake"])]));
  const store = {
    all: async () => [...jobs.values()],
    get: async (id: string) => jobs.get(id),
    file: async (id: string) => files.get(id),
    deleteFile: async (id: string) => void files.delete(id),
    apply: async (id: string, event: JobEvent) => {
      const current = jobs.get(id);
      const result = current ? transition(current, event) : null;
      if (result?.to === "removed") jobs.delete(id);
      else if (result) jobs.set(id, result.job);
      return result;
    },
  };
  return { store: store as unknown as OutboxDb, jobs };
}

/** A server that records each upload (by file name) and call in order; `cut` names uploads that get no answer. */
function server(cut: Set<string> = new Set()) {
  const log: string[] = [];
  const transport: Transport = {
    upload: async (_file, name) => {
      if (cut.has(name)) return { status: 0, body: undefined };
      log.push(`upload ${name}`);
      return { status: 200, body: { file: `stored-${name}` } };
    },
    post: async (path, body): Promise<HttpAnswer> => {
      log.push(`${path} ${String(body.idSocioVeiculoAgenda)}`);
      return { status: 200, body: { message: "ok" } };
    },
  };
  return { transport, log };
}

let clock = 1_000;
const run = (store: OutboxDb, transport: Transport) =>
  processDue({ store, transport, session: () => ({ token: "t", owner }), emit: () => {}, now: () => clock, random: () => 1 });

/** An order's start, a photo of the same order queued after it, and a photo of another order. */
const threeJobs = () => [job("start", 1, startOf("os-1")), job("photo", 2, photoOf("os-1")), job("other", 3, photoOf("os-2"))];
/** What the server sees when the start goes, then the photo of its order. */
const START_THEN_PHOTO = [
  "upload start.jpg",
  "/agendamentos/atualizar-video-inicial os-1",
  "/agendamentos/iniciar os-1",
  "upload photo.jpg",
  "/agendamentos/adicionar-foto os-1",
];

describe("a job of an order whose start is on its way", () => {
  it("runs after the start in the same pass, photo after iniciar; another order's photo is not held", async () => {
    const { store, jobs } = memoryStore(threeJobs());
    const { transport, log } = server();
    expect(await run(store, transport)).toBe("idle");
    expect(log).toEqual([...START_THEN_PHOTO, "upload other.jpg", "/agendamentos/adicionar-foto os-2"]);
    expect([...jobs.values()].map((j) => j.state)).toEqual(["attached", "attached", "attached"]);
  });

  it("waits untouched (no upload, no call, no attempt counted) while the start's upload gets no answer, then follows it", async () => {
    const cut = new Set(["start.jpg"]);
    const { store, jobs } = memoryStore(threeJobs());
    const { transport, log } = server(cut);
    await run(store, transport);
    expect(log).toEqual(["upload other.jpg", "/agendamentos/adicionar-foto os-2"]);
    expect(jobs.get("start")).toMatchObject({ state: "uploading", attempts: 1, retryReason: "network" });
    expect(jobs.get("photo")).toMatchObject({ state: "uploading", attempts: 0, progress: 0 });
    expect(jobs.get("photo")!.retryReason).toBeUndefined();
    // The network is back and the start's backoff over: the start goes, then the photo, in that order.
    cut.clear();
    clock += 60_000;
    log.length = 0;
    await run(store, transport);
    expect(log).toEqual(START_THEN_PHOTO);
  });

  it("waits while the start is still on the device or compressing, and while it failed; goes once the start is discarded", async () => {
    for (const state of ["stored", "compressing", "failed"] as const) {
      const { store, jobs } = memoryStore([job("start", 1, startOf("os-1"), state), job("finish", 2, finishOf("os-1"))]);
      const { transport, log } = server();
      await run(store, transport);
      expect(log, state).toEqual([]);
      expect(jobs.get("finish")!.state).toBe("uploading");
      if (state === "failed") {
        await store.apply("start", { type: "discard" });
        await run(store, transport);
        expect(log).toEqual(["upload finish.jpg", "/agendamentos/atualizar-video-final os-1", "/agendamentos/concluir os-1"]);
      }
    }
  });

  it("another attendant's start on this device does not hold this one's job (only its own session could send it)", async () => {
    const theirs = { ...job("start", 1, startOf("os-1")), owner: { userId: "u2", pointId: "p1" } };
    const { store, jobs } = memoryStore([theirs, job("photo", 2, photoOf("os-1"))]);
    const { transport, log } = server();
    await run(store, transport);
    expect(log).toEqual(["upload photo.jpg", "/agendamentos/adicionar-foto os-1"]);
    expect(jobs.get("start")!.state).toBe("uploading");
  });

  it("a job older than the start does not wait for it; a start never waits", () => {
    const start = { id: "s", state: "uploading" as const, createdAt: 5, orderId: "os-1", startsOrder: true };
    const older = { id: "p0", state: "uploading" as const, createdAt: 4, orderId: "os-1", startsOrder: false };
    const newer = { id: "p1", state: "uploading" as const, createdAt: 6, orderId: "os-1", startsOrder: false };
    const secondStart = { id: "s2", state: "uploading" as const, createdAt: 7, orderId: "os-1", startsOrder: true };
    const all = [start, older, newer, secondStart];
    expect(startAwaited(newer, all)).toBe(start);
    expect(startAwaited(older, all)).toBeUndefined();
    expect(startAwaited(secondStart, all)).toBeUndefined();
    expect(startAwaited(newer, [{ ...start, state: "attached" as const }, newer])).toBeUndefined();
    expect(startAwaited({ ...newer, orderId: undefined }, all)).toBeUndefined();
  });
});

describe("the uploader's next wake-up", () => {
  it("ignores a held job (due now) and waits for the start's own attempt, or for nothing while the start compresses", () => {
    const start = { ...job("start", 1, startOf("os-1")), nextAttemptAt: 50_000 };
    const photo = job("photo", 2, photoOf("os-1"));
    expect(nextAttemptAt([start, photo], owner)).toBe(50_000);
    expect(nextAttemptAt([{ ...start, state: "compressing" }, photo], owner)).toBe(Infinity);
    expect(nextAttemptAt([{ ...start, state: "attached" }, photo], owner)).toBe(0);
    expect(nextAttemptAt([start, photo], { userId: "u2", pointId: "p1" })).toBe(Infinity);
  });
});
