// Shared lifecycle of a Comlink worker: started on first use, terminated after an idle period (main thread, used by bridges only).
import { wrap, type Remote } from "comlink";

export interface WorkerHandle<T> {
  /** The worker's API, starting the worker if needed and cancelling a pending idle stop. */
  use(): Remote<T>;
  /** Schedules the idle stop; call when a job ends. */
  release(): void;
  stop(): void;
}

/** create must call `new Worker(new URL("…", import.meta.url))` itself so the bundler sees the worker's entry. */
export function workerHandle<T>(create: () => Worker, idleMs = 30_000): WorkerHandle<T> {
  let worker: Worker | null = null;
  let remote: Remote<T> | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
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
        worker = create();
        remote = wrap<T>(worker);
      }
      return remote;
    },
    release() {
      clearTimeout(timer);
      timer = setTimeout(stop, idleMs);
    },
    stop,
  };
}
