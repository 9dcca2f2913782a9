// Multi-frame plate lock: a plate is accepted only when several recent frames agree on it with enough probability and no
// other plate keeps a real share, never on one frame; a booked twin may win a close call (plate-match.ts). A second reader,
// when loaded, gives its own plate for the frame: it vetoes any lock it disagrees with, and its agreement with the net's best
// plate is accepted at once. When no lock comes, the plates seen most are offered as choices, with advice (pure TS).
import { plateFormat, type PlateCandidate } from "./plate.ts";
import { agendaTwin } from "./plate-match.ts";

export interface PlateLock {
  /**
   * Adds one frame's candidates (best first, possibly empty) and the second reader's plate for the same region (undefined:
   * not asked or not loaded; null: read, no plate); returns the plate when it is accepted, else null.
   */
  push(frame: PlateCandidate[], second?: string | null): PlateCandidate | null;
  /** The plates of the recent frames with their summed probability, best first. */
  evidence(): PlateEvidence[];
  /** Plates worth offering as one-tap choices when no lock comes: best first, at most 3. */
  suggestions(): PlateCandidate[];
  /** Frames pushed since the last lock or reset. */
  frames(): number;
  /** Forgets the frames seen so far (a new vehicle, Tentar Novamente). */
  reset(): void;
}

export interface PlateEvidence {
  candidate: PlateCandidate;
  plate: string;
  total: number;
  tops: number;
}

export interface PlateLockOptions {
  /** How many of the latest frames count (default 3). */
  window?: number;
  /** Frames of the window whose best candidate must be the plate (default 2). */
  agree?: number;
  /** Mean probability of the plate over the window's frames (a frame without it counts 0) at least this (default 0.8: with
   * 0.6 the bench's generated set locked a wrong plate on 1.0% of the plates (Mercosul 2.0%), the net's confident misreads
   * sitting at 0.6-0.8; with 0.8, none, for 2.5 points fewer locks (the previous net: 5.75% -> 1.75%). When no lock comes the
   * choices still offer it). */
  minProbability?: number;
  /** The plate's summed probability over the window must be this many times any other plate's (default 3). */
  dominance?: number;
  /** A suggestion needs a mean probability of at least this over the window (default 0.15). */
  suggestMin?: number;
  /** The point's booked plates (normalised), read at every frame: they may win a close call with visual support. */
  booked?: () => ReadonlySet<string>;
  /** The net's best plate of a frame is accepted when the second reader read the same plate and the net gave it this (0.15). */
  agreeMin?: number;
  /**
   * Frames in which the second reader read one same plate (and no other) for it to be taken while the net proposes it too,
   * not first, with at least `secondSupport` (2 frames, 0.05): the second reader's reading of a character the net hesitates on.
   */
  secondFrames?: number;
  secondSupport?: number;
  /**
   * With no second opinion in the window (not loaded yet), the net alone locks only with this mean probability over `window`
   * agreeing frames (0.95): on whole frames it locked two wrong plates of the dev photos at 0.80 and 0.90 (docs/budgets.md).
   * A plate of `booked` is held to the usual rule (`agree` frames at `minProbability`): on a low-tier phone the second reader
   * takes 12-18 s to load, and the attendant scans the cars of the agenda.
   */
  aloneMinProbability?: number;
}

/** What a frame says about the conditions, for advice when no lock comes (the OCR worker's FrameRead carries it). */
export interface FrameHint {
  /** Plate-like rows of characters found in the frame. */
  found: number;
  /** The widest found plate's width over the frame's width (0 when none). */
  plateShare: number;
  /** Mean brightness of the frame, 0-255. */
  brightness: number;
  /**
   * How sharp the chosen plate's crop is (plateSharpness: edge strength over contrast at the net's input size); undefined when
   * no plate was read. Below BLURRED_SHARPNESS the frame is shaken or out of focus.
   */
  sharpness?: number;
}

export type ScanAdvice = "light" | "notFound" | "closer" | "steady";

/** Below this mean brightness the frame is too dark to read. */
export const DARK_BRIGHTNESS = 45;
/** A found plate narrower than this share of the frame is too far to read reliably. */
export const FAR_PLATE_SHARE = 0.1;

/**
 * A plate crop less sharp than this is blurred (shaken or out of focus). Measured (tests/workers/plate-sharpness.test.ts):
 * rendered plates 0.56-0.89 sharp, 0.11-0.16 shaken over 5% of their width, 0.15-0.19 out of focus (a gaussian of 1.5% of
 * their width); the real dev photos' plates 0.33-0.77 (8 of them): the line sits below the softest real photo.
 */
export const BLURRED_SHARPNESS = 0.25;

/**
 * What the attendant should change, from the latest frames' hints (most recent last), only when there is a cause to name: a
 * plate seen in most of them -> come closer when it is small, hold still when its crops are blurred, and nothing when it is
 * sharp (the reader is unsure of a plate it sees well: the screen asks to confirm it among the choices instead); none seen ->
 * more light when the frames are dark, else aim at the plate. (A dark car close up is dark on average while its plate reads
 * fine: darkness alone is not the advice when a plate is seen.)
 */
export function scanAdvice(hints: readonly FrameHint[]): ScanAdvice | null {
  const recent = hints.slice(-3);
  if (!recent.length) return null;
  const seen = recent.filter((h) => h.found > 0);
  if (seen.length * 2 >= recent.length && seen.length > 0) {
    if (Math.max(...seen.map((h) => h.plateShare)) < FAR_PLATE_SHARE) return "closer";
    const blurred = seen.filter((h) => h.sharpness !== undefined && h.sharpness < BLURRED_SHARPNESS);
    return blurred.length * 2 > seen.length ? "steady" : null;
  }
  return recent.reduce((s, h) => s + h.brightness, 0) / recent.length < DARK_BRIGHTNESS ? "light" : "notFound";
}

/** A candidate's probability: the reader's own when it gives one, else its score. */
export const probabilityOf = (c: PlateCandidate) => c.probability ?? c.score;

/** The net's least probability for its best plate to be accepted on the second reader's agreement (PlateLockOptions.agreeMin). */
export const AGREE_MIN_PROBABILITY = 0.15;

const secondCandidate = (plate: string): PlateCandidate => ({
  plate,
  format: plateFormat(plate) ?? "antiga",
  probability: 0,
  score: 0,
  rule: "continuous",
});

/** The scanner's minimum for the net alone, before the second reader is loaded (PlateLockOptions.aloneMinProbability). */
export const ALONE_MIN_PROBABILITY = 0.95;

/** The lock's default minimum mean probability (PlateLockOptions.minProbability). */
export const LOCK_MIN_PROBABILITY = 0.8;

export function createPlateLock(opts: PlateLockOptions = {}): PlateLock {
  const { window = 3, agree = 2, minProbability = LOCK_MIN_PROBABILITY, dominance = 3, suggestMin = 0.15, booked } = opts;
  const agreeMin = opts.agreeMin ?? AGREE_MIN_PROBABILITY;
  const { secondFrames = 2, secondSupport = 0.05, aloneMinProbability = minProbability } = opts;
  let recent: PlateCandidate[][] = [];
  // The second reader's plates of the window's frames (undefined where it did not read).
  let seconds: (string | null | undefined)[] = [];
  const vetoed = (plate: string) => seconds.some((s) => typeof s === "string" && s !== plate);
  let pushed = 0;
  const evidence = (): PlateEvidence[] => {
    const by = new Map<string, PlateEvidence>();
    for (const frame of recent) {
      frame.forEach((c, i) => {
        const e = by.get(c.plate) ?? { candidate: c, plate: c.plate, total: 0, tops: 0 };
        e.total += probabilityOf(c);
        if (i === 0) e.tops++;
        if (probabilityOf(c) > probabilityOf(e.candidate)) e.candidate = c;
        by.set(c.plate, e);
      });
    }
    return [...by.values()].sort((a, b) => b.total - a.total);
  };
  const accept = (e: PlateEvidence, total: number) => {
    const frames = recent.length;
    recent = [];
    seconds = [];
    pushed = 0;
    return { ...e.candidate, probability: total / frames };
  };
  return {
    push(frame, second) {
      recent.push(frame);
      seconds.push(second);
      pushed++;
      if (recent.length > window) {
        recent = recent.slice(-window);
        seconds = seconds.slice(-window);
      }
      // Two readers of different make agreeing on a frame: the net's best plate is taken, unless the window disagrees.
      const top = frame[0];
      if (top && second === top.plate && probabilityOf(top) >= agreeMin && !vetoed(top.plate)) {
        const e = evidence().find((x) => x.plate === top.plate)!;
        return accept(e, e.total);
      }
      // The second reader read one plate in several frames, and only that one; the net proposes it too.
      const read = seconds.filter((x): x is string => typeof x === "string");
      if (read.length >= secondFrames && read.every((x) => x === read[0])) {
        const own = frame.find((x) => x.plate === read[0]);
        if (own && probabilityOf(own) >= secondSupport) {
          const e = evidence().find((x) => x.plate === read[0])!;
          return accept(e, e.total);
        }
      }
      const [best, next] = evidence();
      if (!best) return null;
      // A close call between the leader and its booked twin, both seen: the booking decides, on their joint evidence.
      const agenda = booked?.();
      const twin = agenda ? agendaTwin(best, next, agenda) : null;
      // The net alone (no second opinion in the window): every frame of a full window must agree, with more probability;
      // unless its own best plate is booked at the point (the agenda is the second opinion: a misread would have to spell
      // another plate booked here, where the net's misreads at 0.80-0.90 spelt plates of no one). A twin's close call is not
      // relaxed: there the net itself doubts a character.
      const alone = seconds.every((x) => x === undefined);
      const agendaBacked = !twin && Boolean(agenda?.has(best.plate));
      const strict = alone && aloneMinProbability !== minProbability && !agendaBacked;
      const minP = strict ? aloneMinProbability : minProbability;
      const need = strict ? window : agree;
      if (twin && next) {
        const joint = best.total + next.total;
        return best.tops + next.tops >= need && joint / recent.length >= minP && !vetoed(next.plate) ? accept(next, joint) : null;
      }
      if (best.tops < need || best.total / recent.length < minP) return null;
      if (next && best.total < dominance * next.total) return null;
      if (vetoed(best.plate)) return null;
      return accept(best, best.total);
    },
    evidence,
    suggestions() {
      const plates = evidence()
        .filter((e) => e.total / recent.length >= suggestMin)
        .map((e) => e.candidate);
      // A plate only the second reader saw is offered too (never accepted without a tap).
      for (const s of seconds) if (typeof s === "string" && !plates.some((c) => c.plate === s)) plates.push(secondCandidate(s));
      return plates.slice(0, 3);
    },
    frames: () => pushed,
    reset() {
      recent = [];
      seconds = [];
      pushed = 0;
    },
  };
}
