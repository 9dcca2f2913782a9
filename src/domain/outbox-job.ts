// The outbox job: its record, who owns it, and its state machine as ONE explicit transition table (pure; page, upload worker, tests).
import { independentOfStart, startsOrder, type FollowUpStep } from "./outbox-steps.ts";

export type JobState = "stored" | "compressing" | "uploading" | "uploaded" | "attached" | "failed";

/** The signed-in attendant and service point a job was captured under; only their own session may send it. */
export interface JobOwner {
  userId: string;
  pointId: string;
}

export interface OutboxJob {
  /** Also the idempotency key of the job. */
  id: string;
  state: JobState;
  /** "note": a job with no file (a note typed on the OS screen): nothing to upload, its steps are the whole job. */
  kind: "image" | "video" | "document" | "note";
  name: string;
  type: string;
  size: number;
  /** null only for jobs saved before owners were recorded; the next signed-in user adopts them (see adoptOwnerless). */
  owner: JobOwner | null;
  /** Follow-up calls made after the upload, in order; each remembers whether it is done, so a reload resumes at the next one. */
  steps: FollowUpStep[];
  storedName?: string;
  /**
   * The resumable (tus) upload on the server that holds the bytes sent so far: the next attempt, after a cut, a reload or a
   * killed tab, asks it how much arrived and sends only the rest. Dropped once the file is stored, or when the server refused
   * the bytes themselves (a fail with `restart`).
   */
  uploadUrl?: string;
  attempts: number;
  nextAttemptAt: number;
  progress: number;
  error?: string;
  /** Why the last attempt is being retried: no answer at all (network) or a server-side failure. */
  retryReason?: "network" | "server";
  createdAt: number;
  evidence?: JobEvidence;
}

/**
 * What the upload declares about its file so the server can prove it untouched (issue 39): the SHA-256 (lower-case hex) of the
 * bytes sent and of the file as captured or chosen (before compression; equal when not compressed), computed in the outbox
 * worker before the upload starts; the capture time the device claims; and, for an initial video, the plate its first seconds
 * showed. Jobs saved before hashes existed have none and are sent without them (the server accepts that).
 */
export interface JobEvidence {
  sha256?: string;
  sha256Original?: string;
  /** The file's lastModified as ISO 8601 (a camera capture's File is made at capture time); "" when unknown. */
  capturedAt: string;
  /** The OCR's look at the initial video: the plate it read (null: none) and whether the attendant confirmed a differing one. */
  videoPlate?: { read: string | null; confirmed: boolean };
}

/** Who may send right now: a token and the owner whose jobs it may carry. */
export interface OutboxSession {
  token: string;
  owner: JobOwner;
}

/** A job with a file to upload before its steps; a note's job has none. */
export const carriesFile = (job: Pick<OutboxJob, "kind">) => job.kind !== "note";

/**
 * A new job, saved before anything else happens to its file; it always has at least one follow-up step. A job without a file
 * (a note) starts where a file job is once its file is stored: its steps are due at once.
 */
export function createJob(init: Omit<OutboxJob, "state" | "attempts" | "nextAttemptAt" | "progress">): OutboxJob {
  if (init.steps.length === 0) throw new Error("an outbox job needs at least one follow-up step");
  const steps = init.steps.map((s) => ({ ...s, done: false }));
  if (!carriesFile(init)) return { ...init, state: "uploaded", attempts: 0, nextAttemptAt: 0, progress: 100, steps };
  return { ...init, state: "stored", attempts: 0, nextAttemptAt: 0, progress: 0, steps };
}

export type JobEvent =
  | { type: "compress" }
  /** `hashes`: the file's SHA-256 as it will be sent and as it was captured, recorded on the job as it is queued. */
  | { type: "queue"; name?: string; mime?: string; size?: number; hashes?: { sha256: string; sha256Original: string } }
  | { type: "upload-opened"; url: string | undefined }
  | { type: "uploaded"; storedName: string }
  | { type: "step-done"; index: number }
  | { type: "retry-later"; reason: "network" | "server"; at: number }
  | { type: "pause" }
  /** `restart`: the server refused the bytes that arrived (422, not the hash declared): the retry sends a new upload. */
  | { type: "fail"; error: string; restart?: boolean }
  | { type: "retry" }
  | { type: "discard" };
export type JobEventType = JobEvent["type"];
/** "removed": the record and its saved file are deleted. */
export type Target = JobState | "removed";

/**
 * Every allowed move; anything not listed is refused. compress from compressing = compression resumed after a restart
 * (uploading/uploaded jobs resume by themselves: the uploader picks them up); retry-later = network/5xx, backoff;
 * pause = 401, the job waits unchanged for a new sign-in; retry = the user asks again after a failure; upload-opened = the
 * server gave the upload its resumable address (or forgot it: undefined).
 */
export const TRANSITIONS: Readonly<Record<JobState, Partial<Record<JobEventType, readonly Target[]>>>> = Object.freeze({
  stored: { compress: ["compressing"], fail: ["failed"] },
  compressing: { compress: ["compressing"], queue: ["uploading"], fail: ["failed"] },
  uploading: {
    "upload-opened": ["uploading"],
    uploaded: ["uploaded"],
    "retry-later": ["uploading"],
    pause: ["uploading"],
    fail: ["failed"],
  },
  uploaded: { "step-done": ["uploaded", "attached"], "retry-later": ["uploaded"], pause: ["uploaded"], fail: ["failed"] },
  attached: { discard: ["removed"] },
  failed: { retry: ["uploading", "uploaded"], discard: ["removed"] },
});

export interface Transition {
  to: Target;
  job: OutboxJob;
}

function apply(job: OutboxJob, e: JobEvent): OutboxJob {
  switch (e.type) {
    case "compress":
      return { ...job, state: "compressing" };
    case "queue":
      return {
        ...job,
        state: "uploading",
        name: e.name ?? job.name,
        type: e.mime ?? job.type,
        size: e.size ?? job.size,
        evidence: e.hashes ? { capturedAt: "", ...job.evidence, ...e.hashes } : job.evidence,
      };
    case "upload-opened":
      return { ...job, uploadUrl: e.url };
    case "uploaded":
      return {
        ...job,
        state: "uploaded",
        storedName: e.storedName,
        uploadUrl: undefined,
        attempts: 0,
        progress: 100,
        retryReason: undefined,
      };
    case "step-done": {
      const steps = job.steps.map((s, i) => (i === e.index ? { ...s, done: true } : s));
      const state = steps.every((s) => s.done) ? "attached" : "uploaded";
      return { ...job, steps, state, attempts: 0, error: undefined, retryReason: undefined };
    }
    case "retry-later":
      return { ...job, attempts: job.attempts + 1, nextAttemptAt: e.at, error: undefined, retryReason: e.reason };
    case "pause":
      return job;
    case "fail":
      // An upload whose bytes were refused (422: they arrived different from their declared hash) is never resumed: its retry
      // opens a new upload and sends the whole file again. Other failures keep the address, so a retry resumes.
      return { ...job, state: "failed", error: e.error, uploadUrl: e.restart ? undefined : job.uploadUrl };
    case "retry":
      return {
        ...job,
        state: job.storedName || !carriesFile(job) ? "uploaded" : "uploading",
        attempts: 0,
        nextAttemptAt: 0,
        error: undefined,
      };
    case "discard":
      return job;
  }
}

/** The job after the event, or null when the table refuses it (e.g. a job discarded or retried elsewhere meanwhile). */
export function transition(job: OutboxJob, event: JobEvent): Transition | null {
  const allowed = TRANSITIONS[job.state][event.type];
  if (!allowed) return null;
  if (event.type === "step-done" && (!job.steps[event.index] || job.steps[event.index]!.done)) return null;
  const next = apply(job, event);
  const to: Target = event.type === "discard" ? "removed" : next.state;
  return allowed.includes(to) ? { to, job: next } : null;
}

/** Jobs the uploader works on: waiting for the upload or for a follow-up step. */
export const isPending = (job: OutboxJob) => job.state === "uploading" || job.state === "uploaded";

/** Only the owner's own session sends a job: same attendant and, when recorded, the same service point. */
export const ownedBy = (job: OutboxJob, owner: JobOwner | null): boolean =>
  !!owner && !!job.owner && job.owner.userId === owner.userId && job.owner.pointId === owner.pointId;

/** The first of a job's steps that names `field` as a string, that string. */
const stepField = (job: Pick<OutboxJob, "steps">, field: string): string | undefined => {
  const value = job.steps.find((s) => typeof s.body[field] === "string")?.body[field];
  return typeof value === "string" ? value : undefined;
};

/** The linked service a job's file is attached to (its step names the link: a service's photos and video on the OS screen). */
export const serviceLinkOf = (job: Pick<OutboxJob, "steps">): string | undefined => stepField(job, "idSocioVeiculoAgendaExecucaoServico");

/** The order a job's evidence belongs to (per-order upload views). */
export const orderOf = (job: OutboxJob): string | undefined => stepField(job, "idSocioVeiculoAgenda");

/** What the ordering rule reads of a job: a worker's record (see `orderFacts`) or the page's view of it. */
export interface OrderedJob {
  id: string;
  state: JobState;
  createdAt: number;
  orderId?: string;
  /** The job starts its order (its steps end with iniciar). */
  startsOrder: boolean;
  /** The server takes the job's calls whatever the order's state (a note): it never waits for the start. Absent = false. */
  independent?: boolean;
}

/**
 * The start a job must wait for: an older job of the same order that starts it and is not attached yet (on the device,
 * compressing, being sent, waiting for a retry, or failed and waiting for the attendant's retry or discard). Until it is
 * done the order is not started on the server, which refuses or misfiles what comes after it (a finish, a service's file);
 * the order's photos, laudos and recibos are the execution's, so they follow the start too. A start never waits for another
 * job, so two starts cannot hold each other. `jobs`: the same owner's jobs, the ones that one session can send.
 */
export function startAwaited<J extends OrderedJob>(job: OrderedJob, jobs: Iterable<J>): J | undefined {
  if (job.startsOrder || job.independent || !job.orderId) return undefined;
  for (const other of jobs) {
    if (other.id === job.id || !other.startsOrder || other.orderId !== job.orderId || other.state === "attached") continue;
    if (other.createdAt <= job.createdAt) return other;
  }
  return undefined;
}

/** A worker's record as the ordering rule reads it. */
export const orderFacts = (job: OutboxJob): OrderedJob => ({
  id: job.id,
  state: job.state,
  createdAt: job.createdAt,
  orderId: orderOf(job),
  startsOrder: startsOrder(job),
  independent: independentOfStart(job),
});
