// Fake-camera clips for the scan bench (Node): a labelled photo re-framed so its plate has a chosen width and place in a
// 1280x720 frame, moved by a hand-held phone's small drift, with sensor noise, written as a 15 fps YUV4MPEG2 (I420) file
// that Chromium plays in a loop through --use-file-for-fake-video-capture. Also one frame as a PNG, to look at a framing.
// Over 300 lines: the framings, the resampler (area, bilinear, replicated border) and the two writers are one pipeline.
import fs from "node:fs";
import { crc32, deflateSync } from "node:zlib";
import { decode } from "jpeg-js";
import { rng } from "./browser/plate-render.ts";

export const FRAME_W = 1280;
export const FRAME_H = 720;
export const FPS = 15;
/** 3 s, looped by Chromium. */
export const FRAMES = 45;

export type Framing = "whole" | "mid" | "close";
export const FRAMINGS: readonly Framing[] = ["whole", "mid", "close"];

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A photo as full-resolution Y, U and V planes (JPEG full-range BT.601, as C420jpeg wants). */
export interface Planes {
  w: number;
  h: number;
  y: Float32Array;
  u: Float32Array;
  v: Float32Array;
}

/** Where the plate goes in the frame, and the hand's drift per frame (translation in frame px, relative scale). */
export interface ClipPlan {
  framing: Framing;
  /** Plate (labelled box) width in frame px, before the drift's scale. */
  plateWidth: number;
  cx: number;
  cy: number;
  drift: { dx: number; dy: number; scale: number }[];
}

/** A stable seed from a text (the photo's name and the framing), so a run with SCAN_LIMIT gets the same clips as a full one. */
export function seedOf(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return h >>> 0;
}

export function decodeJpeg(bytes: Uint8Array): Planes {
  const img = decode(bytes, { useTArray: true, formatAsRGBA: true, maxMemoryUsageInMB: 1024 });
  const n = img.width * img.height;
  const y = new Float32Array(n),
    u = new Float32Array(n),
    v = new Float32Array(n);
  const d = img.data;
  for (let i = 0; i < n; i++) {
    const r = d[i * 4],
      g = d[i * 4 + 1],
      b = d[i * 4 + 2];
    y[i] = 0.299 * r + 0.587 * g + 0.114 * b;
    u[i] = 128 - 0.168736 * r - 0.331264 * g + 0.5 * b;
    v[i] = 128 + 0.5 * r - 0.418688 * g - 0.081312 * b;
  }
  return { w: img.width, h: img.height, y, u, v };
}

/**
 * The framing's plate width and centre, and a smooth drift that loops with the clip: per axis a sum of three random harmonics
 * of the 3 s period (no jump when Chromium restarts the file), peaking at 60-100% of ±1.5% of the frame width (translation)
 * and ±2% (scale).
 *  - whole: plate 12-20% of the frame width, centre anywhere in the middle two thirds (x and y);
 *  - mid: 25-35%, centre within ±5% of the frame centre;
 *  - close: 85-95% of the on-screen guide (76% of the 960 px a 4:3 preview shows of a 16:9 frame = 730 px), centre ±3%.
 */
export function planClip(framing: Framing, seed: number): ClipPlan {
  const rand = rng(seed);
  const between = (a: number, b: number) => a + rand() * (b - a);
  let plateWidth: number, cx: number, cy: number;
  if (framing === "whole") {
    plateWidth = between(0.12, 0.2) * FRAME_W;
    cx = between(1 / 6, 5 / 6) * FRAME_W;
    cy = between(1 / 6, 5 / 6) * FRAME_H;
  } else if (framing === "mid") {
    plateWidth = between(0.25, 0.35) * FRAME_W;
    cx = FRAME_W / 2 + between(-0.05, 0.05) * FRAME_W;
    cy = FRAME_H / 2 + between(-0.05, 0.05) * FRAME_H;
  } else {
    const guide = FRAME_H * (4 / 3) * 0.76;
    plateWidth = between(0.85, 0.95) * guide;
    cx = FRAME_W / 2 + between(-0.03, 0.03) * FRAME_W;
    cy = FRAME_H / 2 + between(-0.03, 0.03) * FRAME_H;
  }
  const path = (peak: number) => {
    const harmonics = [1, 2, 3].map((h) => ({ h, a: rand() / h, phase: rand() * Math.PI * 2 }));
    const raw = Array.from({ length: FRAMES }, (_, f) =>
      harmonics.reduce((s, { h, a, phase }) => s + a * Math.sin((2 * Math.PI * h * f) / FRAMES + phase), 0),
    );
    const max = Math.max(...raw.map(Math.abs)) || 1;
    const target = peak * (0.6 + 0.4 * rand());
    return raw.map((x) => (x / max) * target);
  };
  const dx = path(0.015 * FRAME_W),
    dy = path(0.015 * FRAME_W),
    scale = path(0.02);
  return { framing, plateWidth, cx, cy, drift: dx.map((x, f) => ({ dx: x, dy: dy[f], scale: 1 + scale[f] })) };
}

/** Weights of an area (box-filter) resize along one axis: each output sample averages the input span it covers. */
function areaWeights(inLen: number, outLen: number) {
  const step = inLen / outLen;
  return Array.from({ length: outLen }, (_, o) => {
    const a = o * step,
      b = (o + 1) * step;
    const idx: number[] = [],
      w: number[] = [];
    for (let i = Math.floor(a); i < Math.min(inLen, Math.ceil(b)); i++) {
      const cover = Math.min(b, i + 1) - Math.max(a, i);
      if (cover > 0) {
        idx.push(i);
        w.push(cover / step);
      }
    }
    return { idx, w };
  });
}

function areaResize(src: Float32Array, w: number, h: number, nw: number, nh: number): Float32Array {
  const cols = areaWeights(w, nw),
    rows = areaWeights(h, nh);
  const tmp = new Float32Array(nw * h);
  for (let y = 0; y < h; y++) {
    const line = y * w;
    for (let x = 0; x < nw; x++) {
      const { idx, w: wt } = cols[x];
      let s = 0;
      for (let k = 0; k < idx.length; k++) s += src[line + idx[k]] * wt[k];
      tmp[y * nw + x] = s;
    }
  }
  const out = new Float32Array(nw * nh);
  for (let y = 0; y < nh; y++) {
    const { idx, w: wt } = rows[y];
    for (let x = 0; x < nw; x++) {
      let s = 0;
      for (let k = 0; k < idx.length; k++) s += tmp[idx[k] * nw + x] * wt[k];
      out[y * nw + x] = s;
    }
  }
  return out;
}

/**
 * The photo ready for one clip: shrunk once by area averaging when the plate must get smaller (k < 1), so each frame only needs
 * bilinear sampling at a scale near 1; kept as it is when the plate grows (bilinear up-sampling).
 */
interface Stage {
  planes: Planes;
  /** Stage px per photo px, per axis. */
  sx: number;
  sy: number;
  /** Photo px to frame px before the drift. */
  k: number;
  /** The plate's centre in photo px. */
  pcx: number;
  pcy: number;
}

function stageFor(photo: Planes, box: Box, plan: ClipPlan): Stage {
  const k = plan.plateWidth / box.w;
  const base = { k, pcx: box.x + box.w / 2, pcy: box.y + box.h / 2 };
  if (k >= 1) return { planes: photo, sx: 1, sy: 1, ...base };
  const nw = Math.max(2, Math.round(photo.w * k)),
    nh = Math.max(2, Math.round(photo.h * k));
  const planes = {
    w: nw,
    h: nh,
    y: areaResize(photo.y, photo.w, photo.h, nw, nh),
    u: areaResize(photo.u, photo.w, photo.h, nw, nh),
    v: areaResize(photo.v, photo.w, photo.h, nw, nh),
  };
  return { planes, sx: nw / photo.w, sy: nh / photo.h, ...base };
}

/**
 * Per output sample along one axis: the stage index and the weight of the next one. Output pixel centres are mapped back
 * through the drifted scale; indices are clamped to the stage's edge (replicated border, never a mirror: a mirrored plate
 * would be a second, fake plate).
 */
function axisMap(n: number, step: number, centreOut: number, centreStage: number, stageScale: number, stageLen: number, k: number) {
  const i0 = new Int32Array(n),
    i1 = new Int32Array(n),
    f = new Float32Array(n);
  for (let o = 0; o < n; o++) {
    const out = (o + 0.5) * step; // centre of the sample in frame px (chroma: step 2)
    const s = (centreStage + (out - centreOut) / k) * stageScale - 0.5;
    const fl = Math.floor(s);
    f[o] = s - fl;
    i0[o] = Math.min(stageLen - 1, Math.max(0, fl));
    i1[o] = Math.min(stageLen - 1, Math.max(0, fl + 1));
  }
  return { i0, i1, f };
}

/** Sensor noise: a table of ±3 levels read from a random place each frame (a call of the generator per pixel was half the cost). */
const NOISE_BITS = 20;
function noiseTable(rand: () => number): Int8Array {
  const t = new Int8Array(1 << NOISE_BITS);
  for (let i = 0; i < t.length; i++) t[i] = Math.floor(rand() * 7) - 3;
  return t;
}

function sample(
  plane: Float32Array,
  w: number,
  xs: ReturnType<typeof axisMap>,
  ys: ReturnType<typeof axisMap>,
  out: Uint8Array,
  noise?: { table: Int8Array; start: number },
) {
  const mask = (1 << NOISE_BITS) - 1;
  let n = noise?.start ?? 0;
  const ow = xs.i0.length,
    oh = ys.i0.length;
  for (let y = 0; y < oh; y++) {
    const r0 = ys.i0[y] * w,
      r1 = ys.i1[y] * w,
      fy = ys.f[y];
    const line = y * ow;
    for (let x = 0; x < ow; x++) {
      const a = xs.i0[x],
        b = xs.i1[x],
        fx = xs.f[x];
      const top = plane[r0 + a] + (plane[r0 + b] - plane[r0 + a]) * fx;
      const bottom = plane[r1 + a] + (plane[r1 + b] - plane[r1 + a]) * fx;
      let val = top + (bottom - top) * fy;
      if (noise) val += noise.table[n++ & mask];
      out[line + x] = val < 0 ? 0 : val > 255 ? 255 : Math.round(val);
    }
  }
}

/** One frame as I420 (Y, then U, then V): the drifted framing sampled from the stage, ±3 levels of noise on Y from `noiseAt`. */
function renderFrame(stage: Stage, plan: ClipPlan, f: number, noise: Int8Array, noiseAt: number, buf: Uint8Array): Uint8Array {
  const { dx, dy, scale } = plan.drift[f % plan.drift.length];
  const k = stage.k * scale;
  const { planes } = stage;
  const ySize = FRAME_W * FRAME_H,
    cSize = ySize / 4;
  const cx = plan.cx + dx,
    cy = plan.cy + dy;
  const xs = axisMap(FRAME_W, 1, cx, stage.pcx, stage.sx, planes.w, k);
  const ys = axisMap(FRAME_H, 1, cy, stage.pcy, stage.sy, planes.h, k);
  sample(planes.y, planes.w, xs, ys, buf.subarray(0, ySize), { table: noise, start: noiseAt });
  // Chroma sited at the centre of each 2x2 block (C420jpeg).
  const cxs = axisMap(FRAME_W / 2, 2, cx, stage.pcx, stage.sx, planes.w, k);
  const cys = axisMap(FRAME_H / 2, 2, cy, stage.pcy, stage.sy, planes.h, k);
  sample(planes.u, planes.w, cxs, cys, buf.subarray(ySize, ySize + cSize));
  sample(planes.v, planes.w, cxs, cys, buf.subarray(ySize + cSize));
  return buf;
}

/** The clip's frames on demand, deterministic from the seed (the file and a PNG of one frame get the same bytes); one buffer reused. */
export function clipFrames(photo: Planes, box: Box, plan: ClipPlan, seed: number): (f: number) => Uint8Array {
  const stage = stageFor(photo, box, plan);
  const rand = rng(seed ^ 0x9e3779b9);
  const noise = noiseTable(rand);
  const starts = plan.drift.map(() => Math.floor(rand() * noise.length));
  const buf = new Uint8Array((FRAME_W * FRAME_H * 3) / 2);
  return (f) => renderFrame(stage, plan, f, noise, starts[f % starts.length], buf);
}

/** Writes the clip as YUV4MPEG2 4:2:0 (C420jpeg), 1280x720 at 15 fps, FRAMES frames. */
export function writeClip(frames: (f: number) => Uint8Array, file: string): void {
  const fd = fs.openSync(file, "w");
  try {
    fs.writeSync(fd, `YUV4MPEG2 W${FRAME_W} H${FRAME_H} F${FPS}:1 Ip A1:1 C420jpeg\n`);
    for (let f = 0; f < FRAMES; f++) {
      fs.writeSync(fd, "FRAME\n");
      fs.writeSync(fd, frames(f));
    }
  } finally {
    fs.closeSync(fd);
  }
}

/** One I420 frame as an RGB PNG (no dependency: zlib's deflate and crc32). */
export function i420ToPng(frame: Uint8Array, w = FRAME_W, h = FRAME_H): Buffer {
  const ySize = w * h,
    cSize = ySize / 4;
  const raw = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) {
    raw[y * (w * 3 + 1)] = 0;
    for (let x = 0; x < w; x++) {
      const Y = frame[y * w + x];
      const c = (y >> 1) * (w >> 1) + (x >> 1);
      const U = frame[ySize + c] - 128,
        V = frame[ySize + cSize + c] - 128;
      const o = y * (w * 3 + 1) + 1 + x * 3;
      raw[o] = Math.max(0, Math.min(255, Math.round(Y + 1.402 * V)));
      raw[o + 1] = Math.max(0, Math.min(255, Math.round(Y - 0.344136 * U - 0.714136 * V)));
      raw[o + 2] = Math.max(0, Math.min(255, Math.round(Y + 1.772 * U)));
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
