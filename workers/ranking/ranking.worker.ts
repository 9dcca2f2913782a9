// Ranking worker: exposes plate-candidate ranking over OCR frames through Comlink (worker).
import { expose } from "comlink";
import { rankFrames, type OcrFrame } from "./rank.ts";

const api = {
  rank(frames: OcrFrame[], onProgress?: (percent: number) => void) {
    return rankFrames(frames, onProgress);
  },
};

expose(api);
export type RankingApi = typeof api;
