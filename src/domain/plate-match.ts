// Plates the point already expects (its appointments of today and the coming days) as a prior for a scanned read: a read
// within one character of one of them, at a doubtful position, proposes that plate first (pure TS, main thread and tests).
import { normalizePlate, plateFormat } from "./plate";

/**
 * Character pairs the plate fonts and the recogniser confuse (both directions). Used when the reader gives no per-position
 * doubt: then only a difference between such a pair counts as "doubtful".
 */
const CONFUSABLE: readonly string[] = [
  "O0", "Q0", "D0", "OD", "OQ", "I1", "L1", "T1", "B8", "S5", "Z2", "G6", "T7", "A4", "98", "93", "83", "68", "65", "69", "56",
  "WN", "MN", "MW", "UV", "HN", "KX", "EF", "PR", "CG", "CO", "J1", "Z7", "B3", "E3", "G0", "U0", "V7",
];
const CONFUSED = new Set(CONFUSABLE.flatMap((p) => [p, `${p[1]}${p[0]}`]));

/** True when the recogniser may plausibly have read `got` for the printed `actual`. */
export const confusable = (actual: string, got: string) => actual === got || CONFUSED.has(`${actual}${got}`);

/** Index of the single position where two 7-character plates differ; -1 when equal, null when they differ in more than one. */
export function singleDifference(a: string, b: string): number | null {
  if (a.length !== b.length) return null;
  let at = -1;
  for (let i = 0; i < a.length; i++) {
    if (a[i] === b[i]) continue;
    if (at !== -1) return null;
    at = i;
  }
  return at;
}

export interface ExpectedPlateOptions {
  /**
   * Positions (0-6) the recogniser doubts in this read (low symbol confidence, close alternatives). When given, only a
   * difference at one of these positions lets an expected plate be proposed; when absent, the differing characters must be
   * a confusable pair of the plate fonts (O/0, 8/B, 9/8, M/N, ...).
   */
  doubtful?: readonly number[];
}

/**
 * The plates to look up for an accepted read, best first: an expected plate within one doubtful character of the read
 * comes before the read itself. Nothing is proposed when the read is itself expected, or when two or more expected plates
 * are equally near (the prior cannot choose between them). Plates are normalised (upper-case, no hyphen); invalid ones
 * are ignored.
 */
export function proposePlates(read: string, expected: Iterable<string>, options: ExpectedPlateOptions = {}): string[] {
  const plate = normalizePlate(read);
  if (!plateFormat(plate)) return [];
  const known = new Set<string>();
  for (const e of expected) {
    const p = normalizePlate(e);
    if (plateFormat(p)) known.add(p);
  }
  if (known.has(plate)) return [plate];
  const near: string[] = [];
  for (const k of known) {
    const at = singleDifference(k, plate);
    if (at === null || at < 0) continue;
    const doubted = options.doubtful ? options.doubtful.includes(at) : confusable(k[at], plate[at]);
    if (doubted) near.push(k);
  }
  return near.length === 1 ? [near[0], plate] : [plate];
}
