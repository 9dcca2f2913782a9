// Shared lifecycle of a Comlink worker: started on first use, terminated after an idle period (main thread, used by bridges only).
import { wrap, type Remote } from "comlink";

export interface WorkerHandle<T> {
  /**
   * Runs one job on the worker's API, starting the worker if needed. The worker is stopped only after an idle period with
   * no job running. The job is rejected if the worker dies (its script could not be loaded — offline, a new deploy — or it
   * threw outside a call) or is stopped, since Comlink calls to a dead worker would never settle.
   */
  run<R>(job: (api: Remote<T>) => Promise<R>): Promise<R>;
  stop(): void;
}

/**
 * create must call `new Worker(new URL("…", import.meta.url))` itself so the bundler sees the worker's entry. idleMs: Infinity
 * keeps the worker until stop(); onStop runs whenever the worker goes (stopped, idle, or dead).
 */
export function workerHandle<T>(create: () => Worker, idleMs = 30_000, onStop?: () => void): WorkerHandle<T> {
  let worker: Worker | null = null;
  let remote: Remote<T> | null = null;
  // Settles (rejects) when the current worker dies or is stopped; every job running on it races against it.
  let gone: Promise<never> = new Promise<never>(() => {});
  let kill: (reason: Error) => void = () => {};
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Jobs started and not yet settled: the idle stop must never cut one of them off.
  let running = 0;
  const drop = (reason: Error) => {
    clearTimeout(timer);
    const had = worker !== null;
    worker?.terminate();
    worker = null;
    remote = null;
    kill(reason);
    if (had) onStop?.();
  };
  const stop = () => drop(new Error("worker stopped"));
  const use = (): Remote<T> => {
    if (!remote) {
      const w = create();
      gone = new Promise<never>((_, reject) => {
        kill = reject;
      });
      gone.catch(() => {});
      // A dead worker is dropped, so the next use starts a fresh one.
      w.addEventListener("error", (e) => {
        if (worker === w) drop(new Error(e.message || "worker failed"));
      });
      worker = w;
      remote = wrap<T>(w);
    }
    return remote;
  };
  return {
    async run(job) {
      clearTimeout(timer);
      running++;
      try {
        const api = use();
        return await Promise.race([gone, job(api)]);
      } finally {
        running--;
        if (running === 0 && worker && Number.isFinite(idleMs)) timer = setTimeout(stop, idleMs);
      }
    },
    stop,
  };
}
