// From the plate net's per-column probabilities to plate candidates (pure TS, worker logic): a CTC prefix beam search that
// only follows the plate's grammar, one search per format (an old plate's 5th is a digit, a Mercosul plate's any letter A-Z),
// weighed by the kind head, which sees the plate's look (blue band, separator, font). Each candidate's probability is its
// share of the valid readings (netCandidates), from the mass of its exact string summed over the ways the columns spell it.
import { RULE_WEIGHT, type PlateCandidate, type PlateFormat } from "../../src/domain/plate.ts";
import type { NetOutput } from "./plate-net.ts";

const isLetter = (c: string) => c >= "A" && c <= "Z";
const isDigit = (c: string) => c >= "0" && c <= "9";

/**
 * The grammar: which characters may stand at each position of a plate of this format. A Mercosul plate's 5th is any letter:
 * the converted old plates have A-J there (their digit 0-9), new plates are issued with any letter (issue 48: QWE5R67).
 */
export function allowedAt(format: PlateFormat, pos: number, ch: string): boolean {
  if (pos < 3) return isLetter(ch);
  if (pos === 4) return format === "antiga" ? isDigit(ch) : isLetter(ch);
  return isDigit(ch);
}

/** Plates less probable than this are not candidates. */
export const MIN_PROBABILITY = 0.02;
/** A string whose columns give it less mass than this is never a plate (a frame without a plate spells one only by accident). */
export const MIN_MASS = 0.01;
/** Prefixes kept per column, and the smallest column probability of a character worth following. */
const BEAM = 8,
  FLOOR = 1e-3;

/** CTC prefix beam search under the grammar: the 7-character plates it keeps, with their probabilities. */
export function beamPlates(columns: Float32Array[], alphabet: string, blank: number, format: PlateFormat): Map<string, number> {
  let beams = new Map<string, [number, number]>([["", [1, 0]]]); // prefix -> [ends in blank, ends in a character]
  for (const y of columns) {
    const chars: number[] = [];
    for (let c = 0; c < blank; c++) if (y[c] > FLOOR) chars.push(c);
    const next = new Map<string, [number, number]>();
    const add = (p: string, b: number, nb: number) => {
      const cur = next.get(p);
      if (cur) {
        cur[0] += b;
        cur[1] += nb;
      } else next.set(p, [b, nb]);
    };
    for (const [prefix, [pb, pnb]] of beams) {
      add(prefix, (pb + pnb) * y[blank], 0);
      const last = prefix[prefix.length - 1];
      for (const c of chars) {
        const ch = alphabet[c];
        const grows = prefix.length < 7 && allowedAt(format, prefix.length, ch);
        if (ch === last) {
          add(prefix, 0, pnb * y[c]); // a repeated column of the same character
          if (grows) add(prefix + ch, 0, pb * y[c]); // the same character again, after a blank
        } else if (grows) add(prefix + ch, 0, (pb + pnb) * y[c]);
      }
    }
    beams = new Map([...next].sort((a, b) => b[1][0] + b[1][1] - (a[1][0] + a[1][1])).slice(0, BEAM));
  }
  const out = new Map<string, number>();
  for (const [p, [b, nb]] of beams) if (p.length === 7) out.set(p, b + nb);
  return out;
}

export interface NetReading {
  /** Candidates best first (at most `max`); score = the plate's probability x the spec's weight for a whole-plate reading. */
  candidates: PlateCandidate[];
  /** Probability that no readable plate is in the guide (the kind head). */
  noPlate: number;
}

/**
 * The `max` most probable plates over both formats. A plate's probability is
 *   P(a plate is there) x P(format) x mass(string) / sum over the valid readings of both formats of P(format') x mass(string'),
 * the share of the plate among the 7-character readings the grammar allows, each weighed by the kind head's belief in its
 * format. The columns' raw mass of a string is not its probability: the net draws a character in about one column, and the
 * blank beside a soft peak also spells 6-character strings, which no plate has; on the generated set correct and wrong reads
 * alike kept 0.02-0.4 of the raw mass. The share tells them apart better: a clear read gets ~1, a doubtful O/D two plates near
 * 0.5. Both formats share one sum, so the kind head only decides where the columns allow both (B/8, G/6 at the 5th): columns
 * that show a digit there read as an old plate whatever the head says. A string below MIN_MASS is never a candidate.
 */
export function netCandidates(out: NetOutput, alphabet: string, blank: number, max = 6): NetReading {
  const [none, old, merc] = out.kinds;
  const qOld = old / Math.max(old + merc, 1e-9);
  const weighed: { plate: string; format: PlateFormat; w: number }[] = [];
  let total = 0;
  for (const [format, q] of [
    ["antiga", qOld],
    ["mercosul", 1 - qOld],
  ] as const) {
    for (const [plate, p] of beamPlates(out.columns, alphabet, blank, format)) {
      total += q * p;
      if (p >= MIN_MASS) weighed.push({ plate, format, w: q * p });
    }
  }
  const all: PlateCandidate[] = [];
  for (const { plate, format, w } of weighed) {
    const probability = (1 - none) * (w / total);
    if (probability >= MIN_PROBABILITY)
      all.push({ plate, format, probability, score: RULE_WEIGHT.continuous * probability, rule: "continuous" });
  }
  all.sort((a, b) => b.probability! - a.probability!);
  return { candidates: all.slice(0, max), noPlate: none };
}

/**
 * Merges readings of the same frame (shifted crops): each plate's probability is its mean over the readings (0 where one did
 * not propose it), so a plate only one view sees loses half its weight. Columns are never averaged: a shifted crop moves them.
 */
export function mergeReadings(readings: NetReading[], max = 6): NetReading {
  const by = new Map<string, PlateCandidate>();
  for (const r of readings)
    for (const c of r.candidates) {
      const prev = by.get(c.plate);
      const probability = (prev?.probability ?? 0) + c.probability! / readings.length;
      by.set(c.plate, { ...c, probability, score: RULE_WEIGHT.continuous * probability });
    }
  const candidates = [...by.values()]
    .filter((c) => c.probability! >= MIN_PROBABILITY)
    .sort((a, b) => b.probability! - a.probability!)
    .slice(0, max);
  return { candidates, noPlate: readings.reduce((s, r) => s + r.noPlate, 0) / Math.max(1, readings.length) };
}
