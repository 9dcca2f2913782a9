// The plate in the first seconds of an order's initial video (issue 39): the instants read, how the frames' readings become one
// plate (the scanner's lock rules, frame after frame, the net alone; the order's plate as the booked twin that may win a
// one-character close call), and how that plate compares with the order's (pure TS).
import type { VideoPlateCheck } from "./evidence-chain";
import { displayPlate, normalizePlate, type PlateCandidate } from "./plate";
import { ALONE_MIN_PROBABILITY, createPlateLock } from "./plate-lock";
import { plateSet } from "./plate-match";

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
 * Frame after frame, the scanner's lock with the net alone (every frame of a window of three agreeing at 0.95 on average: a
 * wrong plate must not make the attendant doubt the right video). The plates it locks are kept: the order's own plate when it
 * locked (its car is in the video, maybe beside another), else the most probable one.
 */
export function createVideoPlateReader(orderPlate: string) {
  const own = normalizePlate(orderPlate);
  const booked = plateSet([orderPlate]);
  const lock = createPlateLock({ booked: () => booked, aloneMinProbability: ALONE_MIN_PROBABILITY });
  const locked: PlateCandidate[] = [];
  return {
    /** One frame's candidates (best first, maybe none); true once the order's plate is locked (nothing more to read). */
    push(candidates: PlateCandidate[]): boolean {
      const plate = lock.push(candidates);
      if (plate) locked.push(plate);
      return plate?.plate === own;
    },
    result(): VideoPlateRead | null {
      const best = locked.find((p) => p.plate === own) ?? [...locked].sort((a, b) => (b.probability ?? 0) - (a.probability ?? 0))[0];
      return best ? { plate: best.plate, probability: best.probability ?? best.score } : null;
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
