// Video compression by the spec's tiers to MP4/AVC: WebCodecs through mediabunny, ffmpeg.wasm when WebCodecs cannot do it (worker logic, testable directly).
import { ALL_FORMATS, BlobSource, BufferTarget, canEncodeVideo, Conversion, Input, Mp4OutputFormat, Output, Quality } from "mediabunny";
import { compressedName, videoTier, type VideoTier } from "../../src/domain/compression.ts";
import { throttleProgress } from "../../src/domain/progress.ts";
import { transcodeWithFfmpeg } from "./ffmpeg-engine.ts";

export type VideoEngine = "mediabunny" | "ffmpeg";
export interface VideoResult {
  blob: Blob;
  name: string;
  compressed: boolean;
  engine?: VideoEngine;
}

/** WebCodecs cannot do this job (no AVC encoder, or a source codec it cannot decode); ffmpeg.wasm may. */
export class EngineUnavailableError extends Error {}

async function withMediabunny(file: Blob, tier: VideoTier, report: (p: number) => void): Promise<Blob> {
  if (!(await canEncodeVideo("avc", { width: tier.width, height: tier.height, bitrate: tier.bitrate }))) {
    throw new EngineUnavailableError("AVC encoding is not available through WebCodecs");
  }
  const input = new Input({ source: new BlobSource(file), formats: ALL_FORMATS });
  const target = new BufferTarget();
  const output = new Output({ format: new Mp4OutputFormat({ fastStart: "in-memory" }), target });
  try {
    const track = await input.getPrimaryVideoTrack();
    if (!track) throw new Error("no video track");
    if (!(await track.canDecode())) throw new EngineUnavailableError(`WebCodecs cannot decode ${track.codec ?? "this codec"}`);
    const sourceRate = (await track.computePacketStats(120)).averagePacketRate;
    const frameRate = sourceRate > tier.maxFrameRate ? tier.maxFrameRate : undefined;
    const conversion = await Conversion.init({
      input,
      output,
      showWarnings: false,
      // Constant bitrate: the tier's figure is a budget for the upload, not a quality hint.
      video: {
        width: tier.width,
        height: tier.height,
        fit: "contain",
        codec: "avc",
        forceTranscode: true,
        frameRate,
        quality: new Quality({ bitrate: tier.bitrate, bitrateMode: "constant" }),
      },
    });
    if (!conversion.isValid) throw new Error("no convertible video track");
    conversion.onProgress = (p) => report(p * 100);
    await conversion.execute();
  } finally {
    input.dispose?.();
  }
  return new Blob([target.buffer!], { type: "video/mp4" });
}

/**
 * Re-encodes to the tier's box (fit contain) and bitrate. Audio is kept as it is when MP4 can carry it, transcoded otherwise
 * (mediabunny), or encoded to AAC (ffmpeg). `engine` forces one engine (tests and benchmarks); "auto" prefers WebCodecs.
 */
export async function compressWithTier(
  file: Blob,
  name: string,
  tier: VideoTier,
  onProgress?: (p: number) => void,
  engine: "auto" | VideoEngine = "auto",
): Promise<VideoResult> {
  const report = throttleProgress(onProgress ?? (() => {}));
  let used: VideoEngine = engine === "ffmpeg" ? "ffmpeg" : "mediabunny";
  let blob: Blob;
  if (used === "mediabunny") {
    try {
      blob = await withMediabunny(file, tier, report);
    } catch (err) {
      if (!(err instanceof EngineUnavailableError) || engine === "mediabunny") throw err;
      used = "ffmpeg";
    }
  }
  if (used === "ffmpeg") blob = await transcodeWithFfmpeg(file, tier, report);
  report(100);
  return { blob: blob!, name: compressedName(name, "mp4"), compressed: true, engine: used };
}

/** Files of 25 MB or less are returned untouched. */
export async function compressVideo(file: Blob, name: string, onProgress?: (p: number) => void): Promise<VideoResult> {
  const tier = videoTier(file.size);
  if (!tier) {
    onProgress?.(100);
    return { blob: file, name, compressed: false };
  }
  return compressWithTier(file, name, tier, onProgress);
}
