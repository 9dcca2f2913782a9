// Bridge to the video worker: tiered MP4/AVC compression off the main thread, original file back on failure (main thread).
import { proxy } from "comlink";
import type { VideoApi } from "../../../workers/video/video.worker";
import type { VideoTier } from "../../domain/compression";
import { runCompression, type Compressed } from "./compression";
import { workerHandle } from "./worker-lifecycle";

const handle = workerHandle<VideoApi>(
  () => new Worker(new URL("../../../workers/video/video.worker.ts", import.meta.url), { type: "module", name: "video" }),
);

export type CompressedVideo = Compressed;
export const stopVideoWorker = () => handle.stop();
export const compressVideoFile = (file: File, onProgress?: (percent: number) => void) => runCompression(handle, "video", file, onProgress);

/** One tier with one engine, errors thrown (tests and benchmarks compare engines and tiers with this). */
export async function compressVideoByTier(
  file: Blob,
  name: string,
  tier: VideoTier,
  engine: "auto" | "mediabunny" | "ffmpeg",
  onProgress?: (percent: number) => void,
) {
  const out = await handle.run((api) => api.compressWithTier(file, name, tier, engine, onProgress && proxy(onProgress)));
  return { name: out.name, compressed: out.compressed, engine: out.engine, blob: new Blob([out.bytes], { type: "video/mp4" }) };
}
