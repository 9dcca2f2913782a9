// One frame's plate reading on a grayscale crop: a few shifted crops -> isolated character line -> tesseract -> per-position merge (worker logic).
import type { PlateCandidate } from "../../src/domain/plate.ts";
import type { Engine, GrayImage } from "./engine.ts";
import { plateLine } from "./preprocess.ts";
import { candidatesFromScores, mergeScores, positionScores, textCandidates, type PositionScores } from "./resolve.ts";

function subImage(img: GrayImage, x: number, y: number, w: number, h: number): GrayImage {
  const data = new Uint8Array(w * h);
  for (let r = 0; r < h; r++) data.set(img.data.subarray((y + r) * img.width + x, (y + r) * img.width + x + w), r * w);
  return { data, width: w, height: h };
}

/** Crops read per frame: the whole guide region and two shifted insets (the attendant's aim is never exact). */
export const CROP_VARIANTS = [
  { x: 0, y: 0, w: 1, h: 1 },
  { x: 0.04, y: 0.06, w: 0.92, h: 0.88 },
  { x: 0.0, y: 0.1, w: 0.96, h: 0.8 },
];

/** Worker time per frame: further shifted crops are read only while the frame stays within this budget (ms). */
export const FRAME_BUDGET_MS = 70;

/**
 * mercosulHint: 0-1, how sure the crop's colours say Mercosul (the blue band); it weighs the 5th position's letter against digit.
 */
export function readPlate(engine: Engine, gray: GrayImage, mercosulHint = 0.5, variants = CROP_VARIANTS, budgetMs = FRAME_BUDGET_MS): PlateCandidate[] {
  const started = performance.now();
  const readings: PositionScores[][] = [];
  const loose: PlateCandidate[] = [];
  let polarities: ("dark" | "light")[] = ["dark", "light"];
  for (const v of variants) {
    if (readings.length && performance.now() - started > budgetMs) break;
    const img = v.w === 1 && v.h === 1 ? gray : subImage(gray, Math.round(v.x * gray.width), Math.round(v.y * gray.height),
      Math.round(v.w * gray.width), Math.round(v.h * gray.height));
    const line = plateLine(img, 36, 0.1, polarities);
    if (!line) continue;
    // The polarity found on the first crop holds for the shifted ones.
    polarities = [line.polarity];
    const symbols = engine.recognize(line);
    const scores = positionScores(symbols, line.holes);
    if (scores) readings.push(scores);
    else {
      const mean = symbols.length ? symbols.reduce((s, x) => s + x.conf, 0) / symbols.length : 0;
      loose.push(...textCandidates(engine.lastText(), mean));
    }
  }
  const merged = mergeScores(readings);
  const found = new Map<string, PlateCandidate>();
  for (const c of [...(merged ? candidatesFromScores(merged, mercosulHint) : []), ...loose]) {
    const prev = found.get(c.plate);
    if (!prev || prev.score < c.score) found.set(c.plate, c);
  }
  return [...found.values()].sort((a, b) => b.score - a.score);
}
