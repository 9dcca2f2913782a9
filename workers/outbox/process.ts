// The outbox uploader's work on one pass: upload a saved file, then run its follow-up steps; retries, pauses and failures (worker logic, testable directly).
import { serverMessage } from "../../src/domain/server-message.ts";
import {
  isPending,
  orderFacts,
  ownedBy,
  startAwaited,
  type JobEvent,
  type JobEvidence,
  type JobOwner,
  type OutboxSession,
} from "../../src/domain/outbox-job.ts";
import { stepRequest, type StepKind } from "../../src/domain/outbox-steps.ts";
import type { StoredFile } from "../../contract/uploads.ts";
import type { OutboxDb, OutboxRecord } from "./outbox-db.ts";

/** status 0 = the request never got an answer (network error, or aborted because the session ended). */
export interface HttpAnswer {
  status: number;
  body: unknown;
}
/** Where a resumable upload stands: the address the server gave it, and how to remember a new one (or forget it). */
export interface Resume {
  url: string | undefined;
  opened(url: string | undefined): Promise<void>;
}
export interface Transport {
  /**
   * `evidence`: what the upload declares about the file (its hashes, capture time, the initial video's plate check), which the
   * server checks on arrival (a 422 when the bytes differ from the declared hash); none for jobs saved before hashes existed.
   */
  upload(
    file: Blob,
    name: string,
    token: string,
    onProgress: (fraction: number) => void,
    signal?: AbortSignal,
    resume?: Resume,
    evidence?: JobEvidence,
  ): Promise<HttpAnswer>;
  post(path: string, body: Record<string, unknown>, token: string, signal?: AbortSignal): Promise<HttpAnswer>;
}
/**
 * `notice` on a state event: why the server asked this job to wait (a 429's message, e.g. the point's quota of unfinished
 * uploads is full); the job is retried by itself and the message stands until the job's next state.
 */
export type OutboxEvent =
  { type: "progress"; id: string; percent: number } | { type: "state"; job: OutboxRecord; notice?: string } | { type: "auth-required" };

export const UPLOAD_FAILED = "Erro ao enviar arquivo";
/** A refused step whose answer carries no message (e.g. an HTML error page) is told in the words of what failed. */
export const STEP_FAILED: Partial<Record<StepKind, string>> = {
  iniciar: "Erro ao iniciar a Ordem de Serviço. Tente novamente.",
  concluir: "Erro ao finalizar a Ordem de Serviço. Tente novamente.",
  "adicionar-laudo": "Erro ao adicionar laudo",
  "adicionar-nota-fiscal": "Erro ao adicionar recibo",
  "anexar-foto-retorno": "Erro ao atualizar retorno de serviço",
  "anexar-video-retorno": "Erro ao atualizar retorno de serviço",
};

/** Exponential backoff with jitter: 1 s, 2 s, 4 s ... capped at 60 s, each scaled by a random 50-100%. */
export function backoffMs(attempts: number, random: () => number = Math.random): number {
  return Math.min(60_000, 1000 * 2 ** Math.max(0, attempts - 1)) * (0.5 + random() * 0.5);
}

export interface ProcessDeps {
  store: OutboxDb;
  transport: Transport;
  /** Read before every request: a sign-out or a switch of user takes effect at once. */
  session: () => OutboxSession | null;
  emit: (e: OutboxEvent) => void;
  /** Aborted when the session ends, so no request keeps running with a revoked token. */
  signal?: AbortSignal;
  now?: () => number;
  random?: () => number;
  /**
   * Jobs due now whatever their backoff: those that were waiting for the network when the device came back online. Their
   * wait (up to a minute) was only a guess at when the network returns; a server's 5xx/429 backoff is kept.
   */
  dueNow?: ReadonlySet<string>;
  /** The jobs this pass runs (a lane of the uploader: files, or the jobs without one); all of them when absent. */
  lane?: (job: OutboxRecord) => boolean;
}

type Outcome = "done" | "retry" | "paused" | "failed" | "skipped";

/**
 * Runs every due job of the signed-in owner once, oldest first, except those waiting for their order's start
 * (`startAwaited`): they stay as they are, untouched, until the start is attached (or discarded). Returns "paused" when
 * signed out or the server asked for a new sign-in (401).
 */
export async function processDue(deps: ProcessDeps): Promise<"idle" | "paused"> {
  const now = deps.now ?? Date.now;
  const session = deps.session();
  if (!session) return "paused";
  const mine = (await deps.store.all()).filter((j) => ownedBy(j, session.owner));
  const facts = mine.map(orderFacts);
  const jobs = mine
    .filter((j) => isPending(j) && (deps.lane?.(j) ?? true) && (j.nextAttemptAt <= now() || !!deps.dueNow?.has(j.id)))
    .sort((a, b) => a.createdAt - b.createdAt);
  for (const job of jobs) {
    // Held at the start of the pass: read again, since the start (older, so run before it in this pass) may have just landed.
    if (startAwaited(orderFacts(job), facts) && (await waitsForStart(deps.store, job, session.owner))) continue;
    if ((await step(deps, job)) === "paused") return "paused";
  }
  return "idle";
}

async function waitsForStart(store: OutboxDb, job: OutboxRecord, owner: JobOwner): Promise<boolean> {
  const mine = (await store.all()).filter((j) => ownedBy(j, owner)).map(orderFacts);
  return startAwaited(orderFacts(job), mine) !== undefined;
}

/**
 * When the uploader has something to send next for `owner`: the earliest attempt of a pending job that is not waiting for its
 * order's start; Infinity when none. A held job is not counted (it is due, and would spin the loop while its start compresses,
 * waits out a backoff or waits for the attendant): the start's own change or attempt wakes the loop.
 */
export function nextAttemptAt(
  jobs: readonly OutboxRecord[],
  owner: JobOwner | null,
  lane: (job: OutboxRecord) => boolean = () => true,
): number {
  const mine = jobs.filter((j) => ownedBy(j, owner));
  const facts = mine.map(orderFacts);
  const ready = mine.filter((j) => isPending(j) && lane(j) && !startAwaited(orderFacts(j), facts));
  return ready.length ? Math.min(...ready.map((j) => j.nextAttemptAt)) : Infinity;
}

async function step(deps: ProcessDeps, job: OutboxRecord): Promise<Outcome> {
  const { store, transport, emit, signal } = deps;
  const now = deps.now ?? Date.now;
  /** The session may have ended or changed since the pass began: never send one user's job with another's token. */
  const tokenFor = () => {
    const s = deps.session();
    return s && ownedBy(job, s.owner) && !signal?.aborted ? s.token : null;
  };
  const apply = async (event: JobEvent, notice?: string): Promise<boolean> => {
    const result = await store.apply(job.id, event);
    if (!result || result.to === "removed") return false;
    job = result.job;
    emit(notice ? { type: "state", job, notice } : { type: "state", job });
    return true;
  };
  const judge = async (answer: HttpAnswer, fallback = UPLOAD_FAILED): Promise<Outcome | null> => {
    if (answer.status >= 200 && answer.status < 300) return null;
    if (signal?.aborted || !tokenFor()) return "paused";
    if (answer.status === 401) {
      await store.apply(job.id, { type: "pause" });
      emit({ type: "auth-required" });
      return "paused";
    }
    if (answer.status === 0 || answer.status >= 500 || answer.status === 408 || answer.status === 423 || answer.status === 429) {
      const at = now() + backoffMs(job.attempts + 1, deps.random);
      // 429: the server says why the file must wait (e.g. too many unfinished uploads of the point): shown while it waits.
      const notice = answer.status === 429 ? serverMessage(answer.body) : undefined;
      const reason = answer.status === 0 ? "network" : "server";
      return (await apply({ type: "retry-later", reason, at }, notice)) ? "retry" : "skipped";
    }
    // 422: the server refused the bytes themselves (they arrived different from the hash the job declared).
    await apply({ type: "fail", error: serverMessage(answer.body) ?? fallback, restart: answer.status === 422 });
    return "failed";
  };

  if (job.state === "uploading") {
    const file = await store.file(job.id);
    if (!file) return (await apply({ type: "fail", error: UPLOAD_FAILED })) ? "failed" : "skipped";
    const token = tokenFor();
    if (!token) return "paused";
    const answer = await transport.upload(
      file,
      job.name,
      token,
      (f) => emit({ type: "progress", id: job.id, percent: Math.round(f * 100) }),
      signal,
      {
        url: job.uploadUrl,
        // Saved before the first byte goes: a cut, a reload or a killed tab resumes this upload, not a new one.
        opened: async (url) => void (await apply({ type: "upload-opened", url })),
      },
      job.evidence,
    );
    const verdict = await judge(answer);
    if (verdict) return verdict;
    // A 2xx is the stored file; anything else in its place (a proxy's page) is told apart by the check below.
    const stored = (answer.body as Partial<StoredFile> | undefined)?.file;
    if (typeof stored !== "string") return (await apply({ type: "fail", error: UPLOAD_FAILED })) ? "failed" : "skipped";
    if (!(await apply({ type: "uploaded", storedName: stored }))) return "skipped";
  }

  // Each step is remembered as done as soon as it succeeds, so a reload resumes at the next one.
  for (let index = job.steps.findIndex((s) => !s.done); index >= 0; index = job.steps.findIndex((s) => !s.done)) {
    const token = tokenFor();
    if (!token) return "paused";
    const { path, body } = stepRequest(job.steps[index]!, job);
    const verdict = await judge(await transport.post(path, body, token, signal), STEP_FAILED[job.steps[index]!.kind]);
    if (verdict) return verdict;
    if (!(await apply({ type: "step-done", index }))) return "skipped";
  }
  // A job with no step left to run that is not attached cannot make progress: shown as failed rather than retried forever.
  if (job.state !== "attached") return (await apply({ type: "fail", error: UPLOAD_FAILED })) ? "failed" : "skipped";
  // Only now is the evidence safely on the server and linked to its order.
  await store.deleteFile(job.id);
  return "done";
}
