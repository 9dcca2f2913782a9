// Bridge to the image worker: tiered image compression off the main thread, original file back on failure (main thread).
import type { ImageApi } from "../../../workers/image/image.worker";
import { MEDIA_MSG } from "../../config/messages/media.pt-BR";
import { runCompression, type Compressed } from "./compression";
import { compressOnMainThread, workersCanEncodeImages } from "./image-fallback";
import { workerHandle } from "./worker-lifecycle";

const handle = workerHandle<ImageApi>(
  () => new Worker(new URL("../../../workers/image/image.worker.ts", import.meta.url), { type: "module", name: "image" }),
);

export type CompressedImage = Compressed;
export const stopImageWorker = () => handle.stop();

export async function compressImageFile(file: File, onProgress?: (percent: number) => void): Promise<Compressed> {
  if (workersCanEncodeImages()) return runCompression(handle, "image", file, onProgress);
  try {
    return await compressOnMainThread(file, onProgress);
  } catch {
    return { file, compressed: false, warning: MEDIA_MSG.media.compressionFailed };
  }
}
