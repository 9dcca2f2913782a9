// A page's main-thread tasks with the CPU time each used, from a Chromium trace (Node: the e2e tests, and the browser suite through
// the commands of tests/support/trace-commands.ts). A long task observer measures wall time, which a loaded machine stretches
// (CI runs the e2e files beside the server and browser suites on 2 cores: scanner tasks were observed as 54-93 ms "long tasks");
// the trace's thread time (`tdur`) is the CPU the task itself used, so "no task took 50 ms of the main thread" holds or fails
// whatever else the machine is doing. A control in each test checks that a busy task is reported.
import type { Browser, Page } from "playwright-core";

export interface MainThreadTask {
  /** Start, in the trace clock (µs). */
  ts: number;
  /** Wall time and the main thread's CPU time, µs. */
  dur: number;
  tdur: number;
}

export interface MainThreadTrace {
  /** Every top-level task of the page's main thread while tracing. */
  tasks: MainThreadTask[];
  /** The trace-clock time of each performance.mark() the page made while tracing (first one of a name). */
  marks: Map<string, number>;
  /** The tasks that started at or after `from` and ended before `to` (trace clock). */
  between(from: number, to: number): MainThreadTask[];
}

interface TraceEvent {
  name: string;
  cat?: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
}

/**
 * Starts tracing the browser's top-level tasks and user-timing marks; `stop()` returns the page's main thread, which is the thread
 * that made the page's marks (call performance.mark at least once while tracing).
 */
export async function traceMainThread(browser: Browser, page: Page): Promise<{ stop(): Promise<MainThreadTrace> }> {
  await browser.startTracing(page, { categories: ["toplevel", "blink.user_timing", "__metadata"] });
  return {
    async stop() {
      const raw = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents?: TraceEvent[] } | TraceEvent[];
      const events = Array.isArray(raw) ? raw : (raw.traceEvents ?? []);
      const userMarks = events.filter((e) => e.cat?.includes("blink.user_timing") && (e.ph === "I" || e.ph === "R" || e.ph === "i"));
      if (!userMarks.length) throw new Error("the trace holds no performance.mark of the page: its main thread is unknown");
      const { pid, tid } = userMarks[0]!;
      const marks = new Map<string, number>();
      for (const m of userMarks) if (m.pid === pid && m.tid === tid && !marks.has(m.name)) marks.set(m.name, m.ts);
      const tasks = events
        .filter((e) => e.pid === pid && e.tid === tid && e.ph === "X" && e.name === "ThreadControllerImpl::RunTask")
        // A task of a microsecond or so can come without its thread time: its wall time bounds the CPU it used.
        .map((e) => ({ ts: e.ts, dur: e.dur ?? 0, tdur: e.tdur ?? e.dur ?? Number.NaN }));
      return { tasks, marks, between: (from, to) => tasks.filter((t) => t.ts >= from && t.ts + t.dur < to) };
    },
  };
}
