// PaddleOCR's PP-OCRv4 text-line recogniser on onnxruntime-web's wasm build: PaddleOCR's own preprocessing and CTC decoding,
// given the bytes of the model, the runtime's wasm and the model's classes (worker logic; the Node bench runs it too). The app
// ships the recogniser cut to PLATE_CLASSES at build time (scripts/paddle-trim/).
import * as ort from "onnxruntime-web/wasm";
import { plateFromText } from "../../src/domain/plate-text.ts";

/** An RGBA image, 4 bytes per pixel, row by row (ImageData's layout). */
export interface RgbaImage {
  data: Uint8ClampedArray | Uint8Array;
  width: number;
  height: number;
}

export interface LineReading {
  /** The recogniser's text, as read (any case; the model's classes: PLATE_CLASSES as shipped). */
  text: string;
  /** The plate in that text (plateFromText), or null. */
  plate: string | null;
  /** Mean probability of the characters kept by the decoding (PaddleOCR's score), 0 for an empty text. */
  confidence: number;
  /** Preprocessing, inference and decoding. */
  ms: number;
}

export interface PaddleRec {
  session: ort.InferenceSession;
  /** Class i of the output: "" for the blank (0), then the characters it writes. */
  classes: readonly string[];
}

/** PaddleOCR's rec_image_shape 3 x 48 x 320: lines are scaled to 48 px high, and padded on the right to at least 320 px. */
export const REC_HEIGHT = 48;
export const REC_MIN_WIDTH = 320;
/** Not PaddleOCR's: a cap on the padded width (20:1) so a mis-aimed sliver costs at most three 320 px reads. */
export const REC_MAX_WIDTH = 960;

/**
 * The shipped recogniser's output classes, in its order: the blank, then every class of PaddleOCR's dictionary (ppocr_keys_v1,
 * in its order) that plateFromText reads as part of a plate — letters and digits in any case or width (NFKC: Ａ, ａ, ０, ①,
 * Ⅱ, №, ™, ㎏, ...) and the separators it drops (一, -, ., ·, —, …, －, ．, the full-width and plain spaces). The other 6 484
 * classes (Chinese characters, other symbols) only split a line into runs that hold no plate; the model is cut to these 141
 * at build time (scripts/paddle-trim/plate-model.ts), so the last layer and its Softmax compute 141 outputs instead of 6 625.
 * Where the full model's best class was a dropped one (5 of 9 120 steps on the dev photos' crops: ° and :), the cut model
 * writes its best kept class instead. tests/unit/paddle-plate-model.test.ts checks this list against the dictionary and
 * plateFromText, and the model's output size against it.
 */
export const PLATE_CLASSES: readonly string[] = [
  "",
  ..."一208-713H.546su9SYFDAPTrqJlxzetbLwihIBN_MZCoEfUapyngQOkcvWRGdKXmVj·—…ＧＩＡＮ\u3000②ＬＢ１３９０７①ＫＯＲ８ＨＥＰＴＷＤＳＣＭＦ③Ｖ２６ｉｃｔｏｒａｎｄ№Ⅱ™ｈ㎡－ＺＵ５４ⅢｐｅＹ．ｆｓｂｍｋｇｕｊｌ㎏④Ⅳ⑧ｚ²",
  " ",
];

/** Output classes as PaddleOCR's CTCLabelDecode builds them: blank, the dictionary's lines, and " " (use_space_char). */
export function recClasses(dictionary: string): string[] {
  const lines = dictionary.split("\n").map((l) => l.replace(/\r$/, ""));
  if (lines[lines.length - 1] === "") lines.pop();
  return ["", ...lines, " "];
}

/** Starts the runtime (single thread, no proxy worker, the wasm given as bytes) and the model's session; `classes` are its outputs'. */
export async function createPaddleRec(model: Uint8Array, wasm: Uint8Array, classes: readonly string[] = PLATE_CLASSES): Promise<PaddleRec> {
  ort.env.wasm.numThreads = 1; // the page is not cross-origin isolated: no SharedArrayBuffer threads
  ort.env.wasm.proxy = false; // we already are in a worker
  ort.env.wasm.wasmBinary = wasm; // bytes we fetched and cached ourselves; the bundle's embedded glue loads them
  const session = await ort.InferenceSession.create(model, { executionProviders: ["wasm"], graphOptimizationLevel: "all" });
  const out = session.outputMetadata[0];
  const n = out?.isTensor ? out.shape[out.shape.length - 1] : classes.length;
  if (n !== classes.length) throw new Error(`recogniser has ${n} classes, the code ${classes.length}`);
  return { session, classes };
}

/**
 * PaddleOCR's resize_norm_img: BGR (as cv2 read the training images), scaled to 48 px high keeping the ratio (cv2.resize,
 * bilinear with half-pixel centres, rounded to bytes), (x / 255 - 0.5) / 0.5, zero (mid-grey) padding on the right up to
 * max(320, 48 x ratio). Returns the CHW tensor's data and its width.
 */
export function recInput(img: RgbaImage): { data: Float32Array; width: number } {
  const { width: w, height: h, data: src } = img;
  const ratio = w / h;
  const width = Math.min(REC_MAX_WIDTH, Math.max(REC_MIN_WIDTH, Math.floor(REC_HEIGHT * ratio)));
  const rw = Math.max(1, Math.min(width, Math.ceil(REC_HEIGHT * ratio)));
  const taps = (out: number, len: number) =>
    Array.from({ length: out }, (_, d) => {
      const f = (d + 0.5) * (len / out) - 0.5;
      const i = Math.floor(f);
      if (i < 0) return [0, 0, 0] as const;
      if (i >= len - 1) return [len - 1, len - 1, 0] as const;
      return [i, i + 1, f - i] as const;
    });
  const xs = taps(rw, w),
    ys = taps(REC_HEIGHT, h);
  const plane = REC_HEIGHT * width;
  const data = new Float32Array(3 * plane);
  for (let y = 0; y < REC_HEIGHT; y++) {
    const [y0, y1, fy] = ys[y];
    for (let x = 0; x < rw; x++) {
      const [x0, x1, fx] = xs[x];
      const a = (y0 * w + x0) * 4,
        b = (y0 * w + x1) * 4,
        c = (y1 * w + x0) * 4,
        d = (y1 * w + x1) * 4;
      for (let ch = 0; ch < 3; ch++) {
        const top = src[a + ch] * (1 - fx) + src[b + ch] * fx,
          bottom = src[c + ch] * (1 - fx) + src[d + ch] * fx;
        const v = Math.round(top * (1 - fy) + bottom * fy);
        data[(2 - ch) * plane + y * width + x] = v / 127.5 - 1; // RGBA's R lands in plane 2: BGR
      }
    }
  }
  return { data, width };
}

/** PaddleOCR's CTC greedy decoding: argmax per step, repeats collapsed, the blank dropped; the mean probability of what stays. */
export function ctcGreedy(probs: Float32Array, steps: number, classes: readonly string[]): { text: string; confidence: number } {
  const n = classes.length;
  let text = "",
    sum = 0,
    kept = 0,
    prev = -1;
  for (let t = 0; t < steps; t++) {
    let best = 0;
    for (let k = 1; k < n; k++) if (probs[t * n + k] > probs[t * n + best]) best = k;
    if (best !== 0 && best !== prev) {
      text += classes[best];
      sum += probs[t * n + best];
      kept++;
    }
    prev = best;
  }
  return { text, confidence: kept ? sum / kept : 0 };
}

/** Reads one text line (a plate crop) and finds the plate in it. */
export async function readPaddleLine(rec: PaddleRec, img: RgbaImage): Promise<LineReading> {
  const t0 = performance.now();
  const { data, width } = recInput(img);
  const input = new ort.Tensor("float32", data, [1, 3, REC_HEIGHT, width]);
  const out = await rec.session.run({ [rec.session.inputNames[0]]: input });
  const probs = out[rec.session.outputNames[0]];
  const { text, confidence } = ctcGreedy(probs.data as Float32Array, probs.dims[1], rec.classes);
  input.dispose();
  probs.dispose();
  return { text, plate: plateFromText(text), confidence, ms: performance.now() - t0 };
}
