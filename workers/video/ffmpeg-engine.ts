// Fallback video engine: ffmpeg.wasm single-thread core (served from our origin, loaded on first use only), input read lazily via WORKERFS (worker).
import coreUrl from "@ffmpeg/core?url";
import wasmUrl from "@ffmpeg/core/wasm?url";
import type { VideoTier } from "../../src/domain/compression.ts";

interface FfmpegCore {
  FS: {
    mkdir(path: string): void; rmdir(path: string): void; unlink(path: string): void; readFile(path: string): Uint8Array;
    mount(fs: unknown, opts: { blobs: { name: string; data: Blob }[] }, dir: string): void; unmount(dir: string): void;
    filesystems: Record<string, unknown>;
  };
  exec(...args: string[]): number;
  reset(): void;
  setLogger(fn: (log: { type: string; message: string }) => void): void;
  setProgress(fn: (p: { progress: number; time: number }) => void): void;
}

let core: Promise<FfmpegCore> | undefined;
/** Downloads and instantiates the ~32 MB core once per worker; the worker is terminated when idle, which frees it. */
export function loadFfmpeg(): Promise<FfmpegCore> {
  core ??= (async () => {
    const base = new URL(coreUrl, self.location.href).href;
    const wasm = new URL(wasmUrl, self.location.href).href;
    const { default: create } = (await import(/* @vite-ignore */ base)) as { default: (m: object) => Promise<FfmpegCore> };
    // The core finds its wasm through this hash (its own locateFile reads it), so both files come from our origin.
    return create({ mainScriptUrlOrBlob: `${base}#${btoa(JSON.stringify({ wasmURL: wasm, workerURL: "" }))}` });
  })();
  core.catch(() => (core = undefined));
  return core;
}

/** The ffmpeg arguments for a tier: fit contain with padding, x264 ultrafast at the tier's bitrate, frame-rate cap, AAC audio. */
export function ffmpegArgs(input: string, output: string, tier: VideoTier): string[] {
  const { width: w, height: h, bitrate } = tier;
  return [
    "-i", input,
    "-vf", `scale=${w}:${h}:force_original_aspect_ratio=decrease,pad=${w}:${h}:(ow-iw)/2:(oh-ih)/2,setsar=1`,
    "-fpsmax", String(tier.maxFrameRate),
    "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p",
    "-b:v", String(bitrate), "-maxrate", String(bitrate), "-bufsize", String(bitrate * 2),
    "-c:a", "aac", "-b:a", "64k",
    "-movflags", "+faststart",
    output,
  ];
}

let runs = 0;
export async function transcodeWithFfmpeg(file: Blob, tier: VideoTier, onProgress: (percent: number) => void): Promise<Blob> {
  const ff = await loadFfmpeg();
  const dir = `/in${++runs}`;
  const out = `/out${runs}.mp4`;
  const errors: string[] = [];
  ff.setLogger((log) => {
    if (log.type !== "stderr") return;
    errors.push(log.message);
    if (errors.length > 20) errors.shift();
  });
  ff.setProgress(({ progress }) => {
    if (progress >= 0 && progress <= 1) onProgress(progress * 100);
  });
  ff.FS.mkdir(dir);
  // WORKERFS reads the File/Blob in slices on demand, so a 300 MB video is never copied into wasm memory.
  ff.FS.mount(ff.FS.filesystems.WORKERFS, { blobs: [{ name: "input", data: file }] }, dir);
  try {
    const code = ff.exec(...ffmpegArgs(`${dir}/input`, out, tier));
    if (code !== 0) throw new Error(`ffmpeg exited with ${code}: ${errors.slice(-3).join(" | ")}`);
    const data = ff.FS.readFile(out);
    return new Blob([data.slice().buffer as ArrayBuffer], { type: "video/mp4" });
  } finally {
    ff.reset();
    try { ff.FS.unlink(out); } catch { /* no output was written */ }
    ff.FS.unmount(dir);
    ff.FS.rmdir(dir);
  }
}
