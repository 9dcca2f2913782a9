// Bridge to the ranking worker: starts it on first use, terminates it when idle, emits progress on the bus (main thread).
import { proxy, wrap, type Remote } from "comlink";
import type { RankingApi } from "../../../workers/ranking/ranking.worker";
import type { OcrFrame, RankResult } from "../../../workers/ranking/rank";
import { bus } from "../bus";

const IDLE_MS = 30_000;
let worker: Worker | null = null;
let remote: Remote<RankingApi> | null = null;
let idleTimer: ReturnType<typeof setTimeout> | undefined;
let nextJob = 1;

function ensure(): Remote<RankingApi> {
  clearTimeout(idleTimer);
  if (!remote) {
    worker = new Worker(new URL("../../../workers/ranking/ranking.worker.ts", import.meta.url), { type: "module", name: "ranking" });
    remote = wrap<RankingApi>(worker);
  }
  return remote;
}

export function stopRankingWorker() {
  clearTimeout(idleTimer);
  worker?.terminate();
  worker = null;
  remote = null;
}

/** Ranks OCR frames off the main thread; progress goes to the bus as 'ranking:progress' and to the optional callback. */
export async function rankPlateFrames(frames: OcrFrame[], onProgress?: (percent: number) => void): Promise<RankResult> {
  const jobId = nextJob++;
  try {
    return await ensure().rank(frames, proxy((percent: number) => {
      bus.emit("ranking:progress", { jobId, percent });
      onProgress?.(percent);
    }));
  } finally {
    idleTimer = setTimeout(stopRankingWorker, IDLE_MS);
  }
}
