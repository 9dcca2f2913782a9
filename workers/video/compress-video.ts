// Video compression by the spec's tiers to MP4/AVC with WebCodecs through mediabunny (worker logic, no Comlink; testable directly).
import { ALL_FORMATS, BlobSource, BufferTarget, canEncodeVideo, Conversion, Input, Mp4OutputFormat, Output, Quality } from "mediabunny";
import { compressedName, videoTier, type VideoTier } from "../../src/domain/compression.ts";
import { throttleProgress } from "../../src/domain/progress.ts";

export type VideoEngine = "mediabunny";
export interface VideoResult { blob: Blob; name: string; compressed: boolean; engine?: VideoEngine }

export class EngineUnavailableError extends Error {}

/** Re-encodes to the tier's box (fit contain) and bitrate; audio is kept as it is when MP4 can carry it, transcoded otherwise. */
export async function compressWithTier(file: Blob, name: string, tier: VideoTier, onProgress?: (p: number) => void): Promise<VideoResult> {
  if (!(await canEncodeVideo("avc", { width: tier.width, height: tier.height, bitrate: tier.bitrate }))) {
    throw new EngineUnavailableError("AVC encoding is not available through WebCodecs");
  }
  const report = throttleProgress(onProgress ?? (() => {}));
  const input = new Input({ source: new BlobSource(file), formats: ALL_FORMATS });
  const target = new BufferTarget();
  const output = new Output({ format: new Mp4OutputFormat({ fastStart: "in-memory" }), target });
  try {
    const track = await input.getPrimaryVideoTrack();
    if (!track) throw new Error("no video track");
    const sourceRate = (await track.computePacketStats(120)).averagePacketRate;
    const frameRate = sourceRate > tier.maxFrameRate ? tier.maxFrameRate : undefined;
    const conversion = await Conversion.init({
      input, output, showWarnings: false,
      // Constant bitrate: the tier's figure is a budget for the upload, not a quality hint.
      video: {
        width: tier.width, height: tier.height, fit: "contain", codec: "avc", forceTranscode: true, frameRate,
        quality: new Quality({ bitrate: tier.bitrate, bitrateMode: "constant" }),
      },
    });
    if (!conversion.isValid) throw new Error("no convertible video track");
    conversion.onProgress = (p) => report(p * 100);
    await conversion.execute();
  } finally {
    input.dispose?.();
  }
  report(100);
  return { blob: new Blob([target.buffer!], { type: "video/mp4" }), name: compressedName(name, "mp4"), compressed: true, engine: "mediabunny" };
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
