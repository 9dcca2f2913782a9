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

export function readPlate(engine: Engine, gray: GrayImage, variants = CROP_VARIANTS): PlateCandidate[] {
  const readings: PositionScores[][] = [];
  const loose: PlateCandidate[] = [];
  for (const v of variants) {
    const img = v.w === 1 && v.h === 1 ? gray : subImage(gray, Math.round(v.x * gray.width), Math.round(v.y * gray.height),
      Math.round(v.w * gray.width), Math.round(v.h * gray.height));
    const line = plateLine(img);
    if (!line) continue;
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
  for (const c of [...(merged ? candidatesFromScores(merged) : []), ...loose]) {
    const prev = found.get(c.plate);
    if (!prev || prev.score < c.score) found.set(c.plate, c);
  }
  return [...found.values()].sort((a, b) => b.score - a.score);
}
