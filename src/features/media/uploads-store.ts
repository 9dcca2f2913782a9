// Uploads store (valtio): the outbox jobs as the UI shows them, fed by the bus; retry and discard actions (main thread).
import { proxy } from "valtio/vanilla";
import { bus } from "../../lib/bus";
import { discardUpload, listUploads, retryUpload, startUploads } from "../../lib/workers/upload-bridge";
import type { OutboxEvent } from "../../../workers/upload/process";
import type { UploadJob } from "../../../workers/upload/outbox-store";

export interface UploadView { id: string; name: string; kind: UploadJob["kind"]; state: UploadJob["state"]; progress: number; error?: string }
interface UploadsState { jobs: Record<string, UploadView>; authRequired: boolean; attachedSinceIdle: number }

const DEFAULT_STATE: Readonly<UploadsState> = Object.freeze({ jobs: {}, authRequired: false, attachedSinceIdle: 0 });
export const uploadsStore = proxy<UploadsState>({ ...DEFAULT_STATE, jobs: {} });

const view = (j: UploadJob): UploadView => ({ id: j.id, name: j.name, kind: j.kind, state: j.state, progress: j.progress, error: j.error });

export type UploadNotice =
  | { sent: number } | { compressing: UploadJob["kind"] } | { video: "sent" | "failed" | "network" };

/**
 * Applies one outbox event; returns what the user should be told: a video sent, failed or waiting for the network (the spec's
 * video toasts), other files counted once the queue empties, or a compression start.
 */
export function applyUploadEvent(e: OutboxEvent): UploadNotice | null {
  if (e.type === "auth-required") {
    uploadsStore.authRequired = true;
    return null;
  }
  if (e.type === "progress") {
    const job = uploadsStore.jobs[e.id];
    if (job) job.progress = e.percent;
    return null;
  }
  uploadsStore.authRequired = false;
  const video = e.job.kind === "video";
  if (e.job.state === "attached") {
    delete uploadsStore.jobs[e.job.id];
    if (video) return { video: "sent" };
    uploadsStore.attachedSinceIdle++;
    if (Object.values(uploadsStore.jobs).some((j) => j.state !== "failed")) return null;
    const sent = uploadsStore.attachedSinceIdle;
    uploadsStore.attachedSinceIdle = 0;
    return { sent };
  }
  const before = uploadsStore.jobs[e.job.id];
  uploadsStore.jobs[e.job.id] = view(e.job);
  if (e.job.state === "compressing" && before?.state !== "compressing") return { compressing: e.job.kind };
  if (video && e.job.state === "failed" && before?.state !== "failed") return { video: "failed" };
  // Told once per job, on the first attempt that got no answer; the outbox keeps retrying on its own.
  if (video && e.job.retryReason === "network" && e.job.attempts === 1) return { video: "network" };
  return null;
}

export async function startUploadQueue(token: string) {
  await startUploads(token);
  for (const j of await listUploads()) if (j.state !== "attached") uploadsStore.jobs[j.id] = view(j);
}

export async function retryJob(id: string) {
  const job = uploadsStore.jobs[id];
  if (job) Object.assign(job, { state: "uploading", error: undefined });
  await retryUpload(id);
}

export async function discardJob(id: string) {
  delete uploadsStore.jobs[id];
  await discardUpload(id);
}

export const onUploadEvent = (listener: (notice: UploadNotice) => void) => {
  const handler = (e: OutboxEvent) => {
    const notice = applyUploadEvent(e);
    if (notice) listener(notice);
  };
  bus.on("upload:event", handler);
  return () => bus.off("upload:event", handler);
};
