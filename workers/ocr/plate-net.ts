// The plate recognizer's forward pass (pure TS, runs in the OCR worker and in Node tests): a small convolutional CTC reader
// trained by `npm run train:plates` (scripts/train-plates/), read from plate-net.bin (int8 weights per output channel, float
// biases). Hand-written because the net needs four operations (convolution, depthwise 3x3, 1x1, max pool) and a dense layer:
// ~200 lines of arithmetic and no runtime to download (onnxruntime-web's CPU wasm alone is 14 MB; tfjs adds its core and a
// wasm backend; figures in the README's plate section).

export interface ConvLayer {
  type: "conv"; cin: number; cout: number; kh: number; kw: number; sh: number; sw: number; ph: number; pw: number; groups: number;
  relu: boolean; w: Float32Array; b: Float32Array;
}
export interface PoolLayer { type: "maxpool"; kh: number; kw: number }
export interface DenseLayer { type: "dense"; cin: number; cout: number; relu: boolean; w: Float32Array; b: Float32Array }

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
  const head = JSON.parse(new TextDecoder().decode(bytes.subarray(8, 8 + headLen))) as Omit<PlateNet, "layers" | "columns" | "kind"> &
    { layers: Spec[]; columns: Spec; kind: Spec };
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
    type: "conv", cin: s.cin as number, cout: s.cout as number, kh: s.kh as number, kw: s.kw as number, sh: s.sh as number,
    sw: s.sw as number, ph: s.ph as number, pw: s.pw as number, groups: s.groups as number, relu: Boolean(s.relu),
    ...weights(s, ((s.cin as number) / (s.groups as number)) * (s.kh as number) * (s.kw as number)),
  });
  const layers = head.layers.map((s) => (s.type === "maxpool" ? { type: "maxpool" as const, kh: s.kh as number, kw: s.kw as number } : conv(s)));
  const k = head.kind;
  const kind: DenseLayer = { type: "dense", cin: k.cin as number, cout: k.cout as number, relu: false, ...weights(k, k.cin as number) };
  return { ...head, layers, columns: conv(head.columns), kind };
}

interface Tensor { data: Float32Array; c: number; h: number; w: number }

/** Dense convolution (groups 1), any kernel, stride and zero padding; four output channels per pass over the input. */
function convolve(x: Tensor, l: ConvLayer): Tensor {
  const { c, h, w } = x, { kh, kw, sh, sw, ph, pw } = l;
  const oh = Math.floor((h + 2 * ph - kh) / sh) + 1, ow = Math.floor((w + 2 * pw - kw) / sw) + 1;
  const hp = h + 2 * ph, wp = w + 2 * pw;
  const pad = ph || pw ? new Float32Array(c * hp * wp) : x.data;
  if (ph || pw) for (let ci = 0; ci < c; ci++) for (let y = 0; y < h; y++) pad.set(x.data.subarray((ci * h + y) * w, (ci * h + y + 1) * w), (ci * hp + y + ph) * wp + pw);
  const out = new Float32Array(l.cout * oh * ow);
  const plane = oh * ow, per = c * kh * kw;
  for (let k = 0; k < l.cout; k += 4) {
    const n = Math.min(4, l.cout - k);
    const o0 = k * plane, o1 = o0 + plane, o2 = o1 + plane, o3 = o2 + plane;
    for (let y = 0; y < oh; y++) {
      const orow = y * ow;
      for (let ci = 0; ci < c; ci++) for (let ky = 0; ky < kh; ky++) {
        const irow = (ci * hp + y * sh + ky) * wp;
        for (let kx = 0; kx < kw; kx++) {
          const wi = (ci * kh + ky) * kw + kx;
          const w0 = l.w[k * per + wi], w1 = n > 1 ? l.w[(k + 1) * per + wi] : 0;
          const w2 = n > 2 ? l.w[(k + 2) * per + wi] : 0, w3 = n > 3 ? l.w[(k + 3) * per + wi] : 0;
          const base = irow + kx;
          for (let xo = 0; xo < ow; xo++) {
            const v = pad[base + xo * sw];
            out[o0 + orow + xo] += w0 * v;
            if (n === 4) {
              out[o1 + orow + xo] += w1 * v; out[o2 + orow + xo] += w2 * v; out[o3 + orow + xo] += w3 * v;
            } else {
              if (n > 1) out[o1 + orow + xo] += w1 * v;
              if (n > 2) out[o2 + orow + xo] += w2 * v;
            }
          }
        }
      }
    }
  }
  return finish({ data: out, c: l.cout, h: oh, w: ow }, l);
}

/** Depthwise 3x3 convolution, padding 1, stride 1. */
function depthwise3x3(x: Tensor, l: ConvLayer): Tensor {
  const { c, h, w } = x;
  const out = new Float32Array(c * h * w);
  for (let ci = 0; ci < c; ci++) {
    const ib = ci * h * w, wb = ci * 9;
    for (let ky = 0; ky < 3; ky++) for (let kx = 0; kx < 3; kx++) {
      const wv = l.w[wb + ky * 3 + kx], dy = ky - 1, dx = kx - 1;
      const y0 = Math.max(0, -dy), y1 = Math.min(h, h - dy), x0 = Math.max(0, -dx), x1 = Math.min(w, w - dx);
      for (let y = y0; y < y1; y++) {
        const orow = ib + y * w, irow = ib + (y + dy) * w + dx;
        for (let xo = x0; xo < x1; xo++) out[orow + xo] += wv * x.data[irow + xo];
      }
    }
  }
  return finish({ data: out, c, h, w }, l);
}

/** 1x1 convolution: a matrix product over the channels, four output channels per pass. */
function pointwise(x: Tensor, l: ConvLayer): Tensor {
  const p = x.h * x.w, c = x.c;
  const out = new Float32Array(l.cout * p);
  for (let k = 0; k < l.cout; k += 4) {
    const n = Math.min(4, l.cout - k);
    const a0 = k * p, a1 = a0 + p, a2 = a1 + p, a3 = a2 + p;
    for (let ci = 0; ci < c; ci++) {
      const w0 = l.w[k * c + ci], w1 = n > 1 ? l.w[(k + 1) * c + ci] : 0, w2 = n > 2 ? l.w[(k + 2) * c + ci] : 0, w3 = n > 3 ? l.w[(k + 3) * c + ci] : 0;
      const src = ci * p;
      for (let i = 0; i < p; i++) {
        const v = x.data[src + i];
        out[a0 + i] += w0 * v;
        if (n === 4) {
          out[a1 + i] += w1 * v; out[a2 + i] += w2 * v; out[a3 + i] += w3 * v;
        } else {
          if (n > 1) out[a1 + i] += w1 * v;
          if (n > 2) out[a2 + i] += w2 * v;
        }
      }
    }
  }
  return finish({ data: out, c: l.cout, h: x.h, w: x.w }, l);
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
  const oh = Math.floor(x.h / kh), ow = Math.floor(x.w / kw);
  const out = new Float32Array(x.c * oh * ow);
  for (let c = 0; c < x.c; c++) for (let y = 0; y < oh; y++) for (let xo = 0; xo < ow; xo++) {
    let m = -Infinity;
    for (let dy = 0; dy < kh; dy++) for (let dx = 0; dx < kw; dx++) {
      const v = x.data[(c * x.h + y * kh + dy) * x.w + xo * kw + dx];
      if (v > m) m = v;
    }
    out[(c * oh + y) * ow + xo] = m;
  }
  return { data: out, c: x.c, h: oh, w: ow };
}

function run(x: Tensor, l: ConvLayer): Tensor {
  if (l.groups > 1) return depthwise3x3(x, l);
  return l.kh === 1 && l.kw === 1 && l.sh === 1 && l.sw === 1 ? pointwise(x, l) : convolve(x, l);
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
  const columns = Array.from({ length: cols.w * cols.h }, (_, x) => softmax(Array.from({ length: cols.c }, (_, k) => cols.data[k * cols.w * cols.h + x])));
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
