// Bridge to the OCR worker: created when /scan opens, kept warm while it is open, at most one frame in flight (main thread).
import { transfer } from "comlink";
import type { CropRect } from "../../domain/capture";
import type { FrameRead, OcrApi } from "../../../workers/ocr/ocr.worker";
import { workerHandle } from "./worker-lifecycle";

// The worker's own shapes: the guide frame's region of the frame, in its pixels; one frame's candidates, 'no plate', ms.

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

/** Reads one frame: the bitmap is transferred (unusable afterwards). Rejects with OcrBusyError while a frame is in flight. */
export async function readPlateFrame(frame: ImageBitmap, crop: CropRect): Promise<FrameRead> {
  if (busy) {
    frame.close();
    throw new OcrBusyError();
  }
  busy = true;
  try {
    return await handle.run((api) => api.read(transfer(frame, [frame]), crop));
  } finally {
    busy = false;
  }
}

/** Terminates the worker (screen left, tab hidden); a read in flight rejects. The next warmOcr/readPlateFrame starts a new one. */
export function stopOcr(): void {
  handle.stop();
}
