// The ONE client view of the outbox (valtio): the signed-in owner's jobs, kept current from the bus; read by the upload indicator and the OS page (main thread).
import { proxy } from "valtio/vanilla";
import { orderOf, type OutboxJob } from "../../domain/outbox-job";
import { startsOrder, type StepKind } from "../../domain/outbox-steps";
import { bus } from "../bus";
import { discardOutboxJob, listOutbox, retryOutboxJob, startOutboxWorker } from "./outbox-bridge";
import type { OutboxEvent } from "../../../workers/outbox/process";
import { isMine, onOutboxSession } from "./outbox-session";

export interface OutboxJobView {
  id: string;
  name: string;
  kind: OutboxJob["kind"];
  state: OutboxJob["state"];
  progress: number;
  createdAt: number;
  orderId?: string;
  error?: string;
  attempts: number;
  retryReason?: OutboxJob["retryReason"];
  /** The job starts its order once its video is attached (the agenda row follows it). */
  startsOrder: boolean;
  /** The follow-up calls of the job, in order: tells a photo from a laudo, a recibo or a final video of the same order. */
  kinds: readonly StepKind[];
  /** Why the server asked the job to wait (its 429 message); it is sent again by itself. Cleared by the job's next state. */
  waiting?: string;
}
interface OutboxState {
  jobs: Record<string, OutboxJobView>;
  authRequired: boolean;
}

const DEFAULT_STATE: Readonly<OutboxState> = Object.freeze({ jobs: {}, authRequired: false });
export const outboxStore = proxy<OutboxState>({ ...DEFAULT_STATE, jobs: {} });

const view = (j: OutboxJob, waiting?: string): OutboxJobView => ({
  id: j.id,
  name: j.name,
  kind: j.kind,
  state: j.state,
  progress: j.progress,
  createdAt: j.createdAt,
  orderId: orderOf(j),
  error: j.error,
  attempts: j.attempts,
  retryReason: j.retryReason,
  startsOrder: startsOrder(j),
  kinds: j.steps.map((s) => s.kind),
  ...(waiting ? { waiting } : {}),
});

type JobListener = (e: OutboxEvent, before: OutboxJobView | undefined) => void;
const listeners = new Set<JobListener>();

/** Applies one outbox event; other users' jobs (e.g. resumed compressions) are never shown. Listeners see the view before it. */
export function applyOutboxEvent(e: OutboxEvent) {
  let before: OutboxJobView | undefined;
  if (e.type === "auth-required") outboxStore.authRequired = true;
  else if (e.type === "progress") {
    const job = outboxStore.jobs[e.id];
    if (!job) return;
    before = { ...job };
    job.progress = e.percent;
  } else {
    if (!isMine(e.job)) return;
    outboxStore.authRequired = false;
    before = outboxStore.jobs[e.job.id] && { ...outboxStore.jobs[e.job.id]! };
    if (e.job.state === "attached") delete outboxStore.jobs[e.job.id];
    else outboxStore.jobs[e.job.id] = view(e.job, e.notice);
  }
  for (const listener of listeners) listener(e, before);
}

/** For notices (toasts) that depend on what changed; returns the unsubscribe function. */
export function onOutboxChange(listener: JobListener) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

type AttachedJob = Extract<OutboxEvent, { type: "state" }>["job"];

/** A job has just been attached (every follow-up done): the one filter behind each "it landed" notice. */
export const onJobAttached = (listener: (job: AttachedJob) => void) =>
  onOutboxChange((e, before) => {
    if (e.type === "state" && e.job.state === "attached" && before?.state !== "attached") listener(e.job);
  });

/**
 * A watcher of landed jobs for the tab's whole life (the start, finish and document watchers, registered by the shell before
 * the queue starts, so a job resumed after a reload is seen even before its screen's code has loaded). `keyOf` picks the jobs
 * it is about and what makes two of them the same (their order, or the job itself); `onLanded` runs once per key. The returned
 * function registers the listener; calling it again does nothing more.
 */
export function jobWatcher(keyOf: (job: AttachedJob) => string | null | undefined, onLanded: (key: string, job: AttachedJob) => void) {
  const seen = new Set<string>();
  let registered = false;
  return () => {
    if (registered) return;
    registered = true;
    onJobAttached((job) => {
      const key = keyOf(job);
      if (!key || seen.has(key)) return;
      seen.add(key);
      onLanded(key, job);
    });
  };
}

/** Loads the signed-in owner's saved jobs (after a start or a change of user). */
export async function loadOutbox() {
  const mine = (await listOutbox()).filter((j) => isMine(j) && j.state !== "attached");
  outboxStore.jobs = Object.fromEntries(mine.map((j) => [j.id, view(j)]));
}

export async function startOutbox() {
  await startOutboxWorker();
  await loadOutbox();
}

bus.on("outbox:event", applyOutboxEvent);
// A signed-out phone shows nothing of the previous user's files; the next user sees only their own.
onOutboxSession(() => {
  outboxStore.jobs = {};
  outboxStore.authRequired = false;
  void loadOutbox();
});

/** The user asks again after a failure: the job resumes at its first step not done (a finish refused earlier only finishes). */
export async function retryJob(id: string) {
  const job = outboxStore.jobs[id];
  if (job) Object.assign(job, { state: "uploading", error: undefined });
  await retryOutboxJob(id);
}

export async function discardJob(id: string) {
  delete outboxStore.jobs[id];
  await discardOutboxJob(id);
}
