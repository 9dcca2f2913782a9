// Ranks plate candidates over a series of OCR frames (worker logic, no Comlink; testable directly).
import { extractCandidates, voteCandidates, type PlateCandidate } from "../../src/domain/plate.ts";
import { throttleProgress } from "../../src/domain/progress.ts";

export interface OcrFrame { text: string; confidence?: number }
export interface RankResult { best: PlateCandidate | null; perFrame: PlateCandidate[][] }

export function rankFrames(frames: OcrFrame[], onProgress?: (percent: number) => void): RankResult {
  const report = onProgress ? throttleProgress(onProgress) : () => {};
  const perFrame: PlateCandidate[][] = [];
  frames.forEach((frame, i) => {
    perFrame.push(extractCandidates(frame.text, frame.confidence ?? 100));
    report(((i + 1) / frames.length) * 100);
  });
  if (frames.length === 0) report(100);
  return { best: voteCandidates(perFrame), perFrame };
}
