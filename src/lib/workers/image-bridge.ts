// Bridge to the image worker: tiered image compression off the main thread, original file back on failure (main thread).
import type { ImageApi } from "../../../workers/image/image.worker";
import { runCompression, type Compressed } from "./compression";
import { workerHandle } from "./worker-lifecycle";

const handle = workerHandle<ImageApi>(() =>
  new Worker(new URL("../../../workers/image/image.worker.ts", import.meta.url), { type: "module", name: "image" }));

export type CompressedImage = Compressed;
export const stopImageWorker = () => handle.stop();
export const compressImageFile = (file: File, onProgress?: (percent: number) => void) => runCompression(handle, "image", file, onProgress);
