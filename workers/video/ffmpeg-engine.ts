// Fallback video engine: ffmpeg.wasm through its wrapper (@ffmpeg/ffmpeg), single-thread core served from our origin and fetched on first use only, input read lazily via WORKERFS (worker).
import { FFFSType, FFmpeg, type LogEvent } from "@ffmpeg/ffmpeg";
import coreUrl from "@ffmpeg/core?url";
import wasmUrl from "@ffmpeg/core/wasm?url";
import classWorkerUrl from "./ffmpeg-class.worker.ts?worker&url";
import { FFMPEG_WORKER_READY } from "./ffmpeg-ready.ts";
import type { VideoTier } from "../../src/domain/compression.ts";

// @ffmpeg/util is not used: toBlobURL is for a core on another origin (ours is same-origin) and fetchFile copies the whole input
// into memory, which the WORKERFS mount below avoids.

/** The wrapper's worker is a few KB from our origin: if it has not started by then, its script could not be fetched. */
export const WORKER_START_TIMEOUT_MS = 30_000;

const absolute = (url: string) => new URL(url, self.location.href).href;

/** The wrapper rejects with strings (errors cross its worker as `String(e)`); ours are Errors so they cross Comlink whole. */
function asError(reason: unknown, context: string): Error {
  if (reason instanceof Error) return new Error(`${context}: ${reason.message}`, { cause: reason });
  return new Error(`${context}: ${String(reason)}`);
}

/**
 * Starts the wrapper's worker and loads the core into it: the core's js and wasm come from our origin (hashed assets, cached by
 * the browser after the first download), never a CDN. The caller owns the instance and must `terminate()` it.
 */
export async function loadFfmpeg(startTimeoutMs = WORKER_START_TIMEOUT_MS): Promise<FFmpeg> {
  const ff = new FFmpeg();
  const watchdog = new AbortController();
  const timer = setTimeout(() => watchdog.abort(), startTimeoutMs);
  const onStart = ({ type }: LogEvent) => {
    if (type === FFMPEG_WORKER_READY) clearTimeout(timer);
  };
  ff.on("log", onStart);
  try {
    await ff.load(
      { coreURL: absolute(coreUrl), wasmURL: absolute(wasmUrl), classWorkerURL: absolute(classWorkerUrl) },
      { signal: watchdog.signal },
    );
    return ff;
  } catch (err) {
    ff.terminate();
    if (watchdog.signal.aborted) throw new Error(`ffmpeg.wasm worker did not start within ${startTimeoutMs / 1000} s`, { cause: err });
    throw asError(err, "ffmpeg.wasm could not be loaded");
  } finally {
    clearTimeout(timer);
    ff.off("log", onStart);
  }
}

/** The ffmpeg arguments for a tier: fit contain with padding, x264 ultrafast at the tier's bitrate, frame-rate cap, AAC audio. */
export function ffmpegArgs(input: string, output: string, tier: VideoTier): string[] {
  const { width: w, height: h, bitrate } = tier;
  return [
    "-i",
    input,
    "-vf",
    `scale=${w}:${h}:force_original_aspect_ratio=decrease,pad=${w}:${h}:(ow-iw)/2:(oh-ih)/2,setsar=1`,
    "-fpsmax",
    String(tier.maxFrameRate),
    "-c:v",
    "libx264",
    "-preset",
    "ultrafast",
    "-pix_fmt",
    "yuv420p",
    "-b:v",
    String(bitrate),
    "-maxrate",
    String(bitrate),
    "-bufsize",
    String(bitrate * 2),
    "-c:a",
    "aac",
    "-b:a",
    "64k",
    "-movflags",
    "+faststart",
    output,
  ];
}

/**
 * One transcode in a fresh wrapper instance, terminated when it is done, fails or `signal` aborts: terminating the wrapper's
 * worker is the only way to stop a running exec, and it frees the wasm heap (which only grows) instead of holding it until the
 * video worker goes idle.
 */
export async function transcodeWithFfmpeg(
  file: Blob,
  tier: VideoTier,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<Blob> {
  signal?.throwIfAborted();
  const ff = await loadFfmpeg();
  const stop = () => ff.terminate();
  signal?.addEventListener("abort", stop, { once: true });
  const errors: string[] = [];
  ff.on("log", ({ type, message }) => {
    if (type !== "stderr") return;
    errors.push(message);
    if (errors.length > 20) errors.shift();
  });
  // ffmpeg's own estimate (time / input duration): outside 0..1 when the input does not state its duration (MediaRecorder WebM).
  ff.on("progress", ({ progress }) => {
    if (progress >= 0 && progress <= 1) onProgress(progress * 100);
  });
  try {
    // WORKERFS reads the File/Blob in slices on demand, so a 300 MB video is never copied into wasm memory (the Blob itself
    // crosses to the wrapper's worker as a handle, not as bytes).
    await ff.createDir("/in");
    await ff.mount(FFFSType.WORKERFS, { blobs: [{ name: "input", data: file }] }, "/in");
    const code = await ff.exec(ffmpegArgs("/in/input", "/out.mp4", tier));
    if (code !== 0) throw new Error(`ffmpeg exited with ${code}: ${errors.slice(-3).join(" | ")}`);
    const data = await ff.readFile("/out.mp4");
    if (typeof data === "string") throw new Error("ffmpeg output read as text");
    return new Blob([data as Uint8Array<ArrayBuffer>], { type: "video/mp4" });
  } catch (err) {
    signal?.throwIfAborted();
    throw err instanceof Error ? err : asError(err, "ffmpeg.wasm failed");
  } finally {
    signal?.removeEventListener("abort", stop);
    ff.terminate();
  }
}
