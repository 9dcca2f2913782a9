// Video worker: exposes tiered video compression through Comlink (worker).
import { expose } from "comlink";
import { deliveredProgress } from "../../src/domain/progress.ts";
import { compressVideo } from "./compress-video.ts";

const api = {
  async compress(file: Blob, name: string, onProgress?: (percent: number) => void) {
    const progress = deliveredProgress(onProgress);
    try {
      return await compressVideo(file, name, progress.report);
    } finally {
      await progress.flush();
    }
  },
};

expose(api);
export type VideoApi = typeof api;
