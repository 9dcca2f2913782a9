// Bridge to the plate reader's two workers (main thread): the OCR worker (the finder and the plate net, one frame in flight at
// most) and the second reader's worker (PaddleOCR's recogniser), joined by a MessagePort so the OCR worker asks it directly. Kept
// warm while the app is open: readied in the background after sign-in on a device that scanned before (preloadPlateReader),
// kept while the tab is visible, stopped 2 minutes after it is hidden or 30 minutes after the last frame.
import { transfer } from "comlink";
import type { FrameRead, OcrApi, ReadOptions } from "../../../workers/ocr/ocr.worker";
import type { SecondReaderApi } from "../../../workers/ocr/second-reader.worker";
import { workerHandle } from "./worker-lifecycle";

// The worker's own shapes: what to read (the guide as a hint, whole-frame search or not); one frame's candidates, where they
// were read, the conditions, the second reader's plate, ms.

/** Thrown by readPlateFrame when the previous frame is still being read: the frame is dropped (closed), never queued. */
export class OcrBusyError extends Error {
  constructor() {
    super("OCR busy: frame dropped");
    this.name = "OcrBusyError";
  }
}

/**
 * How long the reader stays loaded with nothing to read: the attendant scans a car, works on it, scans the next one. The two
 * workers hold about 135 MB (the renderer's PSS with and without them on the agenda, Pixel 7 profile: the net, onnxruntime's
 * wasm memory and the recogniser's session); the budget is 150 MB (docs/budgets.md "Plate scanner"), given back when hidden.
 */
export const KEEP_WARM_MS = 30 * 60_000;
/** A hidden tab (another app in front, the screen off) gives the memory back after this long. */
export const HIDDEN_STOP_MS = 2 * 60_000;

/** The OCR worker joined to the second reader (reset whenever either stops). */
let joined: Promise<void> | null = null;
const second = workerHandle<SecondReaderApi>(
  () => new Worker(new URL("../../../workers/ocr/second-reader.worker.ts", import.meta.url), { type: "module", name: "second-reader" }),
  // Its reads come from the OCR worker through the port, which this handle never sees: it goes when the OCR worker goes.
  Number.POSITIVE_INFINITY,
  () => {
    joined = null;
  },
);
const handle = workerHandle<OcrApi>(
  () => new Worker(new URL("../../../workers/ocr/ocr.worker.ts", import.meta.url), { type: "module", name: "ocr" }),
  KEEP_WARM_MS,
  () => {
    joined = null;
    second.stop();
  },
);
let busy = false;

let hiddenTimer: ReturnType<typeof setTimeout> | undefined;
if (typeof document !== "undefined")
  document.addEventListener("visibilitychange", () => {
    clearTimeout(hiddenTimer);
    if (document.visibilityState === "hidden") hiddenTimer = setTimeout(stopOcr, HIDDEN_STOP_MS);
  });

/** Creates the worker and loads the plate reader's weights (from our origin); resolves when a frame can be read. */
export function warmOcr(): Promise<void> {
  return handle.run((api) => api.warm());
}

/**
 * Loads the second reader in its own worker (onnxruntime-web and PaddleOCR's recogniser, about 13 MB gzipped the first time, then
 * from the cache) and joins it to the OCR worker; frames read meanwhile use the net alone, never waiting for it. Rejects when it
 * cannot be loaded (offline on a first visit).
 */
export function warmSecondReader(): Promise<void> {
  joined ??= (async () => {
    await second.run((api) => api.warm());
    const { port1, port2 } = new MessageChannel();
    await second.run((api) => api.serve(transfer(port1, [port1])));
    await handle.run((api) => api.useSecond(transfer(port2, [port2])));
  })().catch((err: unknown) => {
    joined = null;
    throw err;
  });
  return joined;
}

/** The reader readied before the scanner opens: the net, then the second reader (both from the Cache API once used). */
export async function preloadPlateReader(): Promise<void> {
  await warmOcr();
  await warmSecondReader();
}

/** Set on this device when the scanner first opens: a device that scans gets its reader readied after sign-in. */
const SCANNER_USED_KEY = "portal:scanner-used";

export function markScannerUsed(): void {
  try {
    localStorage.setItem(SCANNER_USED_KEY, "1");
  } catch {
    /* private mode: the reader simply loads when /scan opens */
  }
}

export function scannerUsedHere(): boolean {
  try {
    return localStorage.getItem(SCANNER_USED_KEY) === "1";
  } catch {
    return false;
  }
}

/**
 * Reads one frame: the bitmap, or the camera's VideoFrame (grabVideoFrame), is transferred (unusable afterwards). Rejects with
 * OcrBusyError while a frame is in flight.
 */
export async function readPlateFrame(frame: ImageBitmap | VideoFrame, options: ReadOptions): Promise<FrameRead> {
  if (busy) {
    frame.close();
    throw new OcrBusyError();
  }
  busy = true;
  try {
    return await handle.run((api) => api.read(transfer(frame, [frame]), options));
  } finally {
    busy = false;
  }
}

/** Terminates both workers (a read in flight rejects). The next warmOcr/readPlateFrame starts anew. */
export function stopOcr(): void {
  handle.stop();
  second.stop();
}

/**
 * The video's current frame for the reader. A `VideoFrame` made from the element holds the camera's frame without copying its
 * pixels; the OCR worker converts it (ocr.worker.ts). `createImageBitmap(video)` copied and converted the 1280x720 frame on the
 * main thread at every tick: 51-112 ms tasks on the low-tier phone (`npm run bench scan`'s long frames). Browsers without
 * WebCodecs' VideoFrame keep the copy. Throws (as createImageBitmap rejects) while the video has no frame.
 */
export async function grabVideoFrame(video: HTMLVideoElement): Promise<ImageBitmap | VideoFrame> {
  if (typeof VideoFrame === "function") return new VideoFrame(video);
  return createImageBitmap(video);
}
