// Per-position plate resolution from tesseract's symbols: each of the 7 positions takes the best alternative of its class
// (letters 1-3, digit 4, letter-or-digit 5, digits 6-7), with the domain's O/0, I/1, B/8... fixes and a hole-count check (pure TS).
import { extractCandidates, RULE_WEIGHT, type PlateCandidate } from "../../src/domain/plate.ts";
import type { OcrSymbol } from "./engine.ts";

type Cls = "L" | "D" | "LD";
const CLASSES: Cls[] = ["L", "L", "L", "D", "LD", "D", "D"];
const TO_LETTER: Record<string, string> = { "0": "O", "1": "I", "8": "B", "5": "S", "2": "Z", "6": "G", "4": "A", "7": "T" };
const TO_DIGIT: Record<string, string> = { O: "0", Q: "0", D: "0", U: "0", I: "1", L: "1", J: "1", T: "7", B: "8", S: "5", Z: "2", G: "6", A: "4" };
/** Holes of each character in plate fonts (4 is open in some fonts: 0 or 1). */
const HOLES: Record<string, number[]> = {
  "0": [1], "1": [0], "2": [0], "3": [0], "4": [0, 1], "5": [0], "6": [1], "7": [0], "8": [2], "9": [1],
  A: [1], B: [2], D: [1], O: [1], P: [1], Q: [1], R: [1],
};
const holesOf = (c: string) => HOLES[c] ?? [0];
const isLetter = (c: string) => c >= "A" && c <= "Z";

/** One position's scores per character, 0-1. */
export type PositionScores = Map<string, number>;

/**
 * Share of the plate-font classifier in a position's score (the rest is tesseract's). Set once from the trainer's held-out fonts
 * and the bench, not per plate: the classifier knows condensed plate-like fonts, tesseract knows every other oddity.
 */
export const CLASSIFIER_WEIGHT = 0.5;
/** A reading where only the classifier has 7 characters (tesseract split or merged some) counts this much. */
const CLASSIFIER_ALONE = 0.8;

/** Class probabilities of the 7 isolated glyphs (char-classifier.ts, CHAR_CLASSES order); null where a glyph had no ink. */
export type GlyphProbs = (Float32Array | null)[];

/**
 * The 7 positions' scores from one reading: tesseract's symbols blended with the classifier's probabilities when the line gave
 * 7 glyphs. null when neither has 7 characters.
 */
export function positionScores(symbols: OcrSymbol[], holes: number[] | null, glyphs?: GlyphProbs | null, classes = ""): PositionScores[] | null {
  const clf = glyphs && glyphs.length === 7 && glyphs.every(Boolean) ? (glyphs as Float32Array[]) : null;
  const tess = symbols.length === 7 ? tesseractScores(symbols, holes) : null;
  if (!clf) return tess;
  return clf.map((probs, i) => {
    const cls = CLASSES[i];
    const out: PositionScores = new Map();
    const t = tess?.[i];
    const wT = t ? 1 - CLASSIFIER_WEIGHT : 0, wC = t ? CLASSIFIER_WEIGHT : CLASSIFIER_ALONE;
    if (t) t.forEach((v, c) => out.set(c, wT * v));
    probs.forEach((p, k) => {
      const c = classes[k];
      if (cls !== "LD" && (cls === "L") !== isLetter(c)) return;
      const v = holes && !holesOf(c).includes(holes[i]) ? p * 0.35 : p;
      out.set(c, (out.get(c) ?? 0) + wC * v);
    });
    return out;
  });
}

function tesseractScores(symbols: OcrSymbol[], holes: number[] | null): PositionScores[] {
  return symbols.map((s, i) => {
    const cls = CLASSES[i];
    const scores: PositionScores = new Map();
    // The symbol's own confidence for its text (the choice list's value for the winner is often lower), alternatives after.
    const alts = [{ text: s.text, conf: Math.max(s.conf, s.choices.find((c) => c.text === s.text)?.conf ?? 0) }, ...s.choices];
    const put = (c: string, v: number) => {
      if (holes && !holesOf(c).includes(holes[i])) v *= 0.35;
      if ((scores.get(c) ?? 0) < v) scores.set(c, v);
    };
    for (const a of alts) {
      const c = a.text.toUpperCase();
      if (c.length !== 1) continue;
      const v = Math.max(0, Math.min(100, a.conf)) / 100;
      const fits = cls === "LD" || (cls === "L") === isLetter(c);
      if (fits) put(c, v);
      if (cls === "LD") {
        // Mercosul's 5th: the look-alike of the other class stays in the running (the format hint decides O/0, I/1).
        const other = isLetter(c) ? TO_DIGIT[c] : TO_LETTER[c];
        if (other) put(other, v * 0.6);
      } else if (!fits) {
        // A letter where a digit must be (or the reverse): the usual look-alike, trusted less.
        const mapped = cls === "L" ? TO_LETTER[c] : TO_DIGIT[c];
        if (mapped) put(mapped, v * 0.6);
      }
    }
    return scores;
  });
}

/** Averages several readings of the same frame (shifted crops, thresholds) position by position. */
export function mergeScores(readings: PositionScores[][]): PositionScores[] | null {
  if (!readings.length) return null;
  const merged: PositionScores[] = Array.from({ length: 7 }, () => new Map());
  for (const r of readings) r.forEach((pos, i) => pos.forEach((v, c) => merged[i].set(c, (merged[i].get(c) ?? 0) + v / readings.length)));
  return merged;
}

const ranked = (m: PositionScores, want: (c: string) => boolean) => [...m].filter(([c]) => want(c)).sort((a, b) => b[1] - a[1]);

/**
 * Candidates best first: the best character of each position's class; the 5th decides the format (both are proposed when it is
 * doubtful) and the weakest position's runner-up gives one more candidate. score = continuous-rule weight x (0.7 weakest + 0.3 mean);
 * positionMargin = the smallest lead of a position's character over that position's runner-up (the lock's doubt check).
 */
export function candidatesFromScores(pos: PositionScores[], mercosulHint = 0.5): PlateCandidate[] {
  const out = new Map<string, PlateCandidate>();
  const letters = (c: string) => isLetter(c), digits = (c: string) => !isLetter(c);
  const fixed = pos.map((m, i) => (i === 4 ? null : ranked(m, CLASSES[i] === "L" ? letters : digits)));
  if (fixed.some((r) => r !== null && r.length === 0)) return [];
  for (const [fifth, format] of [[letters, "mercosul"], [digits, "antiga"]] as const) {
    // The plate's colours (Mercosul's blue band) weigh the 5th position: a doubtful hint (0.5) changes nothing.
    const weight = Math.min(1, 2 * (format === "mercosul" ? mercosulHint : 1 - mercosulHint));
    const r5 = ranked(pos[4], fifth).map(([c, v]) => [c, v * weight] as [string, number]);
    if (!r5.length) continue;
    const picks = pos.map((_, i) => (i === 4 ? r5 : fixed[i]!));
    const chars = picks.map((r) => r[0]);
    const add = (cs: [string, number][]) => {
      const plate = cs.map((c) => c[0]).join("");
      // Mostly the weakest position (doubt anywhere is doubt about the plate), partly the mean (breaks ties between formats).
      const confs = cs.map((c) => c[1]);
      const score = RULE_WEIGHT.continuous * (0.7 * Math.min(...confs) + 0.3 * (confs.reduce((a, b) => a + b, 0) / confs.length));
      // The doubtful position: where the read character leads its position's runner-up the least.
      const positionMargin = Math.min(...cs.map(([ch, v], i) => v - Math.max(0, ...picks[i].filter(([o]) => o !== ch).map((o) => o[1]))));
      const prev = out.get(plate);
      if (!prev || prev.score < score) out.set(plate, { plate, format, score, rule: "continuous", positionMargin });
    };
    add(chars);
    let weakest = 0;
    chars.forEach((c, i) => { if (c[1] < chars[weakest][1]) weakest = i; });
    if (picks[weakest][1]) add(chars.map((c, i) => (i === weakest ? picks[weakest][1] : c)));
  }
  return [...out.values()].sort((a, b) => b.score - a.score).slice(0, 4);
}

/** Candidates of a reading that does not split into 7 symbols: the spec's text rules on the line, trusted less. */
export function textCandidates(text: string, meanConf: number): PlateCandidate[] {
  return extractCandidates(text, meanConf * 0.6);
}
