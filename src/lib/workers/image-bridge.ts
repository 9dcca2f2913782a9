// Bridge to the image worker: starts it on first use, ends it when idle, emits progress; failures fall back to the original (main thread).
import { proxy, wrap, type Remote } from "comlink";
import type { ImageApi } from "../../../workers/image/image.worker";
import { MSG } from "../../config/messages.pt-BR";
import { bus } from "../bus";

const IDLE_MS = 30_000;
let worker: Worker | null = null;
let remote: Remote<ImageApi> | null = null;
let idleTimer: ReturnType<typeof setTimeout> | undefined;
let nextJob = 1;

export interface CompressedImage { file: File; compressed: boolean; warning?: string }

function ensure(): Remote<ImageApi> {
  clearTimeout(idleTimer);
  if (!remote) {
    worker = new Worker(new URL("../../../workers/image/image.worker.ts", import.meta.url), { type: "module", name: "image" });
    remote = wrap<ImageApi>(worker);
  }
  return remote;
}

export function stopImageWorker() {
  clearTimeout(idleTimer);
  worker?.terminate();
  worker = null;
  remote = null;
}

/** Compresses by the spec's tiers off the main thread; on any failure the original file comes back with the spec's warning. */
export async function compressImageFile(file: File, onProgress?: (percent: number) => void): Promise<CompressedImage> {
  const jobId = nextJob++;
  try {
    const out = await ensure().compress(file, file.name, proxy((percent: number) => {
      bus.emit("compression:progress", { jobId, kind: "image", percent });
      onProgress?.(percent);
    }));
    if (!out.compressed) return { file, compressed: false };
    return { file: new File([out.blob], out.name, { type: out.blob.type, lastModified: Date.now() }), compressed: true };
  } catch {
    return { file, compressed: false, warning: MSG.media.compressionFailed };
  } finally {
    idleTimer = setTimeout(stopImageWorker, IDLE_MS);
  }
}
