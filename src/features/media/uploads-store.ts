// Uploads store (valtio): the outbox jobs as the UI shows them, fed by the bus; retry and discard actions (main thread).
import { proxy } from "valtio/vanilla";
import { bus } from "../../lib/bus";
import { discardUpload, listUploads, retryUpload, startUploads } from "../../lib/workers/upload-bridge";
import type { OutboxEvent } from "../../../workers/upload/process";
import type { UploadJob } from "../../../workers/upload/outbox-store";

export interface UploadView { id: string; name: string; state: UploadJob["state"]; progress: number; error?: string }
interface UploadsState { jobs: Record<string, UploadView>; authRequired: boolean; attachedSinceIdle: number }

const DEFAULT_STATE: Readonly<UploadsState> = Object.freeze({ jobs: {}, authRequired: false, attachedSinceIdle: 0 });
export const uploadsStore = proxy<UploadsState>({ ...DEFAULT_STATE, jobs: {} });

const view = (j: UploadJob): UploadView => ({ id: j.id, name: j.name, state: j.state, progress: j.progress, error: j.error });

/** Applies one outbox event; returns how many files were sent when the queue just became empty (for the success toast). */
export function applyUploadEvent(e: OutboxEvent): number {
  if (e.type === "auth-required") {
    uploadsStore.authRequired = true;
    return 0;
  }
  if (e.type === "progress") {
    const job = uploadsStore.jobs[e.id];
    if (job) job.progress = e.percent;
    return 0;
  }
  uploadsStore.authRequired = false;
  if (e.job.state === "attached") {
    delete uploadsStore.jobs[e.job.id];
    uploadsStore.attachedSinceIdle++;
    if (Object.values(uploadsStore.jobs).some((j) => j.state !== "failed")) return 0;
    const sent = uploadsStore.attachedSinceIdle;
    uploadsStore.attachedSinceIdle = 0;
    return sent;
  }
  uploadsStore.jobs[e.job.id] = view(e.job);
  return 0;
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

export const onUploadEvent = (listener: (sent: number) => void) => {
  const handler = (e: OutboxEvent) => {
    const sent = applyUploadEvent(e);
    if (sent > 0) listener(sent);
  };
  bus.on("upload:event", handler);
  return () => bus.off("upload:event", handler);
};
