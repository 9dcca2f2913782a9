// Capture constants of the spec and the free-space rule applied before capture (pure; main thread and tests).
export const PHOTO_JPEG_QUALITY = 0.9;
export const RECORDING_BITS_PER_SECOND = 1_000_000;
export const RECORDING_MIME_TYPES = ["video/webm;codecs=vp9", "video/webm;codecs=vp8", "video/webm"] as const;
export const VIDEO_LOAD_TIMEOUT_MS = 8_000;

const MB = 1024 * 1024;
/** Room kept free for capture: a 5-minute recording at 1 Mbps is ~38 MB, and compression writes a second copy beside it. */
export const FREE_SPACE_NEEDED = { photo: 20 * MB, video: 150 * MB } as const;

/** Camera preference of the spec: rear camera ideal 1280x720, then rear camera at any size, then any camera. */
export interface CameraRequest {
  facingMode?: { exact: "environment" };
  width?: { ideal: number };
  height?: { ideal: number };
}
export const CAMERA_PREFERENCE: readonly CameraRequest[] = [
  { facingMode: { exact: "environment" }, width: { ideal: 1280 }, height: { ideal: 720 } },
  { facingMode: { exact: "environment" } },
  {},
];

/** Bytes the device still lets this site store, or null when the browser cannot tell. */
export function freeBytes(estimate: { quota?: number | undefined; usage?: number | undefined } | null): number | null {
  if (!estimate || typeof estimate.quota !== "number") return null;
  return Math.max(0, estimate.quota - (estimate.usage ?? 0));
}

/** Space needed to keep a chosen file in the outbox and its compressed copy. */
export const spaceForFile = (size: number) => size * 2 + 10 * MB;

/** The region of a camera frame under the on-screen guide frame, in the frame's own pixels (scanner page and OCR worker). */
export interface CropRect {
  x: number;
  y: number;
  width: number;
  height: number;
}
