// Shared lifecycle of a Comlink worker: started on first use, terminated after an idle period (main thread, used by bridges only).
import { wrap, type Remote } from "comlink";

export interface WorkerHandle<T> {
  /** The worker's API, starting the worker if needed and cancelling a pending idle stop. */
  use(): Remote<T>;
  /**
   * Rejects when the worker dies: its script could not be loaded (offline, a new deploy) or it threw outside a call.
   * Comlink calls to such a worker would never settle, so callers race them against this.
   */
  failure(): Promise<never>;
  /** Schedules the idle stop; call when a job ends. */
  release(): void;
  stop(): void;
}

/** create must call `new Worker(new URL("…", import.meta.url))` itself so the bundler sees the worker's entry. */
export function workerHandle<T>(create: () => Worker, idleMs = 30_000): WorkerHandle<T> {
  let worker: Worker | null = null;
  let remote: Remote<T> | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failed: Promise<never> = new Promise<never>(() => {});
  const stop = () => {
    clearTimeout(timer);
    worker?.terminate();
    worker = null;
    remote = null;
  };
  return {
    use() {
      clearTimeout(timer);
      if (!remote) {
        const w = create();
        failed = new Promise<never>((_, reject) => {
          w.addEventListener("error", (e) => {
            // A dead worker is dropped, so the next use starts a fresh one.
            if (worker === w) stop();
            reject(new Error(e.message || "worker failed"));
          });
        });
        failed.catch(() => {});
        worker = w;
        remote = wrap<T>(w);
      }
      return remote;
    },
    failure: () => failed,
    release() {
      clearTimeout(timer);
      timer = setTimeout(stop, idleMs);
    },
    stop,
  };
}
