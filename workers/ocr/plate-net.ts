// The plate recognizer's forward pass (pure TS, runs in the OCR worker and in Node tests): a small convolutional CTC reader
// trained by `npm run train:plates` (scripts/train-plates/), read from plate-net.bin (int8 weights per output channel, float
// biases). Hand-written because the net needs four operations (convolution, depthwise 3x3, 1x1, max pool) and a dense layer:
// ~200 lines of arithmetic and no runtime to download (onnxruntime-web's CPU wasm alone is 14 MB; tfjs adds its core and a
// wasm backend; figures in the README's plate section).

export interface ConvLayer {
  type: "conv";
  cin: number;
  cout: number;
  kh: number;
  kw: number;
  sh: number;
  sw: number;
  ph: number;
  pw: number;
  groups: number;
  relu: boolean;
  w: Float32Array;
  b: Float32Array;
}
export interface PoolLayer {
  type: "maxpool";
  kh: number;
  kw: number;
}
export interface DenseLayer {
  type: "dense";
  cin: number;
  cout: number;
  relu: boolean;
  w: Float32Array;
  b: Float32Array;
}

export interface PlateNet {
  /** Input size [channels, height, width] (1, 64, 192: the guide crop in gray). */
  input: [number, number, number];
  /** The 36 plate characters; the blank is class `blank` (36), after them. */
  alphabet: string;
  blank: number;
  layers: (ConvLayer | PoolLayer)[];
  /** Per-column classifier (1x1 convolution) over the last feature map (1 row). */
  columns: ConvLayer;
  /** No plate / old / Mercosul, from the mean of the last feature map's columns. */
  kind: DenseLayer;
  meta: Record<string, unknown>;
}

export interface NetOutput {
  /** Per column (left to right), the probability of each character and, last, of the blank. */
  columns: Float32Array[];
  /** No plate / old / Mercosul probabilities. */
  kinds: Float32Array;
}

type Spec = Record<string, number | string | boolean>;

/** Parses plate-net.bin: 'PNET', u32 header length, JSON header, then int8 weights, float32 scales and biases at header offsets. */
export function parsePlateNet(buffer: ArrayBuffer): PlateNet {
  const bytes = new Uint8Array(buffer);
  if (buffer.byteLength < 8 || String.fromCharCode(...bytes.subarray(0, 4)) !== "PNET") throw new Error("not a plate-net file");
  const headLen = new DataView(buffer).getUint32(4, true);
  const head = JSON.parse(new TextDecoder().decode(bytes.subarray(8, 8 + headLen))) as Omit<PlateNet, "layers" | "columns" | "kind"> & {
    layers: Spec[];
    columns: Spec;
    kind: Spec;
  };
  const base = 8 + headLen;
  const weights = (s: Spec, per: number) => {
    const cout = s.cout as number;
    const q = new Int8Array(buffer, base + (s.w as number), cout * per);
    const scale = new Float32Array(buffer.slice(base + (s.scale as number), base + (s.scale as number) + cout * 4));
    const b = new Float32Array(buffer.slice(base + (s.b as number), base + (s.b as number) + cout * 4));
    // Dequantized once at load: float math is what the JIT runs fastest, the int8 file is what travels.
    const w = new Float32Array(q.length);
    for (let o = 0; o < cout; o++) for (let i = 0; i < per; i++) w[o * per + i] = q[o * per + i] * scale[o];
    return { w, b };
  };
  const conv = (s: Spec): ConvLayer => ({
    type: "conv",
    cin: s.cin as number,
    cout: s.cout as number,
    kh: s.kh as number,
    kw: s.kw as number,
    sh: s.sh as number,
    sw: s.sw as number,
    ph: s.ph as number,
    pw: s.pw as number,
    groups: s.groups as number,
    relu: Boolean(s.relu),
    ...weights(s, ((s.cin as number) / (s.groups as number)) * (s.kh as number) * (s.kw as number)),
  });
  const layers = head.layers.map((s) =>
    s.type === "maxpool" ? { type: "maxpool" as const, kh: s.kh as number, kw: s.kw as number } : conv(s),
  );
  const k = head.kind;
  const kind: DenseLayer = { type: "dense", cin: k.cin as number, cout: k.cout as number, relu: false, ...weights(k, k.cin as number) };
  return { ...head, layers, columns: conv(head.columns), kind };
}

interface Tensor {
  data: Float32Array;
  c: number;
  h: number;
  w: number;
}

/**
 * out (cout x p) = w (cout x k) . x (k x p), four output channels by four positions at a time: sixteen sums kept in locals
 * while the inner loop walks k, so each step loads 4 weights and 4 inputs for 16 multiply-adds and stores nothing. (The
 * earlier loop added one input row into four output rows in memory: about half the speed in V8.)
 */
function matmul(w: Float32Array, x: Float32Array, cout: number, k: number, p: number): Float32Array {
  const out = new Float32Array(cout * p);
  const p4 = p - (p % 4);
  for (let o = 0; o < cout; o += 4) {
    const n = Math.min(4, cout - o);
    // Rows past cout repeat the last real row (their sums are computed and dropped).
    const r0 = o * k,
      r1 = (o + Math.min(1, n - 1)) * k,
      r2 = (o + Math.min(2, n - 1)) * k,
      r3 = (o + Math.min(3, n - 1)) * k;
    for (let i = 0; i < p4; i += 4) {
      let s00 = 0,
        s01 = 0,
        s02 = 0,
        s03 = 0,
        s10 = 0,
        s11 = 0,
        s12 = 0,
        s13 = 0;
      let s20 = 0,
        s21 = 0,
        s22 = 0,
        s23 = 0,
        s30 = 0,
        s31 = 0,
        s32 = 0,
        s33 = 0;
      for (let c = 0, xi = i; c < k; c++, xi += p) {
        const v0 = x[xi],
          v1 = x[xi + 1],
          v2 = x[xi + 2],
          v3 = x[xi + 3];
        const w0 = w[r0 + c],
          w1 = w[r1 + c],
          w2 = w[r2 + c],
          w3 = w[r3 + c];
        s00 += w0 * v0;
        s01 += w0 * v1;
        s02 += w0 * v2;
        s03 += w0 * v3;
        s10 += w1 * v0;
        s11 += w1 * v1;
        s12 += w1 * v2;
        s13 += w1 * v3;
        s20 += w2 * v0;
        s21 += w2 * v1;
        s22 += w2 * v2;
        s23 += w2 * v3;
        s30 += w3 * v0;
        s31 += w3 * v1;
        s32 += w3 * v2;
        s33 += w3 * v3;
      }
      const a = o * p + i;
      out[a] = s00;
      out[a + 1] = s01;
      out[a + 2] = s02;
      out[a + 3] = s03;
      if (n > 1) {
        out[a + p] = s10;
        out[a + p + 1] = s11;
        out[a + p + 2] = s12;
        out[a + p + 3] = s13;
      }
      if (n > 2) {
        out[a + 2 * p] = s20;
        out[a + 2 * p + 1] = s21;
        out[a + 2 * p + 2] = s22;
        out[a + 2 * p + 3] = s23;
      }
      if (n > 3) {
        out[a + 3 * p] = s30;
        out[a + 3 * p + 1] = s31;
        out[a + 3 * p + 2] = s32;
        out[a + 3 * p + 3] = s33;
      }
    }
    for (let i = p4; i < p; i++)
      for (let r = 0; r < n; r++) {
        let s = 0;
        for (let c = 0; c < k; c++) s += w[(o + r) * k + c] * x[c * p + i];
        out[(o + r) * p + i] = s;
      }
  }
  return out;
}

/**
 * Dense convolution (groups 1), any kernel, stride and zero padding, as a matrix product: the input is unrolled into one row
 * per (channel, ky, kx) holding that tap's input for every output position (im2col), in the weights' own order. A 1x1
 * convolution needs no unrolling; a kernel as tall as its input with no padding (the 4x1 that closes the features) neither:
 * its rows are the input's own rows.
 */
function convolve(x: Tensor, l: ConvLayer): Tensor {
  const { c, h, w } = x,
    { kh, kw, sh, sw, ph, pw } = l;
  const oh = Math.floor((h + 2 * ph - kh) / sh) + 1,
    ow = Math.floor((w + 2 * pw - kw) / sw) + 1;
  const p = oh * ow,
    k = c * kh * kw;
  const direct = (kh === 1 && kw === 1 && sh === 1 && sw === 1 && !ph && !pw) || (kh === h && kw === 1 && sw === 1 && !ph && !pw);
  let cols = x.data;
  if (!direct) {
    cols = new Float32Array(k * p);
    for (let ci = 0; ci < c; ci++)
      for (let ky = 0; ky < kh; ky++)
        for (let kx = 0; kx < kw; kx++) {
          const row = ((ci * kh + ky) * kw + kx) * p;
          for (let y = 0; y < oh; y++) {
            const iy = y * sh + ky - ph;
            if (iy < 0 || iy >= h) continue;
            const src = (ci * h + iy) * w,
              dst = row + y * ow;
            for (let xo = 0; xo < ow; xo++) {
              const ix = xo * sw + kx - pw;
              if (ix >= 0 && ix < w) cols[dst + xo] = x.data[src + ix];
            }
          }
        }
  }
  return finish({ data: matmul(l.w, cols, l.cout, k, p), c: l.cout, h: oh, w: ow }, l);
}

/**
 * Depthwise 3x3 convolution, padding 1, stride 1. Inner pixels take their nine taps in one pass with the weights in locals
 * (the earlier nine read-modify-write passes over each plane ran at a third of the speed); the border, with its zero
 * padding, goes through a checked loop.
 */
function depthwise3x3(x: Tensor, l: ConvLayer): Tensor {
  const { c, h, w } = x;
  const src = x.data,
    out = new Float32Array(c * h * w);
  const border = (ib: number, wb: number, y: number, xo: number) => {
    let s = 0;
    for (let ky = 0; ky < 3; ky++) {
      const iy = y + ky - 1;
      if (iy < 0 || iy >= h) continue;
      for (let kx = 0; kx < 3; kx++) {
        const ix = xo + kx - 1;
        if (ix >= 0 && ix < w) s += l.w[wb + ky * 3 + kx] * src[ib + iy * w + ix];
      }
    }
    out[ib + y * w + xo] = s;
  };
  for (let ci = 0; ci < c; ci++) {
    const ib = ci * h * w,
      wb = ci * 9;
    const w0 = l.w[wb],
      w1 = l.w[wb + 1],
      w2 = l.w[wb + 2],
      w3 = l.w[wb + 3],
      w4 = l.w[wb + 4];
    const w5 = l.w[wb + 5],
      w6 = l.w[wb + 6],
      w7 = l.w[wb + 7],
      w8 = l.w[wb + 8];
    for (let y = 0; y < h; y++) {
      if (y === 0 || y === h - 1) {
        for (let xo = 0; xo < w; xo++) border(ib, wb, y, xo);
        continue;
      }
      border(ib, wb, y, 0);
      const up = ib + (y - 1) * w,
        mid = up + w,
        down = mid + w;
      for (let xo = 1; xo < w - 1; xo++) {
        out[mid + xo] =
          w0 * src[up + xo - 1] +
          w1 * src[up + xo] +
          w2 * src[up + xo + 1] +
          w3 * src[mid + xo - 1] +
          w4 * src[mid + xo] +
          w5 * src[mid + xo + 1] +
          w6 * src[down + xo - 1] +
          w7 * src[down + xo] +
          w8 * src[down + xo + 1];
      }
      if (w > 1) border(ib, wb, y, w - 1);
    }
  }
  return finish({ data: out, c, h, w }, l);
}

/** Adds the bias and applies ReLU, in place. */
function finish(t: Tensor, l: ConvLayer): Tensor {
  const plane = t.h * t.w;
  for (let k = 0; k < t.c; k++) {
    const b = l.b[k];
    for (let i = k * plane; i < (k + 1) * plane; i++) {
      const v = t.data[i] + b;
      t.data[i] = l.relu && v < 0 ? 0 : v;
    }
  }
  return t;
}

function maxpool(x: Tensor, kh: number, kw: number): Tensor {
  const oh = Math.floor(x.h / kh),
    ow = Math.floor(x.w / kw);
  const out = new Float32Array(x.c * oh * ow);
  for (let c = 0; c < x.c; c++)
    for (let y = 0; y < oh; y++)
      for (let xo = 0; xo < ow; xo++) {
        let m = -Infinity;
        for (let dy = 0; dy < kh; dy++)
          for (let dx = 0; dx < kw; dx++) {
            const v = x.data[(c * x.h + y * kh + dy) * x.w + xo * kw + dx];
            if (v > m) m = v;
          }
        out[(c * oh + y) * ow + xo] = m;
      }
  return { data: out, c: x.c, h: oh, w: ow };
}

function run(x: Tensor, l: ConvLayer): Tensor {
  return l.groups > 1 ? depthwise3x3(x, l) : convolve(x, l);
}

function softmax(logits: ArrayLike<number>): Float32Array {
  let max = -Infinity;
  for (let i = 0; i < logits.length; i++) if (logits[i] > max) max = logits[i];
  const out = new Float32Array(logits.length);
  let total = 0;
  for (let i = 0; i < logits.length; i++) total += out[i] = Math.exp(logits[i] - max);
  for (let i = 0; i < out.length; i++) out[i] /= total;
  return out;
}

/**
 * Runs the net on one gray image of the input size (0-255, row-major). Normalisation is the model's own: zero mean, unit
 * standard deviation (n - 1, as torch.std) plus 0.02.
 */
export function runPlateNet(net: PlateNet, gray: Uint8Array | Uint8ClampedArray): NetOutput {
  const [, h, w] = net.input;
  if (gray.length !== h * w) throw new Error(`plate net input must be ${w}x${h}`);
  let mean = 0;
  for (let i = 0; i < gray.length; i++) mean += gray[i] / 255;
  mean /= gray.length;
  let varSum = 0;
  for (let i = 0; i < gray.length; i++) varSum += (gray[i] / 255 - mean) ** 2;
  const std = Math.sqrt(varSum / (gray.length - 1)) + 0.02;
  const data = new Float32Array(gray.length);
  for (let i = 0; i < gray.length; i++) data[i] = (gray[i] / 255 - mean) / std;
  let t: Tensor = { data, c: 1, h, w };
  for (const l of net.layers) t = l.type === "maxpool" ? maxpool(t, l.kh, l.kw) : run(t, l);
  const cols = run(t, net.columns);
  const columns = Array.from({ length: cols.w * cols.h }, (_, x) =>
    softmax(Array.from({ length: cols.c }, (_, k) => cols.data[k * cols.w * cols.h + x])),
  );
  // The kind head reads the mean of the feature map over its positions.
  const plane = t.h * t.w;
  const pooled = new Float32Array(t.c);
  for (let k = 0; k < t.c; k++) {
    let s = 0;
    for (let i = 0; i < plane; i++) s += t.data[k * plane + i];
    pooled[k] = s / plane;
  }
  const kl = new Float32Array(net.kind.cout);
  for (let o = 0; o < kl.length; o++) {
    let s = net.kind.b[o];
    for (let i = 0; i < net.kind.cin; i++) s += net.kind.w[o * net.kind.cin + i] * pooled[i];
    kl[o] = s;
  }
  return { columns, kinds: softmax(kl) };
}
