// One frame's plate reading on a grayscale crop: a few shifted crops -> isolated character line -> tesseract -> per-position merge (worker logic).
import type { PlateCandidate } from "../../src/domain/plate.ts";
import type { Engine, GrayImage } from "./engine.ts";
import { plateLine } from "./preprocess.ts";
import { candidatesFromScores, mergeScores, positionScores, textCandidates, type PositionScores } from "./resolve.ts";
import { CHAR_CLASSES, type Classifier } from "./char-classifier.ts";

function subImage(img: GrayImage, x: number, y: number, w: number, h: number): GrayImage {
  const data = new Uint8Array(w * h);
  for (let r = 0; r < h; r++) data.set(img.data.subarray((y + r) * img.width + x, (y + r) * img.width + x + w), r * w);
  return { data, width: w, height: h };
}

interface Reading { scores: PositionScores[]; centers: number[] }

/**
 * The readings of the same 7 characters: a shifted crop may take the border's edge for a character and lose the last one, and
 * averaging it position by position with a well-aligned reading would shift every character. Readings are compared by where
 * their characters stand in the frame, and the largest aligned group is kept (on a tie, the one of the widest crop).
 */
/**
 * Characters evenly spaced: no gap where a character is missing (the old plates' hyphen gap between the 3rd and 4th is allowed)
 * and no border edge squeezed next to the first or last character.
 */
function regular(centers: number[]): boolean {
  const gaps = centers.slice(1).map((c, i) => c - centers[i]);
  const pitch = [...gaps].sort((a, b) => a - b)[2];
  return gaps.every((g, i) => g >= pitch * 0.55 && g <= pitch * (i === 2 ? 2.2 : 1.45));
}

function aligned(all: Reading[]): PositionScores[][] {
  const even = all.filter((r) => regular(r.centers));
  const readings = even.length ? even : all;
  const groups = readings.map((ref) => {
    const pitch = (ref.centers[6] - ref.centers[0]) / 6;
    return readings.filter((r) => r.centers.every((c, i) => Math.abs(c - ref.centers[i]) <= pitch * 0.35));
  });
  // The biggest group of aligned readings; on a tie, the earliest (wider crop) reference.
  const biggest = groups.reduce((a, b) => (b.length > a.length ? b : a), [] as Reading[]);
  return biggest.map((r) => r.scores);
}

/** Crops read per frame: the whole guide region and two shifted insets (the attendant's aim is never exact). */
export const CROP_VARIANTS = [
  { x: 0, y: 0, w: 1, h: 1 },
  { x: 0.04, y: 0.06, w: 0.92, h: 0.88 },
  { x: 0.0, y: 0.1, w: 0.96, h: 0.8 },
];

/**
 * Worker time per frame: further shifted crops are read only while the frame stays within this budget (ms). All three take
 * ~65 ms here; the budget only guards a very slow phone (one frame per 1 s tick, never queued). It was 70 ms, which made the
 * reading depend on the machine's load: a loaded CI box read one crop and GHJ3K27 as GHI3K27.
 */
export const FRAME_BUDGET_MS = 250;

/**
 * mercosulHint: 0-1, how sure the crop's colours say Mercosul (the blue band); it weighs the 5th position's letter against digit.
 * classifier: the plate-font character classifier, a second opinion on each of the 7 isolated glyphs (null: tesseract alone).
 */
export function readPlate(engine: Engine, gray: GrayImage, mercosulHint = 0.5, classifier: Classifier | null = null,
  variants = CROP_VARIANTS, budgetMs = FRAME_BUDGET_MS): PlateCandidate[] {
  const started = performance.now();
  const readings: Reading[] = [];
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
    const glyphs = classifier && line.glyphs ? line.glyphs.map((g) => (g ? classifier.classify(g) : null)) : null;
    const scores = positionScores(symbols, line.holes, glyphs, CHAR_CLASSES);
    const dx = v.w === 1 && v.h === 1 ? 0 : Math.round(v.x * gray.width);
    if (scores && line.centers.length === 7) readings.push({ scores, centers: line.centers.map((c) => c + dx) });
    else {
      const mean = symbols.length ? symbols.reduce((s, x) => s + x.conf, 0) / symbols.length : 0;
      loose.push(...textCandidates(engine.lastText(), mean));
    }
  }
  const merged = mergeScores(aligned(readings));
  const found = new Map<string, PlateCandidate>();
  for (const c of [...(merged ? candidatesFromScores(merged, mercosulHint) : []), ...loose]) {
    const prev = found.get(c.plate);
    if (!prev || prev.score < c.score) found.set(c.plate, c);
  }
  return [...found.values()].sort((a, b) => b.score - a.score);
}
