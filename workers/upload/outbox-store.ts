// Durable upload outbox in IndexedDB (idb): job records and the saved files, shared by the page and the upload worker.
import { openDB, type DBSchema, type IDBPDatabase } from "idb";

export type JobState = "stored" | "compressing" | "uploading" | "uploaded" | "attached" | "failed";
export type FollowUpCall =
  | "adicionar-foto" | "atualizar-video-inicial" | "atualizar-video-final" | "adicionar-laudo" | "adicionar-nota-fiscal";

export interface UploadJob {
  /** Also the idempotency key of the job. */
  id: string;
  state: JobState;
  kind: "image" | "video" | "document";
  name: string;
  type: string;
  size: number;
  /** The JSON call that attaches the uploaded file; body[fileField] receives the server's file name. */
  followUp: { call: FollowUpCall; body: Record<string, unknown>; fileField: string };
  storedName?: string;
  attempts: number;
  nextAttemptAt: number;
  progress: number;
  error?: string;
  /** Why the last attempt is being retried: no answer at all (network) or a server-side failure. */
  retryReason?: "network" | "server";
  createdAt: number;
}

interface OutboxDb extends DBSchema {
  jobs: { key: string; value: UploadJob; indexes: { state: JobState } };
  files: { key: string; value: { id: string; blob: Blob } };
}

export const OUTBOX_DB = "portal-outbox";

export class OutboxStore {
  private constructor(private readonly db: IDBPDatabase<OutboxDb>) {}

  static async open(name = OUTBOX_DB): Promise<OutboxStore> {
    const db = await openDB<OutboxDb>(name, 1, {
      upgrade(d) {
        d.createObjectStore("jobs", { keyPath: "id" }).createIndex("state", "state");
        d.createObjectStore("files", { keyPath: "id" });
      },
    });
    return new OutboxStore(db);
  }

  /** Saves the file and its job in one transaction, before anything else happens to it. */
  async add(job: UploadJob, blob: Blob): Promise<void> {
    const tx = this.db.transaction(["jobs", "files"], "readwrite");
    await Promise.all([tx.objectStore("jobs").put(job), tx.objectStore("files").put({ id: job.id, blob }), tx.done]);
  }

  get(id: string) {
    return this.db.get("jobs", id);
  }

  all() {
    return this.db.getAll("jobs");
  }

  async update(id: string, patch: Partial<UploadJob>): Promise<UploadJob | undefined> {
    const tx = this.db.transaction("jobs", "readwrite");
    const job = await tx.store.get(id);
    if (!job) return undefined;
    const next = { ...job, ...patch };
    await tx.store.put(next);
    await tx.done;
    return next;
  }

  async file(id: string): Promise<Blob | undefined> {
    return (await this.db.get("files", id))?.blob;
  }

  async replaceFile(id: string, blob: Blob, patch: Partial<UploadJob>): Promise<void> {
    const tx = this.db.transaction(["jobs", "files"], "readwrite");
    const job = await tx.objectStore("jobs").get(id);
    if (job) {
      await tx.objectStore("jobs").put({ ...job, ...patch, size: blob.size });
      await tx.objectStore("files").put({ id, blob });
    }
    await tx.done;
  }

  async deleteFile(id: string) {
    await this.db.delete("files", id);
  }

  async remove(id: string) {
    const tx = this.db.transaction(["jobs", "files"], "readwrite");
    await Promise.all([tx.objectStore("jobs").delete(id), tx.objectStore("files").delete(id), tx.done]);
  }

  close() {
    this.db.close();
  }
}
