// The scanner's camera and recognition loop: rear camera in the capture module's preference order, the plate reader warm (readied
// after sign-in on a device that scanned before, else loaded here: the net, then the second reader in its own worker, which
// never holds a frame), one frame a second (the first 1 s after the camera is ready), never two frames in flight, the whole
// frame searched for plates with the guide as a hint, plate lock over frames, advice and choices after 3 s without a lock, a
// pause after 60 s without one (camera and reader at rest until a tap); the camera stops when `on` turns false (modal, screen
// left, tab hidden), the reader stays loaded for the next scan (ocr-bridge.ts) (main thread).
import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import { VIDEO_LOAD_TIMEOUT_MS } from "../../domain/capture";
import type { PlateCandidate } from "../../domain/plate";
import { ALONE_MIN_PROBABILITY, createPlateLock, scanAdvice, type FrameHint, type ScanAdvice } from "../../domain/plate-lock";
import { cameraErrorMessage, openCamera, stopStream, whenPlaying } from "../../lib/capture/camera";
import { grabVideoFrame, markScannerUsed, readPlateFrame, warmOcr, warmSecondReader } from "../../lib/workers/ocr-bridge";
import { guideCrop } from "./guide-crop";

/** Spec: scanner interval 1 s, first scan 1 s after the camera is ready. */
export const SCAN_INTERVAL_MS = 1_000;
export const FIRST_SCAN_DELAY_MS = 1_000;
/**
 * A frame that saw a plate without locking it is confirmed sooner than the next periodic read: the lock needs two agreeing
 * frames, and at the spec's 1 s pace that alone would take 2 s after the plate entered the guide. Searching stays at 1 s.
 */
export const CONFIRM_DELAY_MS = 500;
/**
 * Time from the start of recognition (camera and engine ready) without a lock after which the attendant is told what to
 * change and the plates seen most are offered as one-tap choices ('Confirme a placa') beside 'Digitar placa'.
 */
export const HELP_AFTER_MS = 3_000;
/** Reading this long without a lock pauses the scanner (camera off, no frames read) until a tap: battery and heat. */
export const PAUSE_AFTER_MS = 60_000;

export type CameraState = { kind: "checking" } | { kind: "ready" } | { kind: "error"; message: string };

interface Options {
  /** Camera (and worker) running: false while the invite modal is open, the tab is hidden, or the page is gone. */
  on: boolean;
  /** Recognition ticking: false once a plate is found, while a lookup runs, or a modal is open. */
  scanning: boolean;
  onPlate: (plate: PlateCandidate) => void;
  /**
   * The plates to offer as one-tap choices (maybe none), on every frame that read one and on every frame once HELP_AFTER_MS
   * passed without a lock; then also the advice (a cause the attendant can change, or null) and settled = true (the reader
   * is unsure: the screen asks to confirm).
   */
  onSuggestions: (plates: PlateCandidate[], advice: ScanAdvice | null, settled: boolean) => void;
  videoRef: RefObject<HTMLVideoElement | null>;
  guideRef: RefObject<HTMLElement | null>;
  /** The point's booked plates (normalised): the lock lets one win a close call against its twin (domain/plate-match.ts). */
  booked: ReadonlySet<string>;
  /** Reading this long without a lock pauses the scanner (default PAUSE_AFTER_MS). */
  pauseAfterMs?: number;
}

export function usePlateCamera({
  on,
  scanning,
  onPlate,
  onSuggestions,
  videoRef,
  guideRef,
  booked,
  pauseAfterMs = PAUSE_AFTER_MS,
}: Options) {
  const [camera, setCamera] = useState<CameraState>({ kind: "checking" });
  const [ocrFailed, setOcrFailed] = useState(false);
  const [torch, setTorch] = useState<{ supported: boolean; on: boolean }>({ supported: false, on: false });
  const [attempt, setAttempt] = useState(0);
  const [paused, setPaused] = useState(false);
  // The latest frame saw a plate (found or read): the screen says it is reading one.
  const [seeing, setSeeing] = useState(false);
  const streamRef = useRef<MediaStream | null>(null);
  const [ready, setReady] = useState(false);
  const onPlateRef = useRef(onPlate);
  const onSuggestionsRef = useRef(onSuggestions);
  const bookedRef = useRef(booked);
  useEffect(() => {
    onPlateRef.current = onPlate;
    onSuggestionsRef.current = onSuggestions;
    bookedRef.current = booked;
  });

  useEffect(() => markScannerUsed(), []);

  // Camera: opened while `on` and not paused, closed otherwise (the reader stays loaded); a retry bumps `attempt`.
  useEffect(() => {
    if (!on || paused) return;
    let cancelled = false;
    let stream: MediaStream | null = null;
    const video = videoRef.current;
    (async () => {
      try {
        stream = await openCamera(false);
        if (cancelled) return stopStream(stream);
        streamRef.current = stream;
        if (!video) return;
        video.srcObject = stream;
        void video.play().catch(() => {});
        await whenPlaying(video, VIDEO_LOAD_TIMEOUT_MS);
        if (cancelled) return;
        const track = stream.getVideoTracks()[0];
        const caps = track?.getCapabilities?.() as { torch?: boolean } | undefined;
        setTorch({ supported: Boolean(caps?.torch), on: false });
        setCamera({ kind: "ready" });
        // The engine loads beside the preview; the first tick waits for it.
        warmOcr().then(
          () => {
            if (cancelled) return;
            setReady(true);
            // The second opinion loads beside the net (the scanner reads meanwhile); a failure leaves the net alone.
            warmSecondReader().catch(() => {});
          },
          () => {
            if (!cancelled) setOcrFailed(true);
          },
        );
      } catch (err) {
        if (!cancelled) setCamera({ kind: "error", message: cameraErrorMessage(err) });
      }
    })();
    return () => {
      cancelled = true;
      stopStream(stream);
      streamRef.current = null;
      if (video) video.srcObject = null;
      // Back to 'checking' for the next start (return to the screen, retry). The reader's workers stay: the next scan finds
      // them loaded (ocr-bridge.ts stops them when the tab stays hidden or nothing is read for a long time).
      setCamera({ kind: "checking" });
      setOcrFailed(false);
      setReady(false);
      setSeeing(false);
      setTorch({ supported: false, on: false });
    };
  }, [on, paused, attempt, videoRef]);

  // Recognition ticks: 1 s after the camera and engine are ready, then every 1 s (0.5 s to confirm a plate just seen); the next
  // tick is set when the frame's read is over, so there is never more than one frame in flight.
  useEffect(() => {
    if (!on || !scanning || !ready) return;
    const lock = createPlateLock({ booked: () => bookedRef.current, aloneMinProbability: ALONE_MIN_PROBABILITY });
    const hints: FrameHint[] = [];
    const started = performance.now();
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      let next = SCAN_INTERVAL_MS;
      try {
        const video = videoRef.current;
        const guideBox = guideRef.current;
        if (!video || !guideBox || video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA) return;
        const view = video.getBoundingClientRect();
        const box = guideBox.getBoundingClientRect();
        // The guide is a hint (a plate inside it is read first): the whole frame is searched.
        const guide = guideCrop(view, box, video.videoWidth, video.videoHeight);
        const frame = await grabVideoFrame(video);
        if (stopped) return frame.close();
        const read = await readPlateFrame(frame, { guide, find: true });
        if (stopped) return;
        const plate = lock.push(read.candidates, read.second);
        if (plate) {
          stopped = true;
          onPlateRef.current(plate);
          return;
        }
        hints.push(read);
        if (hints.length > 3) hints.shift();
        setSeeing(read.found > 0 || read.candidates.length > 0);
        if (read.candidates.length > 0) next = CONFIRM_DELAY_MS;
        // A plate read is offered at once (one tap opens it while the lock waits for a second frame); after HELP_AFTER_MS
        // without a lock, with the advice.
        const settled = performance.now() - started >= HELP_AFTER_MS;
        if (settled || read.candidates.length > 0)
          onSuggestionsRef.current(lock.suggestions(), settled ? scanAdvice(hints) : null, settled);
      } catch {
        // A dropped or failed frame: the next tick tries again.
      } finally {
        if (!stopped) timer = setTimeout(() => void tick(), next);
      }
    };
    timer = setTimeout(() => void tick(), FIRST_SCAN_DELAY_MS);
    // The help comes on time, from what the frames read so far said, even while a read is still running (a slow phone);
    // later reads keep it current.
    const help = setTimeout(() => {
      if (!stopped) onSuggestionsRef.current(lock.suggestions(), scanAdvice(hints), true);
    }, HELP_AFTER_MS);
    const rest = setTimeout(() => {
      if (stopped) return;
      stopped = true;
      clearTimeout(timer);
      setPaused(true);
    }, pauseAfterMs);
    return () => {
      stopped = true;
      clearTimeout(timer);
      clearTimeout(help);
      clearTimeout(rest);
    };
  }, [on, scanning, ready, videoRef, guideRef, pauseAfterMs]);

  const toggleTorch = useCallback(async () => {
    const track = streamRef.current?.getVideoTracks()[0];
    if (!track) return;
    const next = !torch.on;
    try {
      await track.applyConstraints({ advanced: [{ torch: next } as MediaTrackConstraintSet] });
      setTorch({ supported: true, on: next });
    } catch {
      setTorch({ supported: false, on: false });
    }
  }, [torch.on]);

  const retry = useCallback(() => {
    setCamera({ kind: "checking" });
    setAttempt((n) => n + 1);
  }, []);
  /** After the pause: the camera opens again and reading starts over (a new 60 s). */
  const resume = useCallback(() => setPaused(false), []);
  return { camera, engineReady: ready, ocrFailed, torch, toggleTorch, retry, paused, resume, seeing };
}
