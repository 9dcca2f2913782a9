// Multi-frame plate lock: accepts a plate when one frame is confident enough or the last frames agree (pure TS).
import type { PlateCandidate } from "./plate.ts";

export interface PlateLock {
  /** Adds one frame's candidates (best first, possibly empty); returns the plate when it is accepted, else null. */
  push(frame: PlateCandidate[]): PlateCandidate | null;
  /** Forgets the frames seen so far (a new vehicle, Tentar Novamente). */
  reset(): void;
}

export interface PlateLockOptions {
  /** How many of the latest frames vote (default 3). */
  window?: number;
  /** A single frame is accepted alone when its best candidate scores at least this (default 0.8)... */
  confident?: number;
  /** ...and leads the frame's runner-up by at least this (default 0.25). */
  margin?: number;
  /** Otherwise: frames in the window whose best candidate is the plate (default 2)... */
  agree?: number;
  /** ...and the plate's summed score must beat every other plate's sum in the window by this factor (default 1.5). */
  dominance?: number;
}

export function createPlateLock(opts: PlateLockOptions = {}): PlateLock {
  const { window = 3, confident = 0.8, margin = 0.25, agree = 2, dominance = 1.5 } = opts;
  let frames: PlateCandidate[][] = [];
  return {
    push(frame) {
      frames.push(frame);
      if (frames.length > window) frames = frames.slice(-window);
      const [top, second] = frame;
      if (top && top.score >= confident && top.score - (second?.score ?? 0) >= margin) {
        frames = [];
        return top;
      }
      const sums = new Map<string, PlateCandidate>();
      const wins = new Map<string, number>();
      for (const f of frames) {
        if (f[0]) wins.set(f[0].plate, (wins.get(f[0].plate) ?? 0) + 1);
        for (const c of f) {
          const s = sums.get(c.plate);
          sums.set(c.plate, s ? { ...s, score: s.score + c.score } : { ...c });
        }
      }
      const ranked = [...sums.values()].sort((a, b) => b.score - a.score);
      const best = ranked[0];
      if (!best || (wins.get(best.plate) ?? 0) < agree) return null;
      if (ranked[1] && best.score < ranked[1].score * dominance) return null;
      frames = [];
      return { ...best, score: Math.min(1, best.score / (wins.get(best.plate) ?? 1)) };
    },
    reset() {
      frames = [];
    },
  };
}
