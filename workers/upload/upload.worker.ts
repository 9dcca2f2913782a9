// Upload worker: owns the outbox store and the uploader loop, exposed through Comlink (worker).
import { expose } from "comlink";
import { OutboxStore, type UploadJob } from "./outbox-store.ts";
import { OutboxRunner } from "./runner.ts";
import type { OutboxEvent } from "./process.ts";

let store: Promise<OutboxStore> | undefined;
let runner: OutboxRunner | undefined;
const opened = () => (store ??= OutboxStore.open());

const api = {
  /** Starts (or re-points) the uploader; returns the jobs whose compression must be resumed after a restart. */
  async start(apiBase: string, token: string | null, onEvent: (e: OutboxEvent) => void, dbName?: string) {
    if (dbName) store ??= OutboxStore.open(dbName);
    const s = await opened();
    runner ??= new OutboxRunner(s, apiBase, (e) => void onEvent(e));
    runner.setToken(token);
    runner.start();
    return (await s.all()).filter((j) => j.state === "stored" || j.state === "compressing");
  },
  setToken: (token: string | null) => runner?.setToken(token),
  wake: () => runner?.wake(),
  /** Saves the original file before anything else is done to it. */
  add: async (job: UploadJob, file: Blob) => (await opened()).add(job, file),
  file: async (id: string) => (await opened()).file(id),
  update: async (id: string, patch: Partial<UploadJob>) => (await opened()).update(id, patch),
  /** Swaps in the compressed file (or keeps the original) and queues the job for upload. */
  async ready(id: string, file: Blob | null, name?: string) {
    const s = await opened();
    if (file) await s.replaceFile(id, file, { state: "uploading", name, type: file.type });
    else await s.update(id, { state: "uploading" });
    const job = await s.get(id);
    if (job) runner?.announce(job);
    runner?.wake();
  },
  list: async () => (await opened()).all(),
  retry: async (id: string) => {
    const s = await opened();
    const job = await s.get(id);
    if (job?.state === "failed") await s.update(id, { state: job.storedName ? "uploaded" : "uploading", attempts: 0, nextAttemptAt: 0, error: undefined });
    runner?.wake();
  },
  discard: async (id: string) => (await opened()).remove(id),
};

expose(api);
export type UploadApi = typeof api;
