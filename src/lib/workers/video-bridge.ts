// Bridge to the video worker: tiered MP4/AVC compression off the main thread, original file back on failure (main thread).
import type { VideoApi } from "../../../workers/video/video.worker";
import { runCompression, type Compressed } from "./compression";
import { workerHandle } from "./worker-lifecycle";

const handle = workerHandle<VideoApi>(() =>
  new Worker(new URL("../../../workers/video/video.worker.ts", import.meta.url), { type: "module", name: "video" }));

export type CompressedVideo = Compressed;
export const stopVideoWorker = () => handle.stop();
export const compressVideoFile = (file: File, onProgress?: (percent: number) => void) => runCompression(handle, "video", file, onProgress);
