// Bridge to the upload worker: saves evidence first, compresses it, queues it; follows sign-in and sign-out; resumes on start and 'online' (main thread).
import { proxy, wrap, type Remote } from "comlink";
import type { OutboxApi } from "../../../workers/outbox/outbox.worker";
import type { OutboxEvent } from "../../../workers/outbox/process";
import { createJob, type JobEvidence, type OutboxJob } from "../../domain/outbox-job";
import { noteSteps, type FollowUpStep, type NoteToAdd } from "../../domain/outbox-steps";
import { API_BASE } from "../../config/env";
import { bus } from "../bus";
import { onOutboxSession, outboxSession } from "./outbox-session";
import { compressImageFile } from "../workers/image-bridge";
import { compressVideoFile } from "../workers/video-bridge";

let remote: Remote<OutboxApi> | null = null;
let worker: Worker | null = null;
/** Settles once the worker has started (the shell starts the queue from a chunk of its own, after the first paint). */
let markStarted!: () => void;
const started = new Promise<void>((resolve) => (markStarted = resolve));

const kindOf = (file: File): OutboxJob["kind"] =>
  file.type.startsWith("video/") ? "video" : file.type.startsWith("image/") ? "image" : "document";

/** Absolute API base: the worker resolves URLs against its own script location, not the page. */
const absoluteBase = () => new URL(API_BASE, location.href).href.replace(/\/$/, "");

// Sign-out reaches the worker at once: its token is cleared and requests in flight are aborted.
onOutboxSession((session) => void remote?.setSession(session));

async function compressAndQueue(id: string, file: File) {
  const api = remote!;
  if (!(await api.apply(id, { type: "compress" }))) return;
  const kind = kindOf(file);
  const out =
    kind === "image" ? await compressImageFile(file) : kind === "video" ? await compressVideoFile(file) : { file, compressed: false };
  if (out.compressed) await api.apply(id, { type: "queue", name: out.file.name, mime: out.file.type }, out.file);
  else await api.apply(id, { type: "queue" });
}

/** Starts the uploader for this tab (only one tab uploads at a time) with the current session, and resumes interrupted compressions. */
export async function startOutboxWorker(opts: { apiBase?: string; dbName?: string } = {}) {
  if (!remote) {
    worker = new Worker(new URL("../../../workers/outbox/outbox.worker.ts", import.meta.url), { type: "module", name: "outbox" });
    remote = wrap<OutboxApi>(worker);
    window.addEventListener("online", () => void remote?.reconnected());
  }
  const resume = await remote.start(
    opts.apiBase ?? absoluteBase(),
    outboxSession(),
    proxy((e: OutboxEvent) => bus.emit("outbox:event", e)),
    opts.dbName,
  );
  // Only now: a file added while the worker was still starting would be in the list of interrupted jobs it returns, and be
  // compressed twice.
  markStarted();
  for (const job of resume) {
    const saved = await remote.file(job.id);
    if (saved) await compressAndQueue(job.id, new File([saved], job.name, { type: job.type }));
  }
}

/**
 * The queue and the session a new job is saved for (the session as it was when the user acted). A file or a note added before
 * the shell's background work has started the queue (its chunk still loading on a slow network), or while the worker is
 * starting, waits for it instead of being refused or listed among the jobs to resume.
 */
async function queueFor() {
  const session = outboxSession();
  await started;
  const api = remote;
  if (!api) throw new Error("the upload queue was stopped");
  if (!session) throw new Error("no signed-in session to own the job");
  return { api, session };
}

/** A File's lastModified as ISO 8601: a camera capture's File is made when it was taken; "" when the browser gives none. */
const capturedAt = (file: File) => (file.lastModified > 0 ? new Date(file.lastModified).toISOString() : "");

/**
 * Saves the file on the device for the signed-in owner, then compresses and uploads it, then runs its follow-up steps
 * in order (e.g. adicionar-foto). Returns the job id. The outbox worker hashes the file as chosen and as sent before the
 * upload starts; `videoPlate`: the plate the OCR read in an initial video (null: none) and whether the attendant confirmed a
 * differing one, declared with the upload.
 */
export async function addToOutbox(
  file: File,
  steps: Omit<FollowUpStep, "done">[],
  opts: { videoPlate?: JobEvidence["videoPlate"] } = {},
): Promise<string> {
  const { api, session } = await queueFor();
  const job = createJob({
    id: crypto.randomUUID(),
    kind: kindOf(file),
    name: file.name,
    type: file.type,
    size: file.size,
    owner: session.owner,
    steps,
    createdAt: Date.now(),
    evidence: { capturedAt: capturedAt(file), ...(opts.videoPlate ? { videoPlate: opts.videoPlate } : {}) },
  });
  await api.add(job, file);
  void compressAndQueue(job.id, file);
  return job.id;
}

/**
 * Saves a note on the device for the signed-in owner and sends it (issue 50): a note typed offline, or cut off by the network,
 * waits in the outbox like a file and survives a reload or a killed tab. Its own id (in the body) makes a repeated call add it
 * once. `name`: how the note is listed while on its way. Returns the job id.
 */
export async function addNoteToOutbox(note: NoteToAdd, name: string): Promise<string> {
  const { api, session } = await queueFor();
  const job = createJob({
    id: note.idSocioVeiculoAgendaExecucaoAnotacao,
    kind: "note",
    name,
    type: "text/plain",
    size: new Blob([note.anotacao]).size,
    owner: session.owner,
    steps: noteSteps(note, new Date()),
    createdAt: Date.now(),
  });
  await api.add(job);
  return job.id;
}

export const listOutbox = () => remote?.list() ?? Promise.resolve([]);
export const retryOutboxJob = (id: string) => remote?.apply(id, { type: "retry" });
export const discardOutboxJob = (id: string) => remote?.apply(id, { type: "discard" });

export function stopOutboxWorker() {
  worker?.terminate();
  worker = null;
  remote = null;
}
