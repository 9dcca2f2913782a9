// The main thread stays free while a 30 s 720p video is compressed in the worker: no long task (> 50 ms) is observed.
import { afterAll, describe, expect, it } from "vitest";
import { compressVideoByTier, stopVideoWorker } from "../../src/lib/workers/video-bridge";
import { MB, videoTier } from "../../src/domain/compression";
import { makeClip } from "../support/media-fixtures";

afterAll(() => stopVideoWorker());

describe("main thread during video compression", () => {
  it("sees no long task while a 30 s 720p clip is compressed by the 25 MB+ tier", async () => {
    const clip = await makeClip(1280, 720, 30);
    // Let the clip generation's own work (it runs on this thread) settle before observing.
    await new Promise((r) => setTimeout(r, 500));
    const longTasks: number[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) longTasks.push(Math.round(entry.duration));
    });
    observer.observe({ type: "longtask" });
    // Control: the observer does report a task that blocks this thread for 80 ms.
    const until = performance.now() + 80;
    while (performance.now() < until) {
      /* busy on purpose */
    }
    await new Promise((r) => setTimeout(r, 200));
    expect(longTasks.length).toBe(1);
    longTasks.length = 0;
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 100);
    const started = performance.now();
    const out = await compressVideoByTier(clip, "volta-no-carro.mp4", videoTier(26 * MB)!, "auto", () => {});
    const elapsed = performance.now() - started;
    clearInterval(ticker);
    await new Promise((r) => setTimeout(r, 100));
    observer.disconnect();
    expect(out.engine).toBe("mediabunny");
    expect(longTasks).toEqual([]);
    // The page kept running its timers throughout (at least half of the 100 ms ticks fired).
    expect(ticks).toBeGreaterThan(elapsed / 100 / 2);
  }, 240_000);
});
