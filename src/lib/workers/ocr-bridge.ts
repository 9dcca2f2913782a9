// Bridge to the OCR worker: created when /scan opens, kept warm while it is open, at most one frame in flight (main thread).
import { transfer } from "comlink";
import type { FrameRead, OcrApi, ReadOptions } from "../../../workers/ocr/ocr.worker";
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

// Idle stop far above the scan cadence (1 s): while /scan is open the worker stays warm; stopOcr ends it.
const handle = workerHandle<OcrApi>(
  () => new Worker(new URL("../../../workers/ocr/ocr.worker.ts", import.meta.url), { type: "module", name: "ocr" }),
  5 * 60_000,
);
let busy = false;

/** Creates the worker and loads the plate reader's weights (from our origin); resolves when a frame can be read. */
export function warmOcr(): Promise<void> {
  return handle.run((api) => api.warm());
}

/**
 * Loads the second reader in the worker (onnxruntime-web and PaddleOCR's recogniser, about 14 MB gzipped the first time, then
 * from the cache); frames read while it loads use the net alone. Rejects when it cannot be loaded (offline on a first visit).
 */
export function warmSecondReader(): Promise<void> {
  return handle.run((api) => api.warmSecond());
}

/** Reads one frame: the bitmap is transferred (unusable afterwards). Rejects with OcrBusyError while a frame is in flight. */
export async function readPlateFrame(frame: ImageBitmap, options: ReadOptions): Promise<FrameRead> {
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

/** Terminates the worker (screen left, tab hidden); a read in flight rejects. The next warmOcr/readPlateFrame starts a new one. */
export function stopOcr(): void {
  handle.stop();
}
