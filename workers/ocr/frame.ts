// A camera frame's guide-frame crop in gray at the working width, and the Mercosul colour hint (worker logic; the char
// classifier's training page runs the same code on its renders).
import type { GrayImage } from "./engine.ts";

export interface CropRect { x: number; y: number; width: number; height: number }

/** The crop is scaled to this width before preprocessing: plates read best with characters ~40-70 px high here. */
const WORK_WIDTH = 480;

/** The crop in gray, and how much of it is Mercosul blue (the band above the characters): 0-1 hint, 0.5 = no idea. */
export function grabCrop(frame: ImageBitmap | OffscreenCanvas, crop: CropRect): { gray: GrayImage; mercosulHint: number } {
  const x = Math.max(0, Math.floor(crop.x)), y = Math.max(0, Math.floor(crop.y));
  const w = Math.min(frame.width - x, Math.ceil(crop.width)), h = Math.min(frame.height - y, Math.ceil(crop.height));
  if (w < 8 || h < 8) throw new Error("crop outside the frame");
  const scale = WORK_WIDTH / w;
  const cw = WORK_WIDTH, chh = Math.max(8, Math.round(h * scale));
  const canvas = new OffscreenCanvas(cw, chh);
  const ctx = canvas.getContext("2d", { willReadFrequently: true })!;
  ctx.imageSmoothingQuality = "high";
  ctx.drawImage(frame, x, y, w, h, 0, 0, cw, chh);
  const rgba = ctx.getImageData(0, 0, cw, chh).data;
  const data = new Uint8Array(cw * chh);
  let blue = 0;
  for (let i = 0, j = 0; i < data.length; i++, j += 4) {
    const r = rgba[j], g = rgba[j + 1], b = rgba[j + 2];
    data[i] = (r * 77 + g * 150 + b * 29) >> 8;
    // Saturated blue only (the band is ~rgb(30,60,160)); bluish-grey car paint and shadows do not count.
    if (b > 60 && b - Math.max(r, g) > b * 0.4 && b > r * 2) blue++;
  }
  // A band of ~1/5 of the plate's height is ~5-10% of the crop; a blue car body fills far more, so it is no hint.
  const share = blue / data.length;
  const mercosulHint = share > 0.025 && share < 0.3 ? 0.75 : share <= 0.005 ? 0.4 : 0.5;
  return { gray: { data, width: cw, height: chh }, mercosulHint };
}
