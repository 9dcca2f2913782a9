// This test page's main-thread tasks with the CPU time each used (vitest browser mode): the trace is taken from Node by the
// commands of tests/support/trace-commands.ts; why CPU time and not a long task observer: tests/support/main-thread-trace.ts.
import { commands } from "vitest/browser";
import type { MainThreadTask } from "../support/main-thread-trace";

declare module "vitest/browser" {
  interface BrowserCommands {
    startMainThreadTrace(): Promise<void>;
    stopMainThreadTrace(pairs: [string, string][]): Promise<MainThreadTask[][]>;
  }
}

/** Starts tracing; `stop(pairs)` returns, per [from, to] pair of performance.mark names, the tasks that ran between them. */
export async function traceMainThread(): Promise<{ stop(pairs: [string, string][]): Promise<MainThreadTask[][]> }> {
  await commands.startMainThreadTrace();
  return { stop: (pairs) => commands.stopMainThreadTrace(pairs) };
}
