// OCR worker: crops the guide-frame region of a camera frame, isolates and deskews the character line, reads it with tesseract
// (per-symbol alternatives and confidences) and the plate-font classifier over a few shifted crops, and resolves each plate
// position by its class (worker, Comlink).
import { expose } from "comlink";
import type { PlateCandidate } from "../../src/domain/plate.ts";
import { DEFAULT_TRAINEDDATA_URL, loadEngine } from "./engine.ts";
import { grabCrop, type CropRect } from "./frame.ts";
import { readPlate } from "./read-plate.ts";
import { createClassifier, type CharModel, type Classifier } from "./char-classifier.ts";
import charModel from "./char-model.json";

export type { CropRect };
export interface FrameRead { candidates: PlateCandidate[]; ms: number }

let trained = DEFAULT_TRAINEDDATA_URL;
let classifier: Classifier | null = createClassifier(charModel as CharModel);

const api = {
  /**
   * Loads the engine (core + traineddata). `traineddataUrl` and `plateClassifier: false` are only for the bench's comparisons
   * (traineddata variants; tesseract alone against tesseract + the plate-font classifier).
   */
  async warm(traineddataUrl?: string, plateClassifier = true): Promise<void> {
    if (traineddataUrl) trained = traineddataUrl;
    classifier = plateClassifier ? createClassifier(charModel as CharModel) : null;
    await loadEngine(trained);
  },
  async read(frame: ImageBitmap, crop: CropRect): Promise<FrameRead> {
    try {
      const engine = await loadEngine(trained);
      const t0 = performance.now();
      const { gray, mercosulHint } = grabCrop(frame, crop);
      frame.close();
      const candidates = readPlate(engine, gray, mercosulHint, classifier);
      return { candidates, ms: performance.now() - t0 };
    } finally {
      frame.close();
    }
  },
};

expose(api);
export type OcrApi = typeof api;
