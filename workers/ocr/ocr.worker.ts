// OCR worker: crops the guide-frame region of a camera frame, preprocesses it and reads the plate with tesseract (worker, Comlink).
import { expose } from "comlink";
import type { PlateCandidate } from "../../src/domain/plate.ts";

export interface CropRect { x: number; y: number; width: number; height: number }
export interface FrameRead { candidates: PlateCandidate[]; ms: number }

const api = {
  async warm(): Promise<void> {
    throw new Error("OCR not ready");
  },
  async read(frame: ImageBitmap, _crop: CropRect): Promise<FrameRead> {
    frame.close();
    throw new Error("OCR not ready");
  },
};

expose(api);
export type OcrApi = typeof api;
