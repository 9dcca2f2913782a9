// Multi-frame plate lock: a plate is accepted only when several recent frames agree on it with enough probability and no
// other plate keeps a real share, never on one frame; a booked twin may win a close call (plate-match.ts); when no lock comes,
// the plates seen most are offered as choices (pure TS).
import type { PlateCandidate } from "./plate.ts";
import { agendaTwin } from "./plate-match.ts";

export interface PlateLock {
  /** Adds one frame's candidates (best first, possibly empty); returns the plate when it is accepted, else null. */
  push(frame: PlateCandidate[]): PlateCandidate | null;
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
}

/** A candidate's probability: the reader's own when it gives one, else its score. */
export const probabilityOf = (c: PlateCandidate) => c.probability ?? c.score;

/** The lock's default minimum mean probability (PlateLockOptions.minProbability). */
export const LOCK_MIN_PROBABILITY = 0.8;

export function createPlateLock(opts: PlateLockOptions = {}): PlateLock {
  const { window = 3, agree = 2, minProbability = LOCK_MIN_PROBABILITY, dominance = 3, suggestMin = 0.15, booked } = opts;
  let recent: PlateCandidate[][] = [];
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
    pushed = 0;
    return { ...e.candidate, probability: total / frames };
  };
  return {
    push(frame) {
      recent.push(frame);
      pushed++;
      if (recent.length > window) recent = recent.slice(-window);
      const [best, next] = evidence();
      if (!best) return null;
      // A close call between the leader and its booked twin, both seen: the booking decides, on their joint evidence.
      const twin = booked ? agendaTwin(best, next, booked()) : null;
      if (twin && next) {
        const joint = best.total + next.total;
        return best.tops + next.tops >= agree && joint / recent.length >= minProbability ? accept(next, joint) : null;
      }
      if (best.tops < agree || best.total / recent.length < minProbability) return null;
      if (next && best.total < dominance * next.total) return null;
      return accept(best, best.total);
    },
    evidence,
    suggestions() {
      return evidence()
        .filter((e) => e.total / recent.length >= suggestMin)
        .slice(0, 3)
        .map((e) => e.candidate);
    },
    frames: () => pushed,
    reset() {
      recent = [];
      pushed = 0;
    },
  };
}
