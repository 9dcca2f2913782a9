// The start-an-order outbox job (node): its steps, their requests, and the uploader running them in order, once each.
import { describe, expect, it } from "vitest";
import { createJob, transition, type JobEvent, type OutboxJob } from "../../src/domain/outbox-job";
import { startOrderSteps, startsOrder, stepRequest, STEP_KINDS } from "../../src/domain/outbox-steps";
import { processDue, type HttpAnswer, type Transport } from "../../workers/outbox/process";
import type { OutboxDb } from "../../workers/outbox/outbox-db";

const owner = { userId: "u1", pointId: "p1" };
const start = { idSocioVeiculoAgenda: "os-1", idPontoAtendimentoUsuario: "u1", idSocio: "s1", data: "05/03/2025", hora: "14:07" };
const startJob = () =>
  createJob({
    id: "j1",
    kind: "video",
    name: "inicial.webm",
    type: "video/webm",
    size: 4,
    owner,
    createdAt: 1,
    steps: startOrderSteps(start),
  });

/** The worker's store, in memory: every change goes through the same transition table as the IndexedDB one. */
function memoryStore(job: OutboxJob) {
  const jobs = new Map<string, OutboxJob>([[job.id, { ...job, state: "uploading" }]]);
  const files = new Map<string, Blob>([[job.id, new Blob(["fake"])]]);
  const store = {
    all: async () => [...jobs.values()],
    file: async (id: string) => files.get(id),
    deleteFile: async (id: string) => void files.delete(id),
    apply: async (id: string, event: JobEvent) => {
      const result = transition(jobs.get(id)!, event);
      if (result && result.to !== "removed") jobs.set(id, result.job);
      return result;
    },
  };
  return { store: store as unknown as OutboxDb, jobs, files };
}

/** A server that records each call and answers the iniciar calls from a script. */
function fakeServer(iniciarAnswers: HttpAnswer[]) {
  const calls: { path: string; body: Record<string, unknown> }[] = [];
  let uploads = 0;
  const transport: Transport = {
    upload: async (_file, _name, _token, onProgress) => {
      uploads++;
      onProgress(1);
      return { status: 200, body: { file: "stored-1.webm" } };
    },
    post: async (path, body) => {
      calls.push({ path, body });
      return path === "/agendamentos/iniciar" ? iniciarAnswers.shift()! : { status: 200, body: { message: "ok" } };
    },
  };
  return { transport, calls, uploads: () => uploads };
}

const run = (store: OutboxDb, transport: Transport) =>
  processDue({ store, transport, session: () => ({ token: "t", owner }), emit: () => {}, now: () => 0 });

describe("the iniciar step kind", () => {
  it("is a contract call that carries no file field", () => {
    expect(STEP_KINDS.iniciar.path).toBe("/agendamentos/iniciar");
    const request = stepRequest({ kind: "iniciar", body: { ...start } }, { storedName: "stored-1.webm" });
    expect(request).toEqual({ path: "/agendamentos/iniciar", body: start });
  });

  it("a start job attaches the initial video first, then starts the order with the confirmed date and time", () => {
    const job = startJob();
    expect(startsOrder(job)).toBe(true);
    expect(job.steps.map((s) => stepRequest(s, { storedName: "stored-1.webm" }))).toEqual([
      { path: "/agendamentos/atualizar-video-inicial", body: { idSocioVeiculoAgenda: "os-1", videoInicial: "stored-1.webm" } },
      { path: "/agendamentos/iniciar", body: start },
    ]);
    expect(startsOrder({ steps: [{ kind: "adicionar-foto" }] })).toBe(false);
  });
});

describe("the uploader running a start job", () => {
  it("uploads once, attaches the video, starts the order, and removes the saved file", async () => {
    const { store, jobs, files } = memoryStore(startJob());
    const server = fakeServer([{ status: 200, body: { message: "Execução iniciada com sucesso" } }]);
    await run(store, server.transport);
    expect(server.calls.map((c) => c.path)).toEqual(["/agendamentos/atualizar-video-inicial", "/agendamentos/iniciar"]);
    expect(server.calls[1]!.body).toEqual(start);
    expect(jobs.get("j1")!.state).toBe("attached");
    expect(files.size).toBe(0);
  });

  it("a refused start with no message fails in the words of the start; a retry resumes at iniciar without sending the video again", async () => {
    const { store, jobs } = memoryStore(startJob());
    const server = fakeServer([
      { status: 404, body: "<html>" },
      { status: 200, body: { message: "ok" } },
    ]);
    await run(store, server.transport);
    expect(jobs.get("j1")).toMatchObject({ state: "failed", error: "Erro ao iniciar a Ordem de Serviço. Tente novamente." });
    await store.apply("j1", { type: "retry" });
    await run(store, server.transport);
    expect(server.uploads()).toBe(1);
    expect(server.calls.map((c) => c.path)).toEqual([
      "/agendamentos/atualizar-video-inicial",
      "/agendamentos/iniciar",
      "/agendamentos/iniciar",
    ]);
    expect(jobs.get("j1")!.state).toBe("attached");
  });

  it("a refused start keeps the server's own message", async () => {
    const { store, jobs } = memoryStore(startJob());
    const server = fakeServer([{ status: 409, body: { message: "Este agendamento foi cancelado e não pode ser iniciado." } }]);
    await run(store, server.transport);
    expect(jobs.get("j1")).toMatchObject({ state: "failed", error: "Este agendamento foi cancelado e não pode ser iniciado." });
  });
});
