// Runs a compression job in a worker, its progress to the caller; any failure returns the original file with the spec's warning (main thread).
import { proxy } from "comlink";
import { MEDIA_MSG } from "../../config/messages/media.pt-BR";
import { imageTier, videoTier } from "../../domain/compression";
import type { WorkerHandle } from "./worker-lifecycle";

export interface Compressed {
  file: File;
  compressed: boolean;
  engine?: string;
  warning?: string;
}
type Compress = (
  file: Blob,
  name: string,
  onProgress?: (percent: number) => void,
) => Promise<{ blob: Blob; name: string; compressed: boolean; engine?: string }>;

/**
 * Files below their kind's first tier are returned without starting the worker at all (nothing to do, and no worker
 * chunk to download on a poor connection). A worker that cannot start counts as a compression failure.
 */
export async function runCompression<T extends { compress: Compress }>(
  handle: WorkerHandle<T>,
  kind: "image" | "video",
  file: File,
  onProgress?: (percent: number) => void,
): Promise<Compressed> {
  if (!(kind === "image" ? imageTier(file.size) : videoTier(file.size))) {
    onProgress?.(100);
    return { file, compressed: false };
  }
  try {
    const out = await handle.run((api) =>
      (api as unknown as { compress: Compress }).compress(
        file,
        file.name,
        proxy((percent: number) => onProgress?.(percent)),
      ),
    );
    if (!out.compressed) return { file, compressed: false };
    const result: Compressed = {
      file: new File([out.blob], out.name, { type: out.blob.type, lastModified: Date.now() }),
      compressed: true,
    };
    if (out.engine) result.engine = out.engine;
    return result;
  } catch {
    return { file, compressed: false, warning: MEDIA_MSG.media.compressionFailed };
  }
}
