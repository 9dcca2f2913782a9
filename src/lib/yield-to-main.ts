// Gives the main thread back to the browser (input, paint) and resumes in a new task: scheduler.yield() where the browser has it,
// else a MessageChannel message (a setTimeout(0) would be clamped, and throttled to 1 s in a background tab) (browser).

interface SchedulerWithYield {
  yield?: () => Promise<void>;
}

export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: SchedulerWithYield }).scheduler;
  if (typeof scheduler?.yield === "function") return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** Runs `cb` when the browser is idle (at the latest after `timeoutMs`, when given); where it has no requestIdleCallback, in the next task. */
export function whenIdle(cb: () => void, timeoutMs?: number): void {
  if (typeof requestIdleCallback === "function") requestIdleCallback(cb, timeoutMs === undefined ? undefined : { timeout: timeoutMs });
  else setTimeout(cb, 0);
}
