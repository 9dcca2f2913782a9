// OCR worker: crops the guide-frame region of a camera frame, isolates and deskews the character line, reads it with tesseract
// (per-symbol alternatives and confidences) over a few shifted crops, and resolves each plate position by its class (worker, Comlink).
import { expose } from "comlink";
import type { PlateCandidate } from "../../src/domain/plate.ts";
import { loadEngine, type GrayImage, type TrainedData } from "./engine.ts";
import { readPlate } from "./read-plate.ts";

export interface CropRect { x: number; y: number; width: number; height: number }
export interface FrameRead { candidates: PlateCandidate[]; ms: number }

/** The crop is scaled to this width before preprocessing: plates read best with characters ~40-70 px high here. */
const WORK_WIDTH = 480;

function grabCrop(frame: ImageBitmap, crop: CropRect): GrayImage {
  const x = Math.max(0, Math.floor(crop.x)), y = Math.max(0, Math.floor(crop.y));
  const w = Math.min(frame.width - x, Math.ceil(crop.width)), h = Math.min(frame.height - y, Math.ceil(crop.height));
  if (w < 8 || h < 8) throw new Error("crop outside the frame");
  const scale = WORK_WIDTH / w;
  const cw = WORK_WIDTH, chh = Math.max(8, Math.round(h * scale));
  const canvas = new OffscreenCanvas(cw, chh);
  const ctx = canvas.getContext("2d", { willReadFrequently: true })!;
  ctx.imageSmoothingQuality = "high";
  ctx.drawImage(frame, x, y, w, h, 0, 0, cw, chh);
  const rgba = ctx.getImageData(0, 0, cw, chh).data;
  const data = new Uint8Array(cw * chh);
  for (let i = 0, j = 0; i < data.length; i++, j += 4) data[i] = (rgba[j] * 77 + rgba[j + 1] * 150 + rgba[j + 2] * 29) >> 8;
  return { data, width: cw, height: chh };
}

let trained: TrainedData = "best_int";

const api = {
  /** Loads the engine (core + traineddata); `data` is only for the bench's comparison of traineddata variants. */
  async warm(data?: TrainedData): Promise<void> {
    if (data) trained = data;
    await loadEngine(trained);
  },
  async read(frame: ImageBitmap, crop: CropRect): Promise<FrameRead> {
    try {
      const engine = await loadEngine(trained);
      const t0 = performance.now();
      const gray = grabCrop(frame, crop);
      frame.close();
      const candidates = readPlate(engine, gray);
      return { candidates, ms: performance.now() - t0 };
    } finally {
      frame.close();
    }
  },
};

expose(api);
export type OcrApi = typeof api;
