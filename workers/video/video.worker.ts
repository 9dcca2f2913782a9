// Video worker: exposes tiered video compression through Comlink (worker).
import { expose, transfer } from "comlink";
import { deliveredProgress } from "../../src/domain/progress.ts";
import type { VideoTier } from "../../src/domain/compression.ts";
import { compressVideo, compressWithTier, type VideoEngine } from "./compress-video.ts";

async function withProgress<T>(onProgress: ((percent: number) => void) | undefined, run: (report?: (p: number) => void) => Promise<T>) {
  const progress = deliveredProgress(onProgress);
  try {
    return await run(progress.report);
  } finally {
    await progress.flush();
  }
}

const api = {
  /** The app's path: the tier follows the file's size; small files come back untouched. */
  compress: (file: Blob, name: string, onProgress?: (percent: number) => void) =>
    withProgress(onProgress, (report) => compressVideo(file, name, report)),
  /** A given tier and engine (tests and benchmarks); the output buffer is transferred, not copied. */
  compressWithTier: (file: Blob, name: string, tier: VideoTier, engine: "auto" | VideoEngine, onProgress?: (percent: number) => void) =>
    withProgress(onProgress, async (report) => {
      const out = await compressWithTier(file, name, tier, report, engine);
      const bytes = await out.blob.arrayBuffer();
      return transfer({ ...out, blob: undefined, bytes }, [bytes]);
    }),
};

expose(api);
export type VideoApi = typeof api;
