// One character of the isolated plate line as the classifier's input: its ink cropped tight, fitted into a GLYPH_W x GLYPH_H grid
// with its aspect kept (I and 1 are narrow), area-sampled to 0-1 coverage, plus the aspect itself (pure TS, worker and trainer).
import type { Box } from "./preprocess.ts";

export const GLYPH_W = 16, GLYPH_H = 24;
export const GLYPH_INPUTS = GLYPH_W * GLYPH_H + 1;

/** `data`: the line image (0 = ink, 255 = paper), `box`: the character's box in it. null when the box holds no ink. */
export function glyphFeatures(data: Uint8Array, width: number, height: number, box: Box): Float32Array | null {
  const bx0 = Math.max(0, Math.floor(box.x0) - 1), by0 = Math.max(0, Math.floor(box.y0) - 1);
  const bx1 = Math.min(width - 1, Math.ceil(box.x1) + 1), by1 = Math.min(height - 1, Math.ceil(box.y1) + 1);
  let x0 = Infinity, y0 = Infinity, x1 = -1, y1 = -1;
  for (let y = by0; y <= by1; y++) for (let x = bx0; x <= bx1; x++) {
    if (data[y * width + x] !== 0) continue;
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
    if (y < y0) y0 = y;
    if (y > y1) y1 = y;
  }
  if (x1 < 0) return null;
  const iw = x1 - x0 + 1, ih = y1 - y0 + 1;
  const scale = Math.min(GLYPH_H / ih, GLYPH_W / iw);
  const ow = iw * scale, oh = ih * scale;
  const ox = (GLYPH_W - ow) / 2, oy = (GLYPH_H - oh) / 2;
  const out = new Float32Array(GLYPH_INPUTS);
  // Each source pixel adds its share to the output cells it covers (area sampling: stroke width survives the scale).
  for (let y = y0; y <= y1; y++) {
    const gy0 = oy + (y - y0) * scale, gy1 = gy0 + scale;
    for (let x = x0; x <= x1; x++) {
      if (data[y * width + x] !== 0) continue;
      const gx0 = ox + (x - x0) * scale, gx1 = gx0 + scale;
      for (let cy = Math.floor(gy0); cy < Math.min(GLYPH_H, Math.ceil(gy1)); cy++) {
        const fy = Math.min(gy1, cy + 1) - Math.max(gy0, cy);
        if (fy <= 0) continue;
        for (let cx = Math.floor(gx0); cx < Math.min(GLYPH_W, Math.ceil(gx1)); cx++) {
          const fx = Math.min(gx1, cx + 1) - Math.max(gx0, cx);
          if (fx > 0) out[cy * GLYPH_W + cx] += fx * fy;
        }
      }
    }
  }
  for (let i = 0; i < GLYPH_W * GLYPH_H; i++) out[i] = Math.min(1, out[i]);
  out[GLYPH_W * GLYPH_H] = Math.min(2, iw / ih);
  return out;
}
