// Plate preprocessing on grayscale pixels: adaptive threshold (both polarities), connected components, the band of
// character-sized components (drops border, screws, the city strip and dirt), deskew, and a clean upscaled line image (pure TS).
import type { GrayImage } from "./engine.ts";
import { glyphFeatures } from "./glyphs.ts";

export interface Box { x0: number; y0: number; x1: number; y1: number }
interface Comp extends Box { area: number; id: number; cx: number; cy: number; h: number; w: number }
export interface LineImage extends GrayImage {
  /** How many character-sized components the band holds (7 on a well-read plate). */
  chars: number;
  /** The characters' boxes in the line image, left to right. */
  boxes: Box[];
  /** Holes per character component (topology), left to right, when the band holds exactly 7 characters. */
  holes: number[] | null;
  polarity: "dark" | "light";
  /** The characters' centres (x) in the source image, left to right: readings of shifted crops align by them. */
  centers: number[];
  /** Each character's classifier input (glyphs.ts), left to right, when the band holds exactly 7 characters. */
  glyphs: (Float32Array | null)[] | null;
}

/** RGBA -> luma. */
export function toGray(rgba: Uint8ClampedArray, width: number, height: number): GrayImage {
  const data = new Uint8Array(width * height);
  for (let i = 0, j = 0; i < data.length; i++, j += 4) data[i] = (rgba[j] * 77 + rgba[j + 1] * 150 + rgba[j + 2] * 29) >> 8;
  return { data, width, height };
}

/** Ink mask: 1 where the pixel is darker (polarity dark) / lighter (light) than its neighbourhood by a contrast-relative margin. */
export function adaptiveInk(img: GrayImage, polarity: "dark" | "light", windowFrac = 0.25, marginFrac = 0.1): Uint8Array {
  const { data, width: w, height: h } = img;
  const integral = new Float64Array((w + 1) * (h + 1));
  for (let y = 0; y < h; y++) {
    let row = 0;
    for (let x = 0; x < w; x++) {
      row += data[y * w + x];
      integral[(y + 1) * (w + 1) + x + 1] = integral[y * (w + 1) + x + 1] + row;
    }
  }
  const hist = new Uint32Array(256);
  for (let i = 0; i < data.length; i++) hist[data[i]]++;
  const level = (q: number) => {
    let acc = 0;
    for (let v = 0; v < 256; v++) if ((acc += hist[v]) >= data.length * q) return v;
    return 255;
  };
  const contrast = level(0.95) - level(0.05);
  const margin = Math.max(4, contrast * marginFrac);
  const r = Math.max(4, Math.round((h * windowFrac) / 2));
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const y0 = Math.max(0, y - r), y1 = Math.min(h, y + r + 1);
    for (let x = 0; x < w; x++) {
      const x0 = Math.max(0, x - r), x1 = Math.min(w, x + r + 1);
      const sum = integral[y1 * (w + 1) + x1] - integral[y0 * (w + 1) + x1] - integral[y1 * (w + 1) + x0] + integral[y0 * (w + 1) + x0];
      const mean = sum / ((y1 - y0) * (x1 - x0));
      const v = data[y * w + x];
      out[y * w + x] = polarity === "dark" ? (v < mean - margin ? 1 : 0) : (v > mean + margin ? 1 : 0);
    }
  }
  return out;
}

/** 8-connected components of a mask: the label image and each component's box and area. */
export function components(mask: Uint8Array, w: number, h: number): { labels: Int32Array; comps: Comp[] } {
  const labels = new Int32Array(w * h).fill(-1);
  const comps: Comp[] = [];
  const stack: number[] = [];
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || labels[start] >= 0) continue;
    const id = comps.length;
    let x0 = w, y0 = h, x1 = -1, y1 = -1, area = 0;
    labels[start] = id;
    stack.push(start);
    while (stack.length) {
      const p = stack.pop()!;
      const x = p % w, y = (p - x) / w;
      area++;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= h) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          if (nx < 0 || nx >= w) continue;
          const q = ny * w + nx;
          if (mask[q] && labels[q] < 0) {
            labels[q] = id;
            stack.push(q);
          }
        }
      }
    }
    comps.push({ id, x0, y0, x1, y1, area, cx: (x0 + x1) / 2, cy: (y0 + y1) / 2, w: x1 - x0 + 1, h: y1 - y0 + 1 });
  }
  return { labels, comps };
}

/** The longest left-to-right chain of components of similar height on one (possibly tilted) line. */
function charChain(comps: Comp[], w: number, h: number): Comp[] {
  const chars = comps.filter((c) => {
    if (c.h < Math.max(8, h * 0.12) || c.h > h * 0.92) return false;
    const aspect = c.w / c.h;
    const fill = c.area / (c.w * c.h);
    return aspect > 0.08 && aspect < 1.15 && fill > 0.12 && fill < 0.95 && c.x0 > 0 && c.y0 > 0 && c.x1 < w - 1 && c.y1 < h - 1;
  }).sort((a, b) => a.cx - b.cx);
  let best: Comp[] = [];
  let bestScore = -Infinity;
  for (const seed of chars) {
    const chain = [seed];
    // Grow right then left from the seed, following the line's drift.
    for (const dir of [1, -1]) {
      let last = seed;
      const pool = dir === 1 ? chars.filter((c) => c.cx > seed.cx) : chars.filter((c) => c.cx < seed.cx).reverse();
      for (const c of pool) {
        const gap = dir === 1 ? c.x0 - last.x1 : last.x0 - c.x1;
        if (gap > seed.h * 1.6) break;
        if (Math.abs(c.h - seed.h) > seed.h * 0.22 || Math.abs(c.cy - last.cy) > seed.h * 0.3 || gap < -seed.h * 0.1) continue;
        if (dir === 1) chain.push(c);
        else chain.unshift(c);
        last = c;
      }
    }
    // Seven characters is a plate; more means noise on the line (prefer closer to 7), bigger characters win ties.
    const score = -Math.abs(chain.length - 7) * 10 + seed.h / h;
    if (chain.length >= 4 && score > bestScore) {
      bestScore = score;
      best = chain;
    }
  }
  return best;
}

/** Number of holes of one component: background regions inside its box not connected to the box's edge. */
function holeCount(labels: Int32Array, w: number, c: Comp): number {
  const bw = c.w + 2, bh = c.h + 2;
  const bg = new Uint8Array(bw * bh);
  for (let y = 0; y < c.h; y++) for (let x = 0; x < c.w; x++) if (labels[(c.y0 + y) * w + c.x0 + x] !== c.id) bg[(y + 1) * bw + x + 1] = 1;
  for (let x = 0; x < bw; x++) { bg[x] = 1; bg[(bh - 1) * bw + x] = 1; }
  for (let y = 0; y < bh; y++) { bg[y * bw] = 1; bg[y * bw + bw - 1] = 1; }
  const seen = new Uint8Array(bw * bh);
  let holes = 0;
  const minArea = Math.max(3, (c.w * c.h) / 150);
  for (let s = 0; s < bg.length; s++) {
    if (!bg[s] || seen[s]) continue;
    let area = 0, edge = false;
    const stack = [s];
    seen[s] = 1;
    while (stack.length) {
      const p = stack.pop()!;
      area++;
      const x = p % bw, y = (p - x) / bw;
      if (x === 0 || y === 0 || x === bw - 1 || y === bh - 1) edge = true;
      for (const q of [p - 1, p + 1, p - bw, p + bw]) {
        const qx = q % bw;
        if (q < 0 || q >= bg.length || Math.abs(qx - x) > 1 || !bg[q] || seen[q]) continue;
        seen[q] = 1;
        stack.push(q);
      }
    }
    if (!edge && area >= minArea) holes++;
  }
  return holes;
}

/**
 * The plate's character line, isolated and deskewed: only the pixels of the components inside the character band, black on
 * white, scaled to `charHeight`. Tries both polarities and keeps the one with the better chain. null when no line is found.
 */
export function plateLine(img: GrayImage, charHeight = 36, marginFrac = 0.1, polarities: ("dark" | "light")[] = ["dark", "light"]): LineImage | null {
  let best: { chain: Comp[]; labels: Int32Array; comps: Comp[]; polarity: "dark" | "light" } | null = null;
  const score = (c: Comp[]) => -Math.abs(c.length - 7) * 10 + (c.reduce((s, x) => s + x.h, 0) / c.length) / img.height;
  for (const polarity of polarities) {
    const mask = adaptiveInk(img, polarity, 0.25, marginFrac);
    // Short of 7 characters: one may be fused with the border (J's descender); try again without the border's long strokes.
    const found = (m: Uint8Array) => {
      const { labels, comps } = components(m, img.width, img.height);
      return { labels, comps, chain: charChain(comps, img.width, img.height) };
    };
    let cand = found(mask);
    const cutMask = cand.chain.length !== 7 ? mask.slice() : null;
    if (cutMask && cutLongRuns(cutMask, img.width, img.height)) {
      const cut = found(cutMask);
      if (cut.chain.length >= 4 && (cand.chain.length < 4 || score(cut.chain) > score(cand.chain))) cand = cut;
    }
    if (cand.chain.length < 4) continue;
    if (!best || score(cand.chain) > score(best.chain)) best = { ...cand, polarity };
  }
  if (!best) return null;
  const { labels, comps, polarity } = best;
  const w = img.width;
  // Line through the characters' centres: the tilt to undo.
  const found = trimBars(best.chain);
  const mx = found.reduce((s, c) => s + c.cx, 0) / found.length, my = found.reduce((s, c) => s + c.cy, 0) / found.length;
  let sxy = 0, sxx = 0;
  for (const c of found) { sxy += (c.cx - mx) * (c.cy - my); sxx += (c.cx - mx) ** 2; }
  const slope = sxx > 0 ? sxy / sxx : 0;
  const ch = found.reduce((s, c) => s + c.h, 0) / found.length;
  const fused = found.length >= 5 && found.length < 7 ? recoverFused(found, comps, labels, w, img.height, (x) => my + slope * (x - mx), ch) : null;
  const chain = fused?.chain ?? found;
  const n = chain.length;
  const left = chain[0].x0 - ch * 0.15, right = chain[n - 1].x1 + ch * 0.15;
  // Components kept: the chain plus fragments whose box lies inside the band (broken strokes).
  const inBand = new Set(chain.map((c) => c.id));
  for (const c of comps) {
    if (inBand.has(c.id) || c.area < 4) continue;
    const lineY = my + slope * (c.cx - mx);
    // Between characters: the old plates' hyphen (and dirt) is no character; with the gaps evened out it would fuse with the 4th.
    const overlapsChar = chain.some((k) => c.x1 >= k.x0 && c.x0 <= k.x1);
    if (!overlapsChar && (n >= 7 || c.h < ch * 0.4)) continue;
    if (c.x0 >= left && c.x1 <= right && c.y0 >= lineY - ch * 0.62 && c.y1 <= lineY + ch * 1.1 && c.h < ch * 1.6 && c.w < ch * 1.2) inBand.add(c.id);
  }
  const keep = new Uint8Array(comps.length);
  for (const id of inBand) keep[id] = 1;
  const scale = charHeight / ch;
  const pad = Math.round(charHeight * 0.5);
  const outW = Math.round((right - left) * scale) + pad * 2, outH = Math.round(charHeight * 1.35) + pad * 2;
  const data = new Uint8Array(outW * outH).fill(255);
  const cos = 1 / Math.sqrt(1 + slope * slope), sin = slope * cos;
  const cx0 = (left + right) / 2, cy0 = my + slope * (cx0 - mx);
  for (let y = 0; y < outH; y++) {
    for (let x = 0; x < outW; x++) {
      // Output -> source: undo the scale, then rotate by the tilt around the band's centre.
      const u = (x - outW / 2) / scale, v = (y - outH / 2) / scale;
      const sx = Math.round(cx0 + u * cos - v * sin), sy = Math.round(cy0 + u * sin + v * cos);
      if (sx < 0 || sy < 0 || sx >= w || sy >= img.height) continue;
      const l = labels[sy * w + sx];
      if (l >= 0 && (keep[l] || fused?.clipped(l, sx, sy))) data[y * outW + x] = 0;
    }
  }
  const toOut = (px: number, py: number) => {
    const dx = px - cx0, dy = py - cy0;
    return { x: (dx * cos + dy * sin) * scale + outW / 2, y: (-dx * sin + dy * cos) * scale + outH / 2 };
  };
  const boxes = chain.map((c) => {
    const corners = [toOut(c.x0, c.y0), toOut(c.x1, c.y0), toOut(c.x0, c.y1), toOut(c.x1, c.y1)];
    const xs = corners.map((p) => p.x), ys = corners.map((p) => p.y);
    return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
  });
  // A recovered character is part of a bigger component: its holes are not countable, so none are (the classifier still reads it).
  const holes = n === 7 && !fused?.recovered ? chain.map((c) => holeCount(labels, w, c)) : null;
  const glyphs = n === 7 ? boxes.map((b) => glyphFeatures(data, outW, outH, b)) : null;
  const even = evenGaps({ data, width: outW, height: outH }, charHeight);
  return { ...even, chars: n, boxes, holes, polarity, glyphs, centers: chain.map((c) => c.cx) };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * The border's vertical edges look like an I at the ends of the line: an end member far thinner than the characters and closer to
 * its neighbour than the characters' pitch (a real I or 1 stands a full pitch away) is dropped.
 */
function trimBars(chain: Comp[]): Comp[] {
  const out = [...chain];
  const thin = median(out.map((c) => c.w)) * 0.4;
  const pitch = median(out.slice(1).map((c, i) => c.cx - out[i].cx));
  while (out.length > 5) {
    const first = out[0], last = out[out.length - 1];
    if (first.w < thin && out[1].cx - first.cx < pitch * 0.75) out.shift();
    else if (last.w < thin && last.cx - out[out.length - 2].cx < pitch * 0.75) out.pop();
    else break;
  }
  return out;
}

/**
 * Characters fused with the border, a screw or dirt belong to a component bigger than a character, so the chain misses them.
 * In the columns beside and between the chain's characters, the ink of such components clipped to the characters' band becomes
 * a character when it is character-wide and fills the band enough. `clipped` tells the renderer which of their pixels to keep.
 */
function recoverFused(chain: Comp[], comps: Comp[], labels: Int32Array, w: number, h: number, lineY: (x: number) => number, ch: number) {
  const top = median(chain.map((c) => c.y0 - lineY(c.cx))), bottom = median(chain.map((c) => c.y1 - lineY(c.cx)));
  const inBand = (x: number, y: number) => y >= lineY(x) + top && y <= lineY(x) + bottom;
  const charW = median(chain.map((c) => c.w));
  const pitch = median(chain.slice(1).map((c, i) => c.cx - chain[i].cx));
  const big = new Uint8Array(comps.length);
  for (const c of comps) if (c.h > ch * 1.15 || c.w > ch * 1.3) big[c.id] = 1;
  const covered = new Uint8Array(w);
  for (const c of chain) covered.fill(1, Math.max(0, c.x0 - 1), Math.min(w, c.x1 + 2));
  const from = Math.max(0, Math.floor(chain[0].x0 - pitch * 1.3)), to = Math.min(w - 1, Math.ceil(chain[chain.length - 1].x1 + pitch * 1.3));
  const colInk = new Uint32Array(w);
  for (let x = from; x <= to; x++) {
    if (covered[x]) continue;
    const y0 = Math.max(0, Math.ceil(lineY(x) + top)), y1 = Math.min(h - 1, Math.floor(lineY(x) + bottom));
    for (let y = y0; y <= y1; y++) { const l = labels[y * w + x]; if (l >= 0 && big[l]) colInk[x]++; }
  }
  const runs: Comp[] = [];
  for (let x = from; x <= to; x++) {
    if (!colInk[x]) continue;
    let end = x, ink = 0, ymin = h, ymax = -1;
    while (end <= to && (colInk[end] || colInk[end + 1])) end++;
    for (let cx = x; cx < end; cx++) {
      ink += colInk[cx];
      for (let y = Math.max(0, Math.ceil(lineY(cx) + top)); y <= Math.min(h - 1, Math.floor(lineY(cx) + bottom)); y++) {
        const l = labels[y * w + cx];
        if (l >= 0 && big[l]) { ymin = Math.min(ymin, y); ymax = Math.max(ymax, y); }
      }
    }
    const rw = end - x, rcx = (x + end - 1) / 2;
    // Beyond the ends, only where the next character would stand (the border's vertical edge is closer, and thinner).
    const outside = rcx < chain[0].cx ? chain[0].cx - pitch : rcx > chain[chain.length - 1].cx ? chain[chain.length - 1].cx + pitch : null;
    const slot = outside === null || (Math.abs(rcx - outside) <= pitch * 0.35 && rw >= charW * 0.45);
    if (slot && rw >= charW * 0.3 && rw <= ch * 1.2 && ink >= rw * ch * 0.15 && ymax - ymin >= ch * 0.6) {
      runs.push({ id: -1, x0: x, x1: end - 1, y0: ymin, y1: ymax, area: ink, cx: (x + end - 1) / 2, cy: (ymin + ymax) / 2, w: rw, h: ymax - ymin + 1 });
    }
    x = end;
  }
  if (!runs.length) return null;
  const added = runs.sort((a, b) => b.area - a.area).slice(0, 7 - chain.length);
  return {
    chain: [...chain, ...added].sort((a, b) => a.cx - b.cx),
    recovered: true,
    clipped: (l: number, x: number, y: number) => big[l] === 1 && inBand(x, y) && added.some((r) => x >= r.x0 && x <= r.x1),
  };
}

/**
 * Clears horizontal ink runs longer than a third of the crop (the plate's border strokes, the band's edge): no character is that
 * wide, and a character touching the border (J's descender on an inverted plate) would otherwise be one component with it.
 * Clipped characters read worse, so this is only a second try when the plain mask gives no 7-character chain. true if any was cut.
 */
function cutLongRuns(mask: Uint8Array, w: number, h: number): boolean {
  const maxRun = Math.round(w / 3);
  let cut = false;
  for (let y = 0; y < h; y++) {
    const row = y * w;
    for (let x = 0; x < w; ) {
      if (!mask[row + x]) { x++; continue; }
      let end = x;
      while (end < w && mask[row + end]) end++;
      if (end - x > maxRun) {
        mask.fill(0, row + x, row + end);
        cut = true;
      }
      x = end;
    }
  }
  return cut;
}

/** Shrinks wide blank column runs (the old plates' hyphen gap, spacing) so the engine sees one word of 7 characters. */
function evenGaps(img: GrayImage, charHeight: number): GrayImage {
  const { data, width: w, height: h } = img;
  const ink = new Uint8Array(w);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) if (data[y * w + x] === 0) ink[x] = 1;
  const maxGap = Math.round(charHeight * 0.22);
  const keep: number[] = [];
  let first = ink.indexOf(1), last = ink.lastIndexOf(1);
  if (first < 0) return img;
  const pad = Math.round(charHeight * 0.5);
  first = Math.max(0, first - pad);
  last = Math.min(w - 1, last + pad);
  let run = 0;
  for (let x = first; x <= last; x++) {
    run = ink[x] ? 0 : run + 1;
    const inside = x > first + pad && x < last - pad;
    if (!inside || run <= maxGap) keep.push(x);
  }
  const out = new Uint8Array(keep.length * h);
  for (let y = 0; y < h; y++) for (let i = 0; i < keep.length; i++) out[y * keep.length + i] = data[y * w + keep[i]];
  return { data: out, width: keep.length, height: h };
}
