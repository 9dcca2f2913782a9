// The ONE client view of the outbox (valtio): the signed-in owner's jobs, kept current from the bus; read by the upload indicator and the OS page (main thread).
import { proxy } from "valtio/vanilla";
import { orderOf, serviceLinkOf, startAwaited, type OutboxJob } from "../../domain/outbox-job";
import { finishesOrder, independentOfStart, startsOrder, type StepKind } from "../../domain/outbox-steps";
import { bus } from "../bus";
import { compresses } from "../../domain/compression";
import { discardOutboxJob, listOutbox, retryOutboxJob, startOutboxWorker } from "./outbox-bridge";
import type { OutboxEvent } from "../../../workers/outbox/process";
import { isMine, onOutboxSession } from "./outbox-session";
import { reportRequestSuccess } from "../offline/network";

export interface OutboxJobView {
  id: string;
  name: string;
  kind: OutboxJob["kind"];
  state: OutboxJob["state"];
  progress: number;
  createdAt: number;
  orderId?: string;
  /** The linked service the file attaches to, when it is a service's photo or video. */
  serviceLinkId?: string;
  error?: string;
  attempts: number;
  retryReason?: OutboxJob["retryReason"];
  /** The job starts its order once its video is attached (the agenda row follows it). */
  startsOrder: boolean;
  /** The file is compressed before it is sent (it reaches a tier); a small one is only hashed. Absent = unknown. */
  compresses?: boolean;
  /** The job never waits for its order's start (a note). Absent = false. */
  independent?: boolean;
  /** The follow-up calls of the job, in order: tells a photo from a laudo, a recibo or a final video of the same order. */
  kinds: readonly StepKind[];
  /** Why the server asked the job to wait (its 429 message); it is sent again by itself. Cleared by the job's next state. */
  waiting?: string;
  /**
   * Nothing is moving: the last attempt got no answer (or a 5xx) and the job waits for its next one. Cleared by the next
   * attempt's first progress or by the file being stored. Absent = false.
   */
  stalled?: boolean;
  /** The file's name on the server once uploaded: how a card tells a just-sent job from its row in the saved list. */
  storedName?: string;
  /**
   * Waits for its order's start, an older job still on its way (`startAwaited`): the uploader leaves it alone until the start
   * is attached, so nothing is moving. Absent = false.
   */
  held?: boolean;
}
interface OutboxState {
  /** Jobs not yet attached (on the device, compressing, being sent, failed). */
  jobs: Record<string, OutboxJobView>;
  /**
   * Jobs attached in this tab, kept (state 'attached') until their card's saved list shows them (`forgetLanded`): offline, or
   * before the list is refetched, the card still shows 'Enviado' rather than nothing.
   */
  landed: Record<string, OutboxJobView>;
  authRequired: boolean;
}

const DEFAULT_STATE: Readonly<OutboxState> = Object.freeze({ jobs: {}, landed: {}, authRequired: false });
export const outboxStore = proxy<OutboxState>({ ...DEFAULT_STATE, jobs: {}, landed: {} });

/** A state event: the job waits for its next attempt when this one just counted a retry, or when it was already waiting. */
const stalledAfter = (j: OutboxJob, before: OutboxJobView | undefined): boolean =>
  !!j.retryReason && (j.state === "uploading" || j.state === "uploaded") && (!before || j.attempts !== before.attempts || !!before.stalled);

const view = (j: OutboxJob, waiting?: string, before?: OutboxJobView): OutboxJobView => {
  const serviceLinkId = serviceLinkOf(j);
  return {
    id: j.id,
    name: j.name,
    kind: j.kind,
    state: j.state,
    progress: j.progress,
    createdAt: j.createdAt,
    orderId: orderOf(j),
    ...(serviceLinkId ? { serviceLinkId } : {}),
    error: j.error,
    attempts: j.attempts,
    retryReason: j.retryReason,
    startsOrder: startsOrder(j),
    independent: independentOfStart(j),
    compresses: compresses(j.kind, j.size),
    kinds: j.steps.map((s) => s.kind),
    ...(waiting ? { waiting } : {}),
    stalled: stalledAfter(j, before),
    ...(j.storedName ? { storedName: j.storedName } : {}),
  };
};

type JobListener = (e: OutboxEvent, before: OutboxJobView | undefined) => void;
const listeners = new Set<JobListener>();

type AttachedJob = Extract<OutboxEvent, { type: "state" }>["job"];
type DrainListener = (landed: readonly AttachedJob[]) => void;
const drainListeners = new Set<DrainListener>();
/** Files attached since the queue last had nothing on its way: told together once it has nothing left (`onQueueDrained`). */
let landedSinceIdle: AttachedJob[] = [];

/**
 * A start, a finish or a note is told by its own watcher ('Ordem de Serviço iniciada…', 'OS finalizada…', 'Anotação
 * adicionada…'), not as a file.
 */
const toldByItsScreen = (job: AttachedJob) => startsOrder(job) || finishesOrder(job) || job.kind === "note";

/** Nothing left on its way (failed files wait for the user): the files attached since then are handed over once. */
function checkDrained() {
  if (landedSinceIdle.length === 0 || Object.values(outboxStore.jobs).some((j) => j.state !== "failed")) return;
  const landed = landedSinceIdle;
  landedSinceIdle = [];
  for (const listener of drainListeners) listener(landed);
}

/** Marks the jobs waiting for their order's start; run after the set of jobs or a job's state changed. */
function markHeld() {
  const all = Object.values(outboxStore.jobs);
  for (const job of all) {
    const held = startAwaited(job, all) !== undefined;
    if (Boolean(job.held) !== held) job.held = held;
  }
}

/** Applies one outbox event; other users' jobs (e.g. resumed compressions) are never shown. Listeners see the view before it. */
export function applyOutboxEvent(e: OutboxEvent) {
  let before: OutboxJobView | undefined;
  if (e.type === "auth-required") outboxStore.authRequired = true;
  else if (e.type === "progress") {
    const job = outboxStore.jobs[e.id];
    if (!job) return;
    before = { ...job };
    job.progress = e.percent;
    // Bytes are moving again: the job is being sent, no longer waiting for its next attempt.
    job.stalled = false;
  } else {
    if (!isMine(e.job)) return;
    outboxStore.authRequired = false;
    before = outboxStore.jobs[e.job.id] && { ...outboxStore.jobs[e.job.id]! };
    // The server answered the upload worker (the file stored, or its last call done): it is reachable, whatever the page last
    // saw. Without this, a page that had judged itself offline kept its lists paused while its files were being attached.
    if ((e.job.state === "uploaded" && before?.state === "uploading") || e.job.state === "attached") reportRequestSuccess();
    if (e.job.state === "attached") {
      delete outboxStore.jobs[e.job.id];
      if (before) outboxStore.landed[e.job.id] = view(e.job);
      if (before?.state !== "attached" && !toldByItsScreen(e.job)) landedSinceIdle.push(e.job);
    } else outboxStore.jobs[e.job.id] = view(e.job, e.notice, before);
    markHeld();
  }
  for (const listener of listeners) listener(e, before);
  if (e.type === "state") checkDrained();
}

/** For notices (toasts) that depend on what changed; returns the unsubscribe function. */
export function onOutboxChange(listener: JobListener) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/**
 * The queue has nothing left on its way: `landed` are the files attached since it last had none (not starts or finishes),
 * oldest first, handed over once. One summary for a queue drained after the network came back, instead of one toast per file.
 */
export function onQueueDrained(listener: DrainListener) {
  drainListeners.add(listener);
  return () => void drainListeners.delete(listener);
}

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
  markHeld();
}

export async function startOutbox() {
  await startOutboxWorker();
  await loadOutbox();
}

bus.on("outbox:event", applyOutboxEvent);
// A signed-out phone shows nothing of the previous user's files; the next user sees only their own.
let ownerKey: string | null = null;
onOutboxSession((session) => {
  const key = session ? `${session.owner.userId}@${session.owner.pointId}` : null;
  // Just-sent files stay told for the same attendant across a renewed token; another owner (or none) starts afresh.
  if (key !== ownerKey) {
    outboxStore.landed = {};
    landedSinceIdle = [];
  }
  ownerKey = key;
  outboxStore.jobs = {};
  outboxStore.authRequired = false;
  void loadOutbox();
});

/** The user asks again after a failure: the job resumes at its first step not done (a finish refused earlier only finishes). */
export async function retryJob(id: string) {
  const job = outboxStore.jobs[id];
  if (job) Object.assign(job, { state: "uploading", error: undefined, stalled: false });
  await retryOutboxJob(id);
}

/** A card's saved list now shows these just-sent files: their 'Enviado' rows give way to it. */
export function forgetLanded(ids: readonly string[]) {
  for (const id of ids) delete outboxStore.landed[id];
}

export async function discardJob(id: string) {
  delete outboxStore.jobs[id];
  // A discarded start lets its order's later files go (the uploader does the same).
  markHeld();
  // The last file on its way was given up: those sent before it are told now.
  checkDrained();
  await discardOutboxJob(id);
}
