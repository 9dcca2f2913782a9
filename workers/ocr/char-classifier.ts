// The plate-font character classifier: a small two-layer network (glyph grid -> hidden ReLU -> 36 classes) with int8 weights,
// trained by `npm run train:plate-chars` on renders of condensed fonts through this very pipeline (pure TS, runs in the worker).
// Hand-written because it is 40 lines of arithmetic: an ML runtime (onnxruntime-web, tfjs) would add megabytes to /scan.
import { GLYPH_INPUTS } from "./glyphs.ts";

export const CHAR_CLASSES = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

export interface CharModel {
  classes: string;
  inputs: number;
  hidden: number;
  /** int8 weights, base64, row-major [out][in], and their scale (value = int8 x scale). */
  w1: string; s1: number; b1: number[];
  w2: string; s2: number; b2: number[];
  /** How it was trained and what it scored on fonts it never saw (written by the trainer). */
  meta?: Record<string, unknown>;
}

export interface Classifier { classify(glyph: Float32Array): Float32Array }

function int8(b64: string): Int8Array {
  const bin = atob(b64);
  const out = new Int8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = (bin.charCodeAt(i) << 24) >> 24;
  return out;
}

export function createClassifier(model: CharModel): Classifier {
  if (model.inputs !== GLYPH_INPUTS || model.classes !== CHAR_CLASSES) throw new Error("char model does not match the glyph layout");
  const w1 = int8(model.w1), w2 = int8(model.w2);
  const { hidden, inputs, s1, s2, b1, b2 } = model;
  const out = CHAR_CLASSES.length;
  const h = new Float32Array(hidden);
  return {
    /** Class probabilities (softmax) in CHAR_CLASSES order. */
    classify(glyph) {
      for (let j = 0; j < hidden; j++) {
        let sum = 0;
        const row = j * inputs;
        for (let i = 0; i < inputs; i++) sum += w1[row + i] * glyph[i];
        h[j] = Math.max(0, sum * s1 + b1[j]);
      }
      const logits = new Float32Array(out);
      let max = -Infinity;
      for (let k = 0; k < out; k++) {
        let sum = 0;
        const row = k * hidden;
        for (let j = 0; j < hidden; j++) sum += w2[row + j] * h[j];
        logits[k] = sum * s2 + b2[k];
        if (logits[k] > max) max = logits[k];
      }
      let total = 0;
      for (let k = 0; k < out; k++) total += (logits[k] = Math.exp(logits[k] - max));
      for (let k = 0; k < out; k++) logits[k] /= total;
      return logits;
    },
  };
}
