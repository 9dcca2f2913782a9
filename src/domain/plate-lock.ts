// Multi-frame plate lock: accepts a plate when one frame is very confident with no doubtful position, or the last frames agree (pure TS).
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
  /** A single frame is accepted alone when its best candidate scores at least this (default 0.85)... */
  confident?: number;
  /** ...leads the frame's runner-up by at least this (default 0.25)... */
  margin?: number;
  /**
   * ...and has no doubtful position: each position's character leads that position's runner-up by at least this (default 0.5).
   * A candidate without positionMargin (text rules, typed plates) never locks alone.
   */
  positionMargin?: number;
  /** Otherwise: frames in the window whose best candidate is the plate (default 2)... */
  agree?: number;
  /** ...and the runner-up plate's count of top places times this factor must not exceed the winner's (default 1.5). */
  dominance?: number;
}

export function createPlateLock(opts: PlateLockOptions = {}): PlateLock {
  const { window = 3, confident = 0.85, margin = 0.25, positionMargin = 0.5, agree = 2, dominance = 1.5 } = opts;
  let frames: PlateCandidate[][] = [];
  return {
    push(frame) {
      frames.push(frame);
      if (frames.length > window) frames = frames.slice(-window);
      const [top, second] = frame;
      if (top && top.score >= confident && top.score - (second?.score ?? 0) >= margin && (top.positionMargin ?? -1) >= positionMargin) {
        frames = [];
        return top;
      }
      // Otherwise the same plate must top `agree` frames of the window, and top more frames than any other plate.
      const wins = new Map<string, { c: PlateCandidate; n: number; sum: number }>();
      for (const f of frames) {
        if (!f[0]) continue;
        const w = wins.get(f[0].plate);
        wins.set(f[0].plate, { c: f[0], n: (w?.n ?? 0) + 1, sum: (w?.sum ?? 0) + f[0].score });
      }
      const ranked = [...wins.values()].sort((a, b) => b.n - a.n || b.sum - a.sum);
      const best = ranked[0];
      if (!best || best.n < agree || (ranked[1] && ranked[1].n * dominance > best.n)) return null;
      frames = [];
      return { ...best.c, score: best.sum / best.n };
    },
    reset() {
      frames = [];
    },
  };
}
