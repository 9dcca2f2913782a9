// Shared lifecycle of a Comlink worker: started on first use, terminated after an idle period (main thread, used by bridges only).
import { wrap, type Remote } from "comlink";

export interface WorkerHandle<T> {
  /**
   * Runs one job on the worker's API, starting the worker if needed and scheduling its idle stop afterwards. The job is
   * rejected if the worker dies (its script could not be loaded — offline, a new deploy — or it threw outside a call),
   * since Comlink calls to a dead worker would never settle.
   */
  run<R>(job: (api: Remote<T>) => Promise<R>): Promise<R>;
  stop(): void;
}

/** create must call `new Worker(new URL("…", import.meta.url))` itself so the bundler sees the worker's entry. */
export function workerHandle<T>(create: () => Worker, idleMs = 30_000): WorkerHandle<T> {
  let worker: Worker | null = null;
  let remote: Remote<T> | null = null;
  let failed: Promise<never> = new Promise<never>(() => {});
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    clearTimeout(timer);
    worker?.terminate();
    worker = null;
    remote = null;
  };
  const use = (): Remote<T> => {
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
  };
  return {
    async run(job) {
      try {
        const api = use();
        return await Promise.race([failed, job(api)]);
      } finally {
        clearTimeout(timer);
        timer = setTimeout(stop, idleMs);
      }
    },
    stop,
  };
}
