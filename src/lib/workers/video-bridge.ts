// Bridge to the video worker: starts it on first use, ends it when idle, emits progress; failures fall back to the original (main thread).
import { proxy, wrap, type Remote } from "comlink";
import type { VideoApi } from "../../../workers/video/video.worker";
import { MSG } from "../../config/messages.pt-BR";
import { bus } from "../bus";

const IDLE_MS = 30_000;
let worker: Worker | null = null;
let remote: Remote<VideoApi> | null = null;
let idleTimer: ReturnType<typeof setTimeout> | undefined;
let nextJob = 1;

export interface CompressedVideo { file: File; compressed: boolean; engine?: string; warning?: string }

function ensure(): Remote<VideoApi> {
  clearTimeout(idleTimer);
  if (!remote) {
    worker = new Worker(new URL("../../../workers/video/video.worker.ts", import.meta.url), { type: "module", name: "video" });
    remote = wrap<VideoApi>(worker);
  }
  return remote;
}

export function stopVideoWorker() {
  clearTimeout(idleTimer);
  worker?.terminate();
  worker = null;
  remote = null;
}

/** Compresses by the spec's tiers off the main thread; on any failure the original file comes back with the spec's warning. */
export async function compressVideoFile(file: File, onProgress?: (percent: number) => void): Promise<CompressedVideo> {
  const jobId = nextJob++;
  try {
    const out = await ensure().compress(file, file.name, proxy((percent: number) => {
      bus.emit("compression:progress", { jobId, kind: "video", percent });
      onProgress?.(percent);
    }));
    if (!out.compressed) return { file, compressed: false };
    return { file: new File([out.blob], out.name, { type: "video/mp4", lastModified: Date.now() }), compressed: true, engine: out.engine };
  } catch {
    return { file, compressed: false, warning: MSG.media.compressionFailed };
  } finally {
    idleTimer = setTimeout(stopVideoWorker, IDLE_MS);
  }
}
