// Bridge to the upload worker: saves evidence first, compresses it, queues it; resumes on start and on 'online' (main thread).
import { proxy, wrap, type Remote } from "comlink";
import type { UploadApi } from "../../../workers/upload/upload.worker";
import type { FollowUpCall, UploadJob } from "../../../workers/upload/outbox-store";
import type { OutboxEvent } from "../../../workers/upload/process";
import { API_BASE } from "../../config/env";
import { bus } from "../bus";
import { compressImageFile } from "./image-bridge";
import { compressVideoFile } from "./video-bridge";

let remote: Remote<UploadApi> | null = null;
let worker: Worker | null = null;

const kindOf = (file: File): UploadJob["kind"] =>
  file.type.startsWith("video/") ? "video" : file.type.startsWith("image/") ? "image" : "document";

/** Absolute API base: the worker resolves URLs against its own script location, not the page. */
const absoluteBase = () => new URL(API_BASE, location.href).href.replace(/\/$/, "");

async function compressAndQueue(id: string, file: File) {
  const api = remote!;
  const compressing = await api.update(id, { state: "compressing" });
  if (compressing) bus.emit("upload:event", { type: "state", job: compressing });
  const kind = kindOf(file);
  const out = kind === "image" ? await compressImageFile(file) : kind === "video" ? await compressVideoFile(file) : { file, compressed: false };
  await api.ready(id, out.compressed ? out.file : null, out.compressed ? out.file.name : undefined);
}

/** Starts the uploader for this tab (only one tab uploads at a time) and resumes interrupted compressions. */
export async function startUploads(token: string | null, opts: { apiBase?: string; dbName?: string } = {}) {
  if (!remote) {
    worker = new Worker(new URL("../../../workers/upload/upload.worker.ts", import.meta.url), { type: "module", name: "upload" });
    remote = wrap<UploadApi>(worker);
    window.addEventListener("online", () => void remote?.wake());
  }
  const resume = await remote.start(opts.apiBase ?? absoluteBase(), token, proxy((e: OutboxEvent) => bus.emit("upload:event", e)), opts.dbName);
  for (const job of resume) {
    const saved = await remote.file(job.id);
    if (saved) await compressAndQueue(job.id, new File([saved], job.name, { type: job.type }));
  }
}

export const setUploadToken = (token: string | null) => remote?.setToken(token);

/** Saves the file on the device, then compresses and uploads it, then makes the follow-up call. Returns the job id. */
export async function enqueueUpload(file: File, call: FollowUpCall, body: Record<string, unknown>, fileField: string): Promise<string> {
  if (!remote) throw new Error("startUploads() must run first");
  const id = crypto.randomUUID();
  const job: UploadJob = {
    id, state: "stored", kind: kindOf(file), name: file.name, type: file.type, size: file.size, attempts: 0, nextAttemptAt: 0,
    progress: 0, createdAt: Date.now(), followUp: { call, body, fileField },
  };
  await remote.add(job, file);
  void compressAndQueue(id, file);
  return id;
}

export const listUploads = () => remote?.list() ?? Promise.resolve([]);
export const retryUpload = (id: string) => remote?.retry(id);
export const discardUpload = (id: string) => remote?.discard(id);

export function stopUploads() {
  worker?.terminate();
  worker = null;
  remote = null;
}
