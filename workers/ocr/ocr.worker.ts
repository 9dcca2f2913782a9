// OCR worker: reads the plate in the guide-frame region of a camera frame with the plate net (read-net.ts), off the main
// thread; the main thread only transfers the frame (worker, Comlink).
import { expose } from "comlink";
import type { PlateCandidate } from "../../src/domain/plate.ts";
import type { CropRect } from "../../src/domain/capture.ts";
import { grabGray } from "./net-input.ts";
import { loadPlateNet, readWithNet } from "./read-net.ts";

export interface FrameRead {
  candidates: PlateCandidate[];
  /** Probability that the guide holds no readable plate. */
  noPlate: number;
  ms: number;
}

const api = {
  /** Loads the net's weights (from our origin, cached for offline use); resolves when a frame can be read. */
  async warm(): Promise<void> {
    await loadPlateNet();
  },
  async read(frame: ImageBitmap, crop: CropRect): Promise<FrameRead> {
    try {
      const net = await loadPlateNet();
      const t0 = performance.now();
      const reading = readWithNet(net, grabGray(frame, crop));
      return { ...reading, ms: performance.now() - t0 };
    } finally {
      frame.close();
    }
  },
};

expose(api);
export type OcrApi = typeof api;
