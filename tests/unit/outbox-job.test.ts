// The outbox job's transition table, walked in full (node): every listed move is accepted, every other one refused.
import { describe, expect, it } from "vitest";
import {
  createJob,
  ownedBy,
  transition,
  TRANSITIONS,
  type JobEvent,
  type JobEventType,
  type JobState,
  type OutboxJob,
} from "../../src/domain/outbox-job";
import { stepRequest } from "../../src/domain/outbox-steps";

const STATES: JobState[] = ["stored", "compressing", "uploading", "uploaded", "attached", "failed"];
const EVENTS: Record<JobEventType, JobEvent> = {
  compress: { type: "compress" },
  queue: { type: "queue" },
  "upload-opened": { type: "upload-opened", url: "/api/uploads/tus/0123" },
  uploaded: { type: "uploaded", storedName: "f.jpg" },
  "step-done": { type: "step-done", index: 0 },
  "retry-later": { type: "retry-later", reason: "network", at: 5000 },
  pause: { type: "pause" },
  fail: { type: "fail", error: "Tipo de arquivo não permitido." },
  retry: { type: "retry" },
  discard: { type: "discard" },
};
const owner = { userId: "u1", pointId: "p1" };
const base = createJob({
  id: "j1",
  kind: "image",
  name: "foto.jpg",
  type: "image/jpeg",
  size: 10,
  owner,
  createdAt: 1,
  steps: [{ kind: "adicionar-foto", body: { idSocioVeiculoAgenda: "os-1" } }],
});
const inState = (state: JobState, extra: Partial<OutboxJob> = {}): OutboxJob => ({ ...base, state, ...extra });

describe("outbox job transition table", () => {
  for (const state of STATES) {
    for (const [type, event] of Object.entries(EVENTS) as [JobEventType, JobEvent][]) {
      const allowed = TRANSITIONS[state][type];
      it(`${state} + ${type} -> ${allowed ? allowed.join(" | ") : "refused"}`, () => {
        const result = transition(inState(state), event);
        if (!allowed) expect(result).toBeNull();
        else expect(allowed).toContain(result!.to);
      });
    }
  }

  it("walks the happy path of a two-step job and remembers each step", () => {
    let job: OutboxJob = {
      ...base,
      steps: [...base.steps, { kind: "atualizar-video-inicial", body: { idSocioVeiculoAgenda: "os-1" }, done: false }],
    };
    for (const e of [EVENTS.compress, { type: "queue", name: "compressed_foto.jpeg" }, EVENTS.uploaded] as JobEvent[])
      job = transition(job, e)!.job;
    expect(job).toMatchObject({ state: "uploaded", storedName: "f.jpg", name: "compressed_foto.jpeg", progress: 100 });
    job = transition(job, EVENTS["step-done"])!.job;
    expect([job.state, job.steps.map((s) => s.done)]).toEqual(["uploaded", [true, false]]);
    expect(transition(job, EVENTS["step-done"])).toBeNull(); // a done step is never done twice
    job = transition(job, { type: "step-done", index: 1 })!.job;
    expect(job.state).toBe("attached");
  });

  it("counts retries with their reason, and a retry after a failure resumes where it failed", () => {
    const later = transition(inState("uploading", { attempts: 2 }), EVENTS["retry-later"])!.job;
    expect(later).toMatchObject({ state: "uploading", attempts: 3, nextAttemptAt: 5000, retryReason: "network" });
    expect(transition(inState("uploading"), EVENTS.pause)!.job).toEqual(inState("uploading"));
    expect(transition(inState("failed"), EVENTS.retry)!.job).toMatchObject({ state: "uploading", attempts: 0, error: undefined });
    expect(transition(inState("failed", { storedName: "f.jpg" }), EVENTS.retry)!.to).toBe("uploaded");
  });

  it("remembers its resumable upload's address across retries and a failure, and drops it once the file is stored", () => {
    let job = transition(inState("uploading"), EVENTS["upload-opened"])!.job;
    expect(job.uploadUrl).toBe("/api/uploads/tus/0123");
    job = transition(job, EVENTS["retry-later"])!.job;
    job = transition(transition(job, EVENTS.fail)!.job, EVENTS.retry)!.job;
    expect(job).toMatchObject({ state: "uploading", uploadUrl: "/api/uploads/tus/0123" });
    expect(transition(job, { type: "upload-opened", url: undefined })!.job.uploadUrl).toBeUndefined();
    expect(transition(job, EVENTS.uploaded)!.job).toMatchObject({ state: "uploaded", uploadUrl: undefined });
  });

  it("records the file's hashes as it is queued, and forgets the upload whose bytes the server refused (422)", () => {
    const hashes = { sha256: "b".repeat(64), sha256Original: "a".repeat(64) };
    const evidence = { capturedAt: "2025-05-06T13:14:15.000Z", videoPlate: { read: "ABC1D23", confirmed: false } };
    const queued = transition(inState("compressing", { evidence }), { type: "queue", hashes })!.job;
    expect(queued.evidence).toEqual({ ...evidence, ...hashes });
    // A job saved before capture times were recorded still gets its hashes.
    expect(transition(inState("compressing"), { type: "queue", hashes })!.job.evidence).toEqual({ capturedAt: "", ...hashes });
    expect(transition(inState("compressing", { evidence }), EVENTS.queue)!.job.evidence).toEqual(evidence);
    const opened = transition(queued, EVENTS["upload-opened"])!.job;
    const refused = transition(opened, { type: "fail", error: "O arquivo chegou diferente", restart: true })!.job;
    expect(refused).toMatchObject({ state: "failed", uploadUrl: undefined, evidence: queued.evidence });
    expect(transition(refused, EVENTS.retry)!.job).toMatchObject({ state: "uploading", uploadUrl: undefined });
  });

  it("refuses a job without follow-up steps and sends a job only for its own attendant and point", () => {
    expect(() => createJob({ ...base, steps: [] })).toThrow();
    expect(ownedBy(base, owner)).toBe(true);
    expect(ownedBy(base, { userId: "u2", pointId: "p1" })).toBe(false);
    expect(ownedBy(base, { userId: "u1", pointId: "p2" })).toBe(false);
    expect(ownedBy(base, null)).toBe(false);
    expect(ownedBy({ ...base, owner: null }, owner)).toBe(false);
  });

  it("builds each step's call from its kind, with the stored file name in the kind's fields", () => {
    expect(stepRequest(base.steps[0]!, { storedName: "f.jpg" })).toEqual({
      path: "/agendamentos/adicionar-foto",
      body: { idSocioVeiculoAgenda: "os-1", foto: "f.jpg" },
    });
    expect(stepRequest({ kind: "adicionar-nota-fiscal", body: { data: "x" } }, { storedName: "n.pdf" }).body).toEqual({
      data: "x",
      notaFiscal: "n.pdf",
      nomeArquivo: "n.pdf",
    });
  });
});
