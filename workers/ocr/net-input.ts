// The plate net's input from a camera frame (worker logic): the guide crop's own pixels in gray (Rec. 601 luma, as the
// trainer's renders), then area-averaged down to the net's 192 x 64, the same reduction the trainer applies (cv2 INTER_AREA).
// canvas drawImage is not used for the reduction: its smoothing differs between browsers and quality settings.
import type { CropRect } from "../../src/domain/capture.ts";
/** A gray image, one byte per pixel, row by row. */
export interface GrayImage {
  data: Uint8Array;
  width: number;
  height: number;
}

/** A sub-rectangle of the crop in fractions of its size (a shifted reading of the same frame). */
export interface CropVariant {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The crop at the frame's own resolution, in gray. */
export function grabGray(frame: ImageBitmap | OffscreenCanvas, crop: CropRect): GrayImage {
  const x = Math.max(0, Math.floor(crop.x)),
    y = Math.max(0, Math.floor(crop.y));
  const w = Math.min(frame.width - x, Math.ceil(crop.width)),
    h = Math.min(frame.height - y, Math.ceil(crop.height));
  if (w < 8 || h < 8) throw new Error("crop outside the frame");
  return drawGray(frame, { x, y, width: w, height: h }, w, h);
}

/** The source rectangle drawn by the canvas at w x h, in gray (Rec. 601 luma). */
function drawGray(frame: ImageBitmap | OffscreenCanvas, src: CropRect, w: number, h: number): GrayImage {
  const canvas = new OffscreenCanvas(w, h);
  const ctx = canvas.getContext("2d", { willReadFrequently: true })!;
  if (w !== src.width || h !== src.height) ctx.imageSmoothingQuality = "medium";
  ctx.drawImage(frame, src.x, src.y, src.width, src.height, 0, 0, w, h);
  const rgba = ctx.getImageData(0, 0, w, h).data;
  const data = new Uint8Array(w * h);
  for (let i = 0, j = 0; i < data.length; i++, j += 4) data[i] = (rgba[j] * 77 + rgba[j + 1] * 150 + rgba[j + 2] * 29) >> 8;
  return { data, width: w, height: h };
}

/**
 * The whole frame in gray, drawn down to `width` (height keeping the ratio) by the canvas: what the plate finder looks at. One
 * draw and one read of a quarter of the pixels instead of the whole frame's (at 1280x720 the full grab was about half of a
 * frame's finding time); the plates themselves are then grabbed at full resolution (grabGray).
 */
export function grabGrayScaled(frame: ImageBitmap | OffscreenCanvas, width: number): GrayImage {
  if (frame.width <= width) return grabGray(frame, { x: 0, y: 0, width: frame.width, height: frame.height });
  const h = Math.max(8, Math.round((frame.height * width) / frame.width));
  return drawGray(frame, { x: 0, y: 0, width: frame.width, height: frame.height }, width, h);
}

/** Weights of each source pixel for each output cell along one axis (area coverage). */
function coverage(srcStart: number, srcLen: number, outLen: number, limit: number) {
  const step = srcLen / outLen;
  return Array.from({ length: outLen }, (_, o) => {
    const a = srcStart + o * step,
      b = a + step;
    const taps: [number, number][] = [];
    for (let s = Math.floor(a); s < Math.ceil(b); s++) {
      const w = Math.min(b, s + 1) - Math.max(a, s);
      if (w > 0) taps.push([Math.min(limit - 1, Math.max(0, s)), w / step]);
    }
    return taps;
  });
}

/** Area-averages the variant's rectangle of `src` into outW x outH (upscaling repeats pixels, as INTER_AREA does). */
export function areaResize(src: GrayImage, outW: number, outH: number, v: CropVariant = { x: 0, y: 0, w: 1, h: 1 }): Uint8Array {
  const cols = coverage(v.x * src.width, v.w * src.width, outW, src.width);
  const rows = coverage(v.y * src.height, v.h * src.height, outH, src.height);
  const tmp = new Float32Array(src.height * outW);
  for (let y = 0; y < src.height; y++) {
    const row = y * src.width;
    for (let o = 0; o < outW; o++) {
      let s = 0;
      for (const [x, w] of cols[o]) s += src.data[row + x] * w;
      tmp[y * outW + o] = s;
    }
  }
  const out = new Uint8Array(outW * outH);
  for (let o = 0; o < outH; o++)
    for (let x = 0; x < outW; x++) {
      let s = 0;
      for (const [y, w] of rows[o]) s += tmp[y * outW + x] * w;
      out[o * outW + x] = Math.min(255, Math.round(s));
    }
  return out;
}
