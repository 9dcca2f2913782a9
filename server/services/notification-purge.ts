// Notifications are kept 90 days: the older ones (and their read marks) are deleted at start and every hour by
// server/server.ts. Every instance may run it: deleting twice is fine (server only).
import type { Db } from "../db/client.ts";
import { purgeOldNotifications } from "../repositories/notifications.ts";
import { SWEEP_EVERY_MS, type SweepWarning } from "../lib/upload-sweeps.ts";

/** Purges now and then every hour (the timer does not keep the process alive); returns the stop function. */
export function startNotificationPurge(db: Db, warn: SweepWarning, clock: () => Date = () => new Date()): () => void {
  const run = () => void purgeOldNotifications(db, clock()).catch((err: Error) => warn("old notifications not deleted", err));
  run();
  const timer = setInterval(run, SWEEP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
