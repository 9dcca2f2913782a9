// Browser-mode commands (vitest.config.ts) that trace the test page's main thread from Node, with Playwright's tracing (the CDP
// events relayed to the page by vitest's cdp() lost the trace's end now and then, and the test waited for ever).
import type { BrowserCommand } from "vitest/node";
import type { Browser, Page } from "playwright-core";
import { traceMainThread, type MainThreadTask } from "./main-thread-trace";

let active: { stop(): ReturnType<Awaited<ReturnType<typeof traceMainThread>>["stop"]> } | null = null;

interface PlaywrightContext {
  page: Page;
}

/** Starts tracing the test page (one trace at a time). */
export const startMainThreadTrace: BrowserCommand<[]> = async (ctx) => {
  if (active) throw new Error("a main-thread trace is already running");
  const { page } = ctx as unknown as PlaywrightContext;
  active = await traceMainThread(page.context().browser() as Browser, page);
};

/** Stops it and returns, for each [from, to] pair of performance.mark names, the main thread's tasks between them. */
export const stopMainThreadTrace: BrowserCommand<[pairs: [string, string][]]> = async (_ctx, pairs): Promise<MainThreadTask[][]> => {
  if (!active) throw new Error("no main-thread trace is running");
  const trace = await active.stop();
  active = null;
  const at = (mark: string) => {
    const ts = trace.marks.get(mark);
    if (ts === undefined) throw new Error(`mark ${mark} missing from the trace`);
    return ts;
  };
  return pairs.map(([from, to]) => trace.between(at(from), at(to)));
};
