// Upload worker: owns the outbox store and the uploader loop, exposed through Comlink (worker).
import { expose } from "comlink";
import type { JobEvent } from "../../src/domain/outbox-job.ts";
import { OutboxDb, type OutboxRecord } from "./outbox-db.ts";
import { OutboxRunner } from "./runner.ts";
import type { OutboxSession } from "../../src/domain/outbox-job.ts";
import type { OutboxEvent } from "./process.ts";

let store: Promise<OutboxDb> | undefined;
let runner: OutboxRunner | undefined;
const opened = () => (store ??= OutboxDb.open());

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
  /** Saves the original file before anything else is done to it. */
  add: async (job: OutboxRecord, file: Blob) => (await opened()).add(job, file),
  file: async (id: string) => (await opened()).file(id),
  /** One state change through the transition table (a compressed file may replace the saved one); false when refused. */
  async apply(id: string, event: JobEvent, file?: Blob) {
    const result = await (await opened()).apply(id, event, file);
    if (result && result.to !== "removed") runner?.announce({ type: "state", job: result.job });
    runner?.wake();
    return result !== null;
  },
  list: async () => (await opened()).all(),
};

expose(api);
export type OutboxApi = typeof api;
