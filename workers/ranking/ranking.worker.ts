// Ranking worker: exposes plate-candidate ranking over OCR frames through Comlink (worker).
import { expose } from "comlink";
import { deliveredProgress } from "../../src/domain/progress.ts";
import { rankFrames, type OcrFrame } from "./rank.ts";

const api = {
  async rank(frames: OcrFrame[], onProgress?: (percent: number) => void) {
    const progress = deliveredProgress(onProgress);
    const result = rankFrames(frames, progress.report);
    await progress.flush();
    return result;
  },
};

expose(api);
export type RankingApi = typeof api;
