// The plate check of an initial video (issue 39), for the agenda's start and the OS screen's initial-video card (main thread):
// once a video is chosen, its first seconds are read by the OCR worker frame by frame with real progress; a plate that differs
// from the order's waits for the attendant's answer, the same plate or none read goes on without asking. The reader that
// cannot load (offline on a first visit, an old phone) or is slower than CHECK_TIMEOUT_MS counts as 'não lida': the check
// never keeps an order from starting.
import { useCallback, useEffect, useState } from "react";
import type { VideoPlateCheck } from "../../domain/evidence-chain";
import { displayPlate, type PlateCandidate } from "../../domain/plate";
import {
  compareVideoPlate,
  createVideoPlateReader,
  plateInstants,
  unaskedOutcome,
  VIDEO_PLATE_FRAMES,
  type VideoPlateOutcome,
} from "../../domain/video-plate";
import { readPlateFrame, warmOcr } from "../workers/ocr-bridge";
import { openVideoFrames, type VideoFrames } from "./video-frames";

/**
 * The longest the whole check may take (loading the reader included): past it, what was read so far stands. A low-tier phone
 * reads a frame in about half a second and loads the net's weights (253 KiB, then from the cache) in a few.
 */
export const CHECK_TIMEOUT_MS = 15_000;

/** What the check needs from the world; the app passes the OCR worker's, a test its own answers. */
export interface VideoPlateDeps {
  /** Loads the reader; rejects when it cannot be loaded. */
  warm(): Promise<void>;
  /** One frame's plate candidates, best first (the bitmap is handed over). */
  read(frame: ImageBitmap): Promise<PlateCandidate[]>;
  /** The file's frames. */
  open(file: Blob, signal: AbortSignal): Promise<VideoFrames>;
  timeoutMs?: number;
}

// One frame in the OCR worker at a time: a check started while a cancelled one's frame is still being read waits for it
// (the bridge would drop the new frame as busy).
let lastRead: Promise<unknown> = Promise.resolve();
function readQueued(frame: ImageBitmap): Promise<PlateCandidate[]> {
  const next = lastRead.catch(() => {}).then(() => readPlateFrame(frame, { guide: null, find: true }));
  lastRead = next;
  return next.then((r) => r.candidates);
}

export const ocrVideoPlateDeps: VideoPlateDeps = { warm: warmOcr, read: readQueued, open: openVideoFrames };

export type VideoPlateState =
  | { kind: "idle" }
  | { kind: "checking"; done: number; total: number }
  /** A plate that is not the order's: the attendant says whether the video is of this vehicle. */
  | { kind: "differs"; read: string }
  | { kind: "done"; check: VideoPlateCheck; outcome: VideoPlateOutcome };

interface Run {
  file: File;
  done: number;
  read?: string | null;
  confirmed?: boolean;
}

/** Settles with `work`, or rejects when `signal` aborts first. */
function bounded<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const abort = () => reject(signal.reason);
    signal.addEventListener("abort", abort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", abort));
  });
}

export function useVideoPlateCheck(file: File | null, orderPlate: string, deps: VideoPlateDeps = ocrVideoPlateDeps) {
  const [run, setRun] = useState<Run | null>(null);

  useEffect(() => {
    if (!file) return;
    let cancelled = false;
    const ctl = new AbortController();
    const timer = setTimeout(() => ctl.abort(new Error("plate check over time")), deps.timeoutMs ?? CHECK_TIMEOUT_MS);
    const reader = createVideoPlateReader(orderPlate);
    let frames: VideoFrames | null = null;
    (async () => {
      try {
        await bounded(deps.warm(), ctl.signal);
        frames = await bounded(deps.open(file, ctl.signal), ctl.signal);
        const instants = plateInstants(frames.duration, VIDEO_PLATE_FRAMES);
        for (let i = 0; i < instants.length; i++) {
          const candidates = await bounded(
            frames.frameAt(instants[i]).then((frame) => deps.read(frame)),
            ctl.signal,
          );
          if (cancelled) return;
          setRun({ file, done: i + 1 });
          if (reader.push(candidates)) break;
        }
      } catch {
        // Not loaded, not decoded or over time: the plate read so far (or none) stands.
      } finally {
        clearTimeout(timer);
        frames?.close();
      }
      if (!cancelled) setRun({ file, done: VIDEO_PLATE_FRAMES, read: reader.result()?.plate ?? null });
    })();
    return () => {
      cancelled = true;
      ctl.abort(new Error("plate check cancelled"));
      clearTimeout(timer);
    };
  }, [file, orderPlate, deps]);

  const confirm = useCallback(() => setRun((r) => (r ? { ...r, confirmed: true } : r)), []);

  // The run of another (or no) file is not this one's: its state starts at 0 frames until this file's first frame is read.
  const current = file && run?.file === file ? run : null;
  let state: VideoPlateState;
  if (!file) state = { kind: "idle" };
  else if (!current || current.read === undefined) state = { kind: "checking", done: current?.done ?? 0, total: VIDEO_PLATE_FRAMES };
  else {
    const check = compareVideoPlate(current.read, orderPlate);
    if (check === "nao-confere" && !current.confirmed) state = { kind: "differs", read: displayPlate(current.read!) };
    else state = { kind: "done", check, outcome: { ...unaskedOutcome(current.read), confirmed: check === "nao-confere" } };
  }
  return { state, confirm };
}
