// Upload housekeeping run at start and every hour by server/server.ts (server only): partial files of writes cut by a crash,
// unfinished resumable uploads past their expiry, and the quota rows of those uploads. Every instance may run it: deleting
// twice is fine.
import type { Db } from "../db/client.ts";
import type { FileStorage } from "../storage/storage.ts";
import { purgeExpiredPendingUploads } from "./upload-quota.ts";

/** A staged partial file untouched this long belongs to a write that died (a live one touches it at least every 30 s). */
export const PARTIAL_MAX_AGE_MS = 60 * 60 * 1000;
/** How often the sweeps run after the one at start. */
export const SWEEP_EVERY_MS = 60 * 60 * 1000;

export type SweepWarning = (msg: string, err: Error) => void;

/** One pass of every sweep; a failing one is reported through `warn` and does not stop the others. */
export async function sweepUploads(db: Db, storage: FileStorage, warn: SweepWarning, partialMaxAgeMs = PARTIAL_MAX_AGE_MS) {
  const report = (msg: string) => (err: Error) => {
    warn(msg, err);
    return 0;
  };
  const [partial, expired, quotaRows] = await Promise.all([
    storage.sweepPartialWrites?.(partialMaxAgeMs).catch(report("partial upload files not deleted")) ?? 0,
    storage.sweepExpiredUploads().catch(report("expired uploads not deleted")),
    purgeExpiredPendingUploads(db).catch(report("expired upload quota rows not deleted")),
  ]);
  return { partial, expired, quotaRows };
}

/** Runs the sweeps now and then every SWEEP_EVERY_MS (the timer does not keep the process alive); returns the stop function. */
export function startUploadSweeps(db: Db, storage: FileStorage, warn: SweepWarning): () => void {
  const run = () => void sweepUploads(db, storage, warn);
  run();
  const timer = setInterval(run, SWEEP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
