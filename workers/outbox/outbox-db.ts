// Durable upload outbox in IndexedDB (idb): job records and the saved files; every state change goes through the domain's table (worker or page).
import { openDB, type DBSchema, type IDBPDatabase } from "idb";
import { transition, type JobEvent, type JobOwner, type OutboxJob, type Transition } from "../../src/domain/outbox-job.ts";
import type { StepKind } from "../../src/domain/outbox-steps.ts";

export type OutboxRecord = OutboxJob;

interface OutboxSchema extends DBSchema {
  jobs: { key: string; value: OutboxJob; indexes: { state: OutboxJob["state"] } };
  files: { key: string; value: { id: string; blob: Blob } };
}

export const OUTBOX_DB = "portal-outbox";

/** Records saved before steps and owners existed had one `followUp` call; read as a one-step job with no owner. */
type Legacy = OutboxJob & { followUp?: { call: StepKind; body: Record<string, unknown> } };
function upgrade(raw: Legacy | undefined): OutboxJob | undefined {
  if (!raw || raw.steps) return raw;
  const { followUp, ...job } = raw;
  const steps = followUp ? [{ kind: followUp.call, body: followUp.body, done: raw.state === "attached" }] : [];
  return { ...job, owner: raw.owner ?? null, steps };
}

export class OutboxDb {
  private constructor(private readonly db: IDBPDatabase<OutboxSchema>) {}

  static async open(name = OUTBOX_DB): Promise<OutboxDb> {
    const db = await openDB<OutboxSchema>(name, 1, {
      upgrade(d) {
        d.createObjectStore("jobs", { keyPath: "id" }).createIndex("state", "state");
        d.createObjectStore("files", { keyPath: "id" });
      },
    });
    return new OutboxDb(db);
  }

  /** Saves the file and its job in one transaction, before anything else happens to it; a job without a file (a note) alone. */
  async add(job: OutboxJob, blob?: Blob): Promise<void> {
    const tx = this.db.transaction(["jobs", "files"], "readwrite");
    await Promise.all([tx.objectStore("jobs").put(job), ...(blob ? [tx.objectStore("files").put({ id: job.id, blob })] : []), tx.done]);
  }

  async get(id: string) {
    return upgrade(await this.db.get("jobs", id));
  }

  async all() {
    return (await this.db.getAll("jobs")).map((j) => upgrade(j)!);
  }

  /**
   * Applies one event to the stored record in one transaction (so a change made meanwhile by another caller is seen),
   * replacing the saved file when one is given. null: no such job, or the transition table refuses the event.
   */
  async apply(id: string, event: JobEvent, file?: Blob): Promise<Transition | null> {
    const tx = this.db.transaction(["jobs", "files"], "readwrite");
    const current = upgrade(await tx.objectStore("jobs").get(id));
    const result = current ? transition(current, event) : null;
    if (result?.to === "removed") {
      await tx.objectStore("jobs").delete(id);
      await tx.objectStore("files").delete(id);
    } else if (result) {
      if (file) result.job = { ...result.job, size: file.size };
      await tx.objectStore("jobs").put(result.job);
      if (file) await tx.objectStore("files").put({ id, blob: file });
    }
    await tx.done;
    return result;
  }

  /** Jobs saved before owners were recorded belong to the first session that sees them, and to no one else after. */
  async adoptOwnerless(owner: JobOwner): Promise<void> {
    const tx = this.db.transaction("jobs", "readwrite");
    for (const raw of await tx.store.getAll()) {
      const job = upgrade(raw)!;
      if (!job.owner) await tx.store.put({ ...job, owner });
    }
    await tx.done;
  }

  async file(id: string): Promise<Blob | undefined> {
    return (await this.db.get("files", id))?.blob;
  }

  async deleteFile(id: string) {
    await this.db.delete("files", id);
  }

  close() {
    this.db.close();
  }
}
