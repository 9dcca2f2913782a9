// Image worker: exposes tiered image compression through Comlink (worker).
import { expose } from "comlink";
import { deliveredProgress } from "../../src/domain/progress.ts";
import { compressImage } from "./compress-image.ts";

const api = {
  async compress(file: Blob, name: string, onProgress?: (percent: number) => void) {
    const progress = deliveredProgress(onProgress);
    const result = await compressImage(file, name, progress.report);
    await progress.flush();
    return result;
  },
};

expose(api);
export type ImageApi = typeof api;
