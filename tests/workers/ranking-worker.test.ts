// Worker harness in real Chromium: a Comlink round trip to the ranking worker with a progress callback and bus events.
import { afterEach, describe, expect, it } from "vitest";
import { rankPlateFrames, stopRankingWorker } from "../../src/lib/workers/ranking-bridge";
import { bus } from "../../src/lib/bus";

afterEach(() => stopRankingWorker());

describe("ranking worker", () => {
  it("ranks OCR frames off the main thread and reports progress up to 100", async () => {
    const progress: number[] = [];
    const events: number[] = [];
    const onBus = (e: { percent: number }) => events.push(e.percent);
    bus.on("ranking:progress", onBus);
    const frames = [
      { text: "BRASIL\nBRA2E19\nPE", confidence: 80 },
      { text: "8RA2E19", confidence: 60 },
      { text: "BRA 2E19", confidence: 90 },
      { text: "RECIFE", confidence: 95 },
    ];
    const result = await rankPlateFrames(frames, (p) => progress.push(p));
    bus.off("ranking:progress", onBus);

    expect(result.best).toMatchObject({ plate: "BRA2E19", format: "mercosul" });
    expect(result.perFrame).toHaveLength(4);
    expect(result.perFrame[3]).toEqual([]);
    expect(progress.at(-1)).toBe(100);
    expect(progress[0]).toBeGreaterThan(0);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
    expect(events).toEqual(progress);
  });

  it("starts one real Worker on first use, reuses it, and starts a new one after it is stopped", async () => {
    const Original = globalThis.Worker;
    let created = 0;
    globalThis.Worker = class extends Original {
      constructor(url: string | URL, options?: WorkerOptions) {
        super(url, options);
        created++;
      }
    };
    try {
      expect((await rankPlateFrames([{ text: "ABC-1234" }])).best?.plate).toBe("ABC1234");
      expect((await rankPlateFrames([{ text: "PEX 7788" }])).best?.plate).toBe("PEX7788");
      expect(created).toBe(1);
      stopRankingWorker();
      expect((await rankPlateFrames([{ text: "HMG3C21" }])).best?.format).toBe("mercosul");
      expect(created).toBe(2);
    } finally {
      globalThis.Worker = Original;
    }
  });
});
