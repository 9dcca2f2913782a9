// Who the uploader may send for: set by the session store on sign-in and sign-out, read by the upload bridge and the uploads store (main thread).
import type { JobOwner, OutboxJob, OutboxSession } from "../../domain/outbox-job";

let current: OutboxSession | null = null;
const listeners = new Set<(session: OutboxSession | null) => void>();

export const outboxSession = () => current;
export const outboxOwner = (): JobOwner | null => current?.owner ?? null;
export const isMine = (job: Pick<OutboxJob, "owner">) =>
  !!current && !!job.owner && job.owner.userId === current.owner.userId && job.owner.pointId === current.owner.pointId;

/** Kept tiny (no worker code) so the session store can call it from the main bundle. */
export function setOutboxSession(session: OutboxSession | null) {
  current = session;
  for (const listener of listeners) listener(session);
}

export function onOutboxSession(listener: (session: OutboxSession | null) => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
