// The plate in the first seconds of an order's initial video (issue 39): the instants read, how the frames' readings become one
// plate (the scanner's lock, or the frames' agreement; the order's plate as the booked twin that may win a one-character close
// call), and how that plate compares with the order's (pure TS).
import type { VideoPlateCheck } from "./evidence-chain";
import { displayPlate, normalizePlate, type PlateCandidate } from "./plate";
import { ALONE_MIN_PROBABILITY, createPlateLock, probabilityOf } from "./plate-lock";
import { plateSet, singleDifference } from "./plate-match";

/** Frames read, between these instants of the video (seconds): the attendant starts the video on the car, plate first. */
export const VIDEO_PLATE_FRAMES = 6;
export const VIDEO_PLATE_FROM_S = 0.3;
export const VIDEO_PLATE_TO_S = 3;

/**
 * The instants to read, evenly spread over 0.3-3 s, or over the video itself when it is shorter. A duration that is not a
 * finite number (a browser recording without its duration in the file) is taken as long enough: a seek past the end lands on
 * the last frame.
 */
export function plateInstants(duration: number, count = VIDEO_PLATE_FRAMES): number[] {
  const end = Number.isFinite(duration) && duration > 0 ? Math.min(VIDEO_PLATE_TO_S, duration * 0.95) : VIDEO_PLATE_TO_S;
  const start = Math.min(VIDEO_PLATE_FROM_S, end / 2);
  if (count <= 1) return [start];
  const step = (end - start) / (count - 1);
  return Array.from({ length: count }, (_, i) => Math.round((start + i * step) * 1000) / 1000);
}

/** A plate judged read over the frames, with the lock's mean probability. */
export interface VideoPlateRead {
  plate: string;
  probability: number;
}

/**
 * A plate the frames agree on without the scanner's lock: the best candidate of at least VIDEO_AGREEING_FRAMES frames, with a
 * mean probability of VIDEO_MIN_PROBABILITY and, in each of those frames, at least VIDEO_DOMINANCE times the runner-up's. The
 * scanner's lock asks 0.95 of a plate alone because a lock opens an order by itself; here a plate read only asks the attendant
 * a question (or says "confere"), and six frames of a still video agreeing are evidence of their own: the fake camera's
 * recorded plate scene was read at 0.78 in all six frames, the lock's rule read nothing (tests/e2e/video-plate.test.ts).
 */
export const VIDEO_AGREEING_FRAMES = 3;
export const VIDEO_MIN_PROBABILITY = 0.7;
export const VIDEO_DOMINANCE = 2;

/**
 * Frame after frame: the scanner's lock with the net alone, and beside it the frames' agreement above. A frame whose best plate
 * is a one-character twin of the order's plate, with the order's plate among its candidates, counts for the order's plate (a
 * close call goes the booked way, as on the scanner). The order's own plate is kept when either rule read it (its car is in
 * the video, maybe beside another), else the most probable plate read.
 */
export function createVideoPlateReader(orderPlate: string) {
  const own = normalizePlate(orderPlate);
  const booked = plateSet([orderPlate]);
  const lock = createPlateLock({ booked: () => booked, aloneMinProbability: ALONE_MIN_PROBABILITY });
  const locked: PlateCandidate[] = [];
  const votes = new Map<string, number[]>();
  const agreed = (): VideoPlateRead[] =>
    [...votes]
      .filter(([, ps]) => ps.length >= VIDEO_AGREEING_FRAMES && ps.reduce((a, b) => a + b, 0) / ps.length >= VIDEO_MIN_PROBABILITY)
      .map(([plate, ps]) => ({ plate, probability: ps.reduce((a, b) => a + b, 0) / ps.length }));
  return {
    /** One frame's candidates (best first, maybe none); true once the order's plate is read (nothing more to read). */
    push(candidates: PlateCandidate[]): boolean {
      const plate = lock.push(candidates);
      if (plate) locked.push(plate);
      const [best, second] = candidates;
      if (best) {
        const p = probabilityOf(best);
        const twin = best.plate !== own && singleDifference(best.plate, own) !== null && candidates.some((c) => c.plate === own);
        const runnerUp = second ? probabilityOf(second) : 0;
        if (twin) votes.set(own, [...(votes.get(own) ?? []), p + probabilityOf(candidates.find((c) => c.plate === own)!)]);
        else if (p >= VIDEO_DOMINANCE * runnerUp) votes.set(best.plate, [...(votes.get(best.plate) ?? []), p]);
      }
      return plate?.plate === own || agreed().some((r) => r.plate === own);
    },
    result(): VideoPlateRead | null {
      const reads: VideoPlateRead[] = [...locked.map((p) => ({ plate: p.plate, probability: p.probability ?? p.score })), ...agreed()];
      return reads.find((r) => r.plate === own) ?? reads.sort((a, b) => b.probability - a.probability)[0] ?? null;
    },
  };
}

/** The plate read over frames in time order, or null when no plate was judged read. */
export function readVideoPlate(frames: readonly PlateCandidate[][], orderPlate: string): VideoPlateRead | null {
  const reader = createVideoPlateReader(orderPlate);
  for (const frame of frames) if (reader.push(frame)) break;
  return reader.result();
}

/** The plate read against the order's: the same plate (however written), another one, or none read. */
export function compareVideoPlate(read: string | null, orderPlate: string): VideoPlateCheck {
  if (!read) return "nao-lida";
  return normalizePlate(read) === normalizePlate(orderPlate) ? "confere" : "nao-confere";
}

/** What the start hands to the outbox with the video: the plate as shown (ABC-1234 / ABC1D23) and the attendant's answer. */
export interface VideoPlateOutcome {
  read: string | null;
  confirmed: boolean;
}

/** The outcome of a check the attendant did not need to answer (same plate, or none read). */
export const unaskedOutcome = (read: string | null): VideoPlateOutcome => ({ read: read ? displayPlate(read) : null, confirmed: false });
