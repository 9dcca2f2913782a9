// The uploader loop: only the tab holding the navigator lock uploads, only the signed-in owner's jobs; sleeps until the next due retry or a wake-up (worker logic).
// Two lanes run side by side: files, and jobs without one (notes), so a note typed while a video uploads is not queued behind it.
import { carriesFile, isPending } from "../../src/domain/outbox-job.ts";
import type { OutboxDb, OutboxRecord } from "./outbox-db.ts";
import type { OutboxSession } from "../../src/domain/outbox-job.ts";
import { nextAttemptAt, processDue, type OutboxEvent } from "./process.ts";
import { xhrTransport } from "./xhr-transport.ts";

export const OUTBOX_LOCK = "portal-upload-outbox";

/** One lane's loop state: its own wake-up, so waking the runner wakes each lane and none sleeps past a wake-up. */
class Lane {
  wakeUp: (() => void) | null = null;
  /** A wake-up that came while a pass was running: the loop must not then sleep past it. */
  woken = false;
  /** Jobs waiting out a network backoff when the device came back online: sent on the lane's next pass, once. */
  dueNow = new Set<string>();
  constructor(readonly runs: (job: OutboxRecord) => boolean) {}
  wake() {
    this.woken = true;
    this.wakeUp?.();
  }
}

export class OutboxRunner {
  private session: OutboxSession | null = null;
  /** Aborts the requests of the session in force; replaced whenever the session changes. */
  private requests = new AbortController();
  /** Files one after the other; jobs without a file (notes: one small call each) in their own lane, never behind an upload. */
  private readonly lanes = [new Lane(carriesFile), new Lane((job) => !carriesFile(job))];
  private started = false;
  constructor(
    private readonly store: OutboxDb,
    private readonly apiBase: string,
    private readonly emit: (e: OutboxEvent) => void,
  ) {}

  /**
   * null on sign-out: nothing is sent any more and requests in flight are aborted; the jobs stay saved for their owner.
   * A new token of the same owner (a fresh sign-in) lets the requests in flight finish.
   */
  async setSession(session: OutboxSession | null) {
    const before = this.session;
    const sameOwner =
      !!before && !!session && before.owner.userId === session.owner.userId && before.owner.pointId === session.owner.pointId;
    if (!sameOwner) {
      this.requests.abort();
      this.requests = new AbortController();
    }
    this.session = session;
    if (session) await this.store.adoptOwnerless(session.owner);
    this.wake();
  }

  wake() {
    for (const lane of this.lanes) lane.wake();
  }

  /** The device is back online: what waited for the network goes now, not at the end of its backoff (up to a minute). */
  async reconnected() {
    for (const j of await this.store.all())
      if (isPending(j) && j.retryReason === "network") this.lanes.find((lane) => lane.runs(j))?.dueNow.add(j.id);
    this.wake();
  }

  /** Reports a state change made outside the loop on the same channel, so the page sees events in order. */
  announce(event: OutboxEvent) {
    this.emit(event);
  }

  /** Waits for the lock (another tab may hold it) and then processes jobs for as long as this worker lives. */
  start() {
    if (this.started) return;
    this.started = true;
    void navigator.locks.request(OUTBOX_LOCK, () => Promise.all(this.lanes.map((lane) => this.loop(lane))));
  }

  private async loop(lane: Lane): Promise<never> {
    const transport = xhrTransport(this.apiBase);
    for (;;) {
      let status: "idle" | "paused" = "paused";
      lane.woken = false;
      const dueNow = lane.dueNow;
      lane.dueNow = new Set();
      try {
        status = await processDue({
          dueNow,
          lane: lane.runs,
          store: this.store,
          transport,
          session: () => this.session,
          emit: this.emit,
          signal: this.requests.signal,
        });
      } catch {
        // A storage error must not end the loop (and release the lock) for good; the next wake-up tries again.
      }
      // Only jobs this session may send count, or another user's due jobs would spin the loop without sending anything; nor
      // do jobs waiting for their order's start (nextAttemptAt).
      const next = status === "paused" ? Infinity : nextAttemptAt(await this.store.all(), this.session?.owner ?? null, lane.runs);
      if (lane.woken) continue;
      await new Promise<void>((resolve) => {
        lane.wakeUp = resolve;
        if (Number.isFinite(next)) setTimeout(resolve, Math.max(0, next - Date.now()));
      });
    }
  }
}
