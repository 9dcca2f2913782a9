// The uploader loop: only the tab holding the navigator lock uploads; sleeps until the next due retry or a wake-up (worker logic).
import { OutboxStore, type UploadJob } from "./outbox-store.ts";
import { processDue, type OutboxEvent } from "./process.ts";
import { xhrTransport } from "./xhr-transport.ts";

export const OUTBOX_LOCK = "portal-upload-outbox";

export class OutboxRunner {
  private token: string | null = null;
  private wakeUp: (() => void) | null = null;
  private started = false;
  constructor(private readonly store: OutboxStore, private readonly apiBase: string, private readonly emit: (e: OutboxEvent) => void) {}

  setToken(token: string | null) {
    this.token = token;
    this.wake();
  }

  wake() {
    this.wakeUp?.();
  }

  /** Reports a state change made outside the loop on the same channel, so the page sees events in order. */
  announce(job: UploadJob) {
    this.emit({ type: "state", job });
  }

  /** Waits for the lock (another tab may hold it) and then processes jobs for as long as this worker lives. */
  start() {
    if (this.started) return;
    this.started = true;
    void navigator.locks.request(OUTBOX_LOCK, () => this.loop());
  }

  private async loop(): Promise<never> {
    const transport = xhrTransport(this.apiBase);
    for (;;) {
      const status = await processDue({ store: this.store, transport, token: () => this.token, emit: this.emit });
      const pending = (await this.store.all()).filter((j: UploadJob) => j.state === "uploading" || j.state === "uploaded");
      const next = status === "paused" || pending.length === 0 ? Infinity : Math.min(...pending.map((j) => j.nextAttemptAt));
      await new Promise<void>((resolve) => {
        this.wakeUp = resolve;
        if (Number.isFinite(next)) setTimeout(resolve, Math.max(0, next - Date.now()));
      });
    }
  }
}
