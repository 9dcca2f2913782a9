// The ONE client view of the outbox (valtio): the signed-in owner's jobs, kept current from the bus; read by the upload indicator and the OS page (main thread).
import { proxy } from "valtio/vanilla";
import { orderOf, type OutboxJob } from "../../domain/outbox-job";
import { startsOrder, type StepKind } from "../../domain/outbox-steps";
import { bus } from "../bus";
import { discardUpload, listUploads, retryUpload, startUploads } from "../workers/upload-bridge";
import type { OutboxEvent } from "../../../workers/upload/process";
import { isMine, onUploadSession } from "./upload-session";

export interface UploadView {
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
interface UploadsState {
  jobs: Record<string, UploadView>;
  authRequired: boolean;
}

const DEFAULT_STATE: Readonly<UploadsState> = Object.freeze({ jobs: {}, authRequired: false });
export const uploadsStore = proxy<UploadsState>({ ...DEFAULT_STATE, jobs: {} });

const view = (j: OutboxJob, waiting?: string): UploadView => ({
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

type JobListener = (e: OutboxEvent, before: UploadView | undefined) => void;
const listeners = new Set<JobListener>();

/** Applies one outbox event; other users' jobs (e.g. resumed compressions) are never shown. Listeners see the view before it. */
export function applyUploadEvent(e: OutboxEvent) {
  let before: UploadView | undefined;
  if (e.type === "auth-required") uploadsStore.authRequired = true;
  else if (e.type === "progress") {
    const job = uploadsStore.jobs[e.id];
    if (!job) return;
    before = { ...job };
    job.progress = e.percent;
  } else {
    if (!isMine(e.job)) return;
    uploadsStore.authRequired = false;
    before = uploadsStore.jobs[e.job.id] && { ...uploadsStore.jobs[e.job.id]! };
    if (e.job.state === "attached") delete uploadsStore.jobs[e.job.id];
    else uploadsStore.jobs[e.job.id] = view(e.job, e.notice);
  }
  for (const listener of listeners) listener(e, before);
}

/** For notices (toasts) that depend on what changed; returns the unsubscribe function. */
export function onUploadChange(listener: JobListener) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

type AttachedJob = Extract<OutboxEvent, { type: "state" }>["job"];

/** A job has just been attached (every follow-up done): the one filter behind each "it landed" notice. */
export const onJobAttached = (listener: (job: AttachedJob) => void) =>
  onUploadChange((e, before) => {
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
export async function loadUploads() {
  const mine = (await listUploads()).filter((j) => isMine(j) && j.state !== "attached");
  uploadsStore.jobs = Object.fromEntries(mine.map((j) => [j.id, view(j)]));
}

export async function startUploadQueue() {
  await startUploads();
  await loadUploads();
}

bus.on("upload:event", applyUploadEvent);
// A signed-out phone shows nothing of the previous user's files; the next user sees only their own.
onUploadSession(() => {
  uploadsStore.jobs = {};
  uploadsStore.authRequired = false;
  void loadUploads();
});

/** The user asks again after a failure: the job resumes at its first step not done (a finish refused earlier only finishes). */
export async function retryJob(id: string) {
  const job = uploadsStore.jobs[id];
  if (job) Object.assign(job, { state: "uploading", error: undefined });
  await retryUpload(id);
}

export async function discardJob(id: string) {
  delete uploadsStore.jobs[id];
  await discardUpload(id);
}
