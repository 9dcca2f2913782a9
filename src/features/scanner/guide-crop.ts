// The guide frame's region in the camera frame's own pixels, for a <video> drawn with object-fit: cover (pure, main thread).
import type { CropRect } from "../../domain/capture";

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Maps the on-screen guide (page coordinates) onto a videoWidth x videoHeight frame shown in `view` scaled to cover it
 * (centred, overflow cut). The result is clamped to the frame; null when the guide lies outside it or nothing is known.
 */
export function guideCrop(view: Box, guide: Box, videoWidth: number, videoHeight: number): CropRect | null {
  if (!videoWidth || !videoHeight || !view.width || !view.height) return null;
  const scale = Math.max(view.width / videoWidth, view.height / videoHeight);
  const offsetX = (view.width - videoWidth * scale) / 2;
  const offsetY = (view.height - videoHeight * scale) / 2;
  const x0 = Math.max(0, (guide.left - view.left - offsetX) / scale);
  const y0 = Math.max(0, (guide.top - view.top - offsetY) / scale);
  const x1 = Math.min(videoWidth, (guide.left + guide.width - view.left - offsetX) / scale);
  const y1 = Math.min(videoHeight, (guide.top + guide.height - view.top - offsetY) / scale);
  if (x1 - x0 < 1 || y1 - y0 < 1) return null;
  return { x: Math.round(x0), y: Math.round(y0), width: Math.round(x1 - x0), height: Math.round(y1 - y0) };
}
