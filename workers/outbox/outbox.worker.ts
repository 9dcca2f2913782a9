// Upload worker: owns the outbox store and the uploader loop, exposed through Comlink (worker).
import { expose } from "comlink";
import type { JobEvent } from "../../src/domain/outbox-job.ts";
import { OutboxDb, type OutboxRecord } from "./outbox-db.ts";
import { OutboxRunner } from "./runner.ts";
import { EvidenceHashes } from "./file-hash.ts";
import type { OutboxSession } from "../../src/domain/outbox-job.ts";
import type { OutboxEvent } from "./process.ts";

let store: Promise<OutboxDb> | undefined;
let runner: OutboxRunner | undefined;
const opened = () => (store ??= OutboxDb.open());
const hashes = new EvidenceHashes();

const api = {
  /** Starts (or re-points) the uploader; returns the jobs whose compression must be resumed after a restart. */
  async start(apiBase: string, session: OutboxSession | null, onEvent: (e: OutboxEvent) => void, dbName?: string) {
    if (dbName) store ??= OutboxDb.open(dbName);
    const s = await opened();
    runner ??= new OutboxRunner(s, apiBase, (e) => void onEvent(e));
    await runner.setSession(session);
    runner.start();
    return (await s.all()).filter((j) => j.state === "stored" || j.state === "compressing");
  },
  /** null on sign-out: the uploader stops sending at once; the jobs wait for their owner's next sign-in. */
  setSession: async (session: OutboxSession | null) => runner?.setSession(session),
  wake: () => runner?.wake(),
  /** The page saw the device come back online: jobs waiting for the network are sent at once. */
  reconnected: () => runner?.reconnected(),
  /**
   * Saves the original file before anything else is done to it, then starts its hash (while it is compressed elsewhere). A job
   * without a file (a note) is saved and due at once: the uploader is woken for it.
   */
  async add(job: OutboxRecord, file?: Blob) {
    await (await opened()).add(job, file);
    if (file) hashes.start(job.id, file);
    else {
      runner?.announce({ type: "state", job });
      runner?.wake();
    }
  },
  file: async (id: string) => (await opened()).file(id),
  /**
   * One state change through the transition table (a compressed file may replace the saved one); false when refused. A queue
   * event first records the file's hashes (original and sent), so the upload, which starts once the job is queued, declares
   * them: the job stays "compressing" until they are done.
   */
  async apply(id: string, event: JobEvent, file?: Blob) {
    const db = await opened();
    if (event.type === "queue") event = { ...event, hashes: await hashes.forQueue(id, () => db.file(id), file) };
    if (event.type === "discard") hashes.forget(id);
    const result = await db.apply(id, event, file);
    if (result && result.to !== "removed") runner?.announce({ type: "state", job: result.job });
    runner?.wake();
    return result !== null;
  },
  list: async () => (await opened()).all(),
};

expose(api);
export type OutboxApi = typeof api;
