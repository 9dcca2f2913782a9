// Bridge to the ranking worker: starts it on first use, terminates it when idle, emits progress on the bus (main thread).
import { proxy } from "comlink";
import type { RankingApi } from "../../../workers/ranking/ranking.worker";
import type { OcrFrame, RankResult } from "../../../workers/ranking/rank";
import { bus } from "../bus";
import { workerHandle } from "./worker-lifecycle";

const handle = workerHandle<RankingApi>(() =>
  new Worker(new URL("../../../workers/ranking/ranking.worker.ts", import.meta.url), { type: "module", name: "ranking" }));
let nextJob = 1;

export const stopRankingWorker = () => handle.stop();

/** Ranks OCR frames off the main thread; progress goes to the bus as 'ranking:progress' and to the optional callback. */
export async function rankPlateFrames(frames: OcrFrame[], onProgress?: (percent: number) => void): Promise<RankResult> {
  const jobId = nextJob++;
  return handle.run((api) => api.rank(frames, proxy((percent: number) => {
    bus.emit("ranking:progress", { jobId, percent });
    onProgress?.(percent);
  })));
}
