// Plate localisation in a whole camera frame (worker logic, pure): rows of character-like dark blobs, found on a reduced
// gray frame at two scales, grouped into text lines shaped like a plate's, ranked; the reader then reads the best few boxes
// at the frame's full resolution. Classic image processing rather than a trained detector or PaddleOCR's text detector:
// measured on the dev photos (docs/budgets.md "Plate scanner") it finds the plate among its first boxes about as often, in a
// few milliseconds instead of the text detector's second per frame, with no weights to download.
import type { GrayImage } from "./net-input.ts";

/** A rectangle in the frame's own pixels. */
export interface FoundBox {
  x: number;
  y: number;
  w: number;
  h: number;
  /** Higher is more plate-like (characters in the row, their regularity). */
  score: number;
  /** Characters seen in the row. */
  chars: number;
  /** The row of characters alone (the text line a line reader is given), in the frame's pixels. */
  row: { x: number; y: number; w: number; h: number };
}

/** Character heights looked for at each analysis scale, in analysis pixels. */
const MIN_CHAR_H = 8,
  MAX_CHAR_H = 34;
/**
 * Binarisation passes: ink polarity (light ink: red commercial plates, inverted colours) and contrast over the local mean. One
 * threshold is not enough: at 10 the characters of a blurred plate melt into one blob with the plate's frame, at 30 a faint
 * plate loses its strokes; measured on the dev photos, the pair finds the plate in 54-57 of 57 frames at each framing
 * against 48-55 for either alone.
 */
export const PASSES: { light: boolean; delta: number }[] = [
  { light: false, delta: 10 },
  { light: false, delta: 30 },
  { light: true, delta: 20 },
];
/** Widths of the analysis images: the finer finds far plates (whole car), the coarser close ones. */
export const FINDER_WIDTHS = [640, 320];

interface Blob {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  area: number;
}

/** Area-averaged reduction of a gray image to `width` (height keeps the ratio). */
export function reduce(src: GrayImage, width: number): GrayImage {
  if (src.width <= width) return src;
  const f = src.width / width;
  const height = Math.max(1, Math.round(src.height / f));
  const out = new Uint8Array(width * height);
  for (let oy = 0; oy < height; oy++) {
    const ya = Math.floor(oy * f),
      yb = Math.min(src.height, Math.max(ya + 1, Math.floor((oy + 1) * f)));
    for (let ox = 0; ox < width; ox++) {
      const xa = Math.floor(ox * f),
        xb = Math.min(src.width, Math.max(xa + 1, Math.floor((ox + 1) * f)));
      let s = 0;
      for (let y = ya; y < yb; y++) {
        const row = y * src.width;
        for (let x = xa; x < xb; x++) s += src.data[row + x];
      }
      out[oy * width + ox] = s / ((yb - ya) * (xb - xa));
    }
  }
  return { data: out, width, height };
}

/** The mean of each pixel's (2r+1)^2 window (clipped at the edges), from an integral image. */
function localMean(img: GrayImage, r: number): Float32Array {
  const { width: w, height: h, data } = img;
  const integral = new Float64Array((w + 1) * (h + 1));
  for (let y = 0; y < h; y++) {
    let row = 0;
    for (let x = 0; x < w; x++) {
      row += data[y * w + x];
      integral[(y + 1) * (w + 1) + x + 1] = integral[y * (w + 1) + x + 1] + row;
    }
  }
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const ya = Math.max(0, y - r),
      yb = Math.min(h, y + r + 1);
    for (let x = 0; x < w; x++) {
      const xa = Math.max(0, x - r),
        xb = Math.min(w, x + r + 1);
      const sum = integral[yb * (w + 1) + xb] - integral[ya * (w + 1) + xb] - integral[yb * (w + 1) + xa] + integral[ya * (w + 1) + xa];
      out[y * w + x] = sum / ((yb - ya) * (xb - xa));
    }
  }
  return out;
}

/** Ink pixels: darker than their neighbourhood's mean by more than `delta` (lighter, with `light`). */
function binarize(data: Uint8Array, mean: Float32Array, delta: number, light: boolean): Uint8Array {
  const out = new Uint8Array(data.length);
  if (light) for (let i = 0; i < data.length; i++) out[i] = data[i] > mean[i] + delta ? 1 : 0;
  else for (let i = 0; i < data.length; i++) out[i] = data[i] < mean[i] - delta ? 1 : 0;
  return out;
}

/** 8-connected components of the set pixels, as bounding boxes with their pixel counts. */
function blobs(bin: Uint8Array, w: number, h: number): Blob[] {
  const label = new Int32Array(w * h).fill(-1);
  const stack = new Int32Array(w * h);
  const out: Blob[] = [];
  for (let start = 0; start < bin.length; start++) {
    if (!bin[start] || label[start] >= 0) continue;
    const id = out.length;
    const b: Blob = { x0: w, y0: h, x1: 0, y1: 0, area: 0 };
    let top = 0;
    stack[top++] = start;
    label[start] = id;
    while (top > 0) {
      const p = stack[--top];
      const x = p % w,
        y = (p - x) / w;
      b.area++;
      if (x < b.x0) b.x0 = x;
      if (x > b.x1) b.x1 = x;
      if (y < b.y0) b.y0 = y;
      if (y > b.y1) b.y1 = y;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= h) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= w) continue;
          const q = yy * w + xx;
          if (bin[q] && label[q] < 0) {
            label[q] = id;
            stack[top++] = q;
          }
        }
      }
    }
    out.push(b);
  }
  return out;
}

/** A blob shaped like one character of a plate: taller than wide, neither a speck nor a filled box. */
function charLike(b: Blob): boolean {
  const bw = b.x1 - b.x0 + 1,
    bh = b.y1 - b.y0 + 1;
  if (bh < MIN_CHAR_H || bh > MAX_CHAR_H) return false;
  if (bw > bh * 1.05 || bw * 8 < bh) return false;
  const fill = b.area / (bw * bh);
  return fill > 0.18 && fill < 0.92;
}

/** Rows of characters: neighbours of similar height on one line, close enough to be one word, 4-9 of them. */
function rows(chars: Blob[]): Blob[][] {
  chars.sort((a, b) => a.x0 - b.x0);
  const parent = chars.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i])));
  for (let i = 0; i < chars.length; i++) {
    const a = chars[i],
      ha = a.y1 - a.y0 + 1,
      ca = (a.y0 + a.y1) / 2;
    for (let j = i + 1; j < chars.length; j++) {
      const b = chars[j];
      if (b.x0 - a.x1 > 1.3 * ha) break;
      const hb = b.y1 - b.y0 + 1;
      if (Math.abs(ha - hb) > 0.22 * Math.max(ha, hb)) continue;
      if (Math.abs((b.y0 + b.y1) / 2 - ca) > 0.3 * ha) continue;
      if (b.x0 < a.x1 - 0.3 * ha) continue; // overlapping: not the next character
      parent[find(j)] = find(i);
    }
  }
  const groups = new Map<number, Blob[]>();
  chars.forEach((c, i) => {
    const r = find(i);
    groups.set(r, [...(groups.get(r) ?? []), c]);
  });
  return [...groups.values()].filter((g) => g.length >= 4 && g.length <= 9);
}

/** How plate-like a row is: 7 characters, one height, one baseline, even gaps. */
function rowScore(g: Blob[]): number {
  const hs = g.map((b) => b.y1 - b.y0 + 1);
  const meanH = hs.reduce((s, v) => s + v, 0) / hs.length;
  const hDev = Math.sqrt(hs.reduce((s, v) => s + (v - meanH) ** 2, 0) / hs.length) / meanH;
  const bottoms = g.map((b) => b.y1);
  const bDev = (Math.max(...bottoms) - Math.min(...bottoms)) / meanH;
  const width = g[g.length - 1].x1 - g[0].x0 + 1;
  const ratio = width / meanH; // 7 plate characters with their gaps: about 4-7 character heights
  const shape = ratio < 2.5 || ratio > 9 ? 0.3 : 1;
  return shape * (1 - Math.min(1, Math.abs(g.length - 7) / 4)) * (1 - Math.min(1, hDev * 3)) * (1 - Math.min(1, bDev));
}

/**
 * Plate candidates in a frame, best first (at most `max`), in the frame's own pixels: each row of characters widened to the
 * plate around it (the old plate's city strip above, the Mercosul band). Rows found at both scales are kept once.
 */
export function findPlates(frame: GrayImage, max = 4): FoundBox[] {
  const found: FoundBox[] = [];
  for (const width of FINDER_WIDTHS) {
    const img = reduce(frame, width);
    const f = frame.width / img.width;
    const mean = localMean(img, 12);
    for (const { light, delta } of PASSES) {
      const bin = binarize(img.data, mean, delta, light);
      for (const g of rows(blobs(bin, img.width, img.height).filter(charLike))) {
        const score = rowScore(g) * (light ? 0.8 : 1);
        if (score <= 0.05) continue;
        const x0 = Math.min(...g.map((b) => b.x0)),
          x1 = Math.max(...g.map((b) => b.x1)) + 1;
        const y0 = Math.min(...g.map((b) => b.y0)),
          y1 = Math.max(...g.map((b) => b.y1)) + 1;
        const ch = y1 - y0;
        const pw = (x1 - x0) * 1.12,
          ph = ch * 2.0;
        const cx = (x0 + x1) / 2,
          cy = (y0 + y1) / 2 - ch * 0.1;
        found.push({
          x: (cx - pw / 2) * f,
          y: (cy - ph / 2) * f,
          w: pw * f,
          h: ph * f,
          score,
          chars: g.length,
          row: { x: x0 * f, y: y0 * f, w: (x1 - x0) * f, h: ch * f },
        });
      }
    }
  }
  found.sort((a, b) => b.score - a.score);
  const kept: FoundBox[] = [];
  for (const b of found) if (!kept.some((k) => iou(k, b) > 0.4)) kept.push(b);
  return kept.slice(0, max);
}

/** Intersection over union of two boxes. */
export function iou(a: { x: number; y: number; w: number; h: number }, b: { x: number; y: number; w: number; h: number }): number {
  const ix = Math.max(0, Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x));
  const iy = Math.max(0, Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y));
  const inter = ix * iy;
  return inter / (a.w * a.h + b.w * b.h - inter || 1);
}
