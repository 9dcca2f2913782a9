// Plates the point already expects (its appointments of today and the coming days) as a prior for the plate lock: when the
// reader hesitates between a plate and its one-character twin that is booked, the booking breaks the tie, but only when the
// frames also saw the twin (visual support); a plate shown clearly is never swapped for a booked twin (pure TS).
import { normalizePlate, plateFormat } from "./plate";

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

/** What the reader saw over the lock's frames: a plate and its summed probability. */
export interface SeenPlate {
  plate: string;
  total: number;
}

/**
 * A booked twin wins a close call when the frames gave it at least this share of the leading plate's probability: the reader
 * hesitated between the two. Below it the camera saw the leader, not the twin.
 */
export const VISUAL_SUPPORT = 0.35;

/** The set of valid, normalised plates (upper-case, no hyphen) among `plates`. */
export function plateSet(plates: Iterable<string>): Set<string> {
  const out = new Set<string>();
  for (const p of plates) {
    const n = normalizePlate(p);
    if (plateFormat(n)) out.add(n);
  }
  return out;
}

/**
 * The booked twin that wins the close call between the frames' two leading plates, or null: the runner-up is booked and the
 * leader is not, they differ in exactly one position, and the runner-up has visual support.
 */
export function agendaTwin(leader: SeenPlate, runnerUp: SeenPlate | undefined, booked: ReadonlySet<string>): string | null {
  if (!runnerUp || booked.has(leader.plate) || !booked.has(runnerUp.plate)) return null;
  const at = singleDifference(leader.plate, runnerUp.plate);
  return at !== null && at >= 0 && runnerUp.total >= VISUAL_SUPPORT * leader.total ? runnerUp.plate : null;
}
