// Compression tiers of the spec for videos and images, and the fitted output size (pure TS; used by workers and UI).
export const MB = 1024 * 1024;

/**
 * maxFrameRate: measured on Chromium's software H.264 encoder, 640x360 cannot go below ~365 kbps at 30 fps whatever bitrate is
 * asked, and 720p at 600 kbps lands near 845 kbps; capped at 15 fps (200k/250k), 20 fps (400k) and 24 fps (600k) every tier
 * stays within 30% of its budget (tests/workers/video-worker.test.ts). The cap only lowers a source's rate, never raises it.
 */
export interface VideoTier {
  width: number;
  height: number;
  bitrate: number;
  maxFrameRate: number;
}
export interface ImageTier {
  quality: number;
  maxWidth: number;
  maxHeight: number;
}

/** >200 MB 480x270@200k; >100 640x360@250k; >50 854x480@400k; >25 1280x720@600k; <=25 MB untouched (null). */
export function videoTier(bytes: number): VideoTier | null {
  if (bytes > 200 * MB) return { width: 480, height: 270, bitrate: 200_000, maxFrameRate: 15 };
  if (bytes > 100 * MB) return { width: 640, height: 360, bitrate: 250_000, maxFrameRate: 15 };
  if (bytes > 50 * MB) return { width: 854, height: 480, bitrate: 400_000, maxFrameRate: 20 };
  if (bytes > 25 * MB) return { width: 1280, height: 720, bitrate: 600_000, maxFrameRate: 24 };
  return null;
}

/** >5 MB jpeg 0.6 within 1920x1080; >2 MB jpeg 0.8 within 2560x1440; otherwise unchanged (null). */
export function imageTier(bytes: number): ImageTier | null {
  if (bytes > 5 * MB) return { quality: 0.6, maxWidth: 1920, maxHeight: 1080 };
  if (bytes > 2 * MB) return { quality: 0.8, maxWidth: 2560, maxHeight: 1440 };
  return null;
}

/** Whether a file of this kind and size is compressed before it is sent (it reaches a tier); documents never are. */
export const compresses = (kind: string, bytes: number): boolean =>
  kind === "image" ? imageTier(bytes) !== null : kind === "video" ? videoTier(bytes) !== null : false;

/** Largest size with the source's aspect ratio inside the box ("contain"), never upscaled; even numbers for video encoders. */
export function fitContain(width: number, height: number, maxWidth: number, maxHeight: number, even = false) {
  const scale = Math.min(1, maxWidth / width, maxHeight / height);
  let w = Math.max(1, Math.round(width * scale));
  let h = Math.max(1, Math.round(height * scale));
  if (even) {
    w = Math.max(2, w - (w % 2));
    h = Math.max(2, h - (h % 2));
  }
  return { width: w, height: h };
}

/** "video.mov" -> "compressed_video.mp4" (the spec's prefix, the output container's extension). */
export function compressedName(original: string, ext: string): string {
  const base = original.replace(/^.*[\\/]/, "").replace(/\.[^.]*$/, "") || "arquivo";
  return `compressed_${base}.${ext}`;
}
