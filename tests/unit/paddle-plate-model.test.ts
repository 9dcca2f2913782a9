// The second reader's shipped model (scripts/paddle-trim/plate-model.ts, made from the npm package's PP-OCRv4 recogniser) in
// onnxruntime-web's wasm build in Node, as the second-reader bench runs it: its classes are the code's PLATE_CLASSES, which are
// the dictionary's classes plateFromText reads as part of a plate, and it reads rendered plate lines as the package's model does.
import fs from "node:fs";
import path from "node:path";
import * as ort from "onnxruntime-web/wasm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  createPaddleRec,
  ctcGreedy,
  PLATE_CLASSES,
  readPaddleLine,
  recClasses,
  recInput,
  REC_HEIGHT,
  type PaddleRec,
  type RgbaImage,
} from "../../workers/ocr/paddle-rec";
import { plateFromText } from "../../src/domain/plate-text";
import {
  ensurePlateModel,
  makePlateModel,
  PACKAGE_DICTIONARY,
  PACKAGE_MODEL,
  plateClassIndices,
} from "../../scripts/paddle-trim/plate-model";

const root = path.resolve(import.meta.dirname, "../..");
const wasm = fs.readFileSync(path.join(root, "node_modules/onnxruntime-web/dist/ort-wasm-simd-threaded.wasm"));
const dictionary = fs.readFileSync(PACKAGE_DICTIONARY, "utf8");

// ---- plate lines drawn with a stroke font (no canvas in Node) ----

type Stroke = [number, number][];
/** Glyphs on a 4 x 6 grid (y down), as polylines. */
const GLYPHS: Record<string, Stroke[]> = {
  A: [
    [
      [0, 6],
      [2, 0],
      [4, 6],
    ],
    [
      [0.7, 4],
      [3.3, 4],
    ],
  ],
  B: [
    [
      [0, 3],
      [3, 3],
      [4, 4],
      [4, 5],
      [3, 6],
      [0, 6],
      [0, 0],
      [3, 0],
      [3.8, 0.8],
      [3.8, 2.2],
      [3, 3],
    ],
  ],
  C: [
    [
      [4, 1],
      [3, 0],
      [1, 0],
      [0, 1],
      [0, 5],
      [1, 6],
      [3, 6],
      [4, 5],
    ],
  ],
  E: [
    [
      [4, 0],
      [0, 0],
      [0, 6],
      [4, 6],
    ],
    [
      [0, 3],
      [3, 3],
    ],
  ],
  L: [
    [
      [0, 0],
      [0, 6],
      [4, 6],
    ],
  ],
  P: [
    [
      [0, 6],
      [0, 0],
      [3, 0],
      [4, 1],
      [4, 2],
      [3, 3],
      [0, 3],
    ],
  ],
  R: [
    [
      [0, 6],
      [0, 0],
      [3, 0],
      [4, 1],
      [4, 2],
      [3, 3],
      [0, 3],
    ],
    [
      [2, 3],
      [4, 6],
    ],
  ],
  T: [
    [
      [0, 0],
      [4, 0],
    ],
    [
      [2, 0],
      [2, 6],
    ],
  ],
  "0": [
    [
      [1, 0],
      [3, 0],
      [4, 1],
      [4, 5],
      [3, 6],
      [1, 6],
      [0, 5],
      [0, 1],
      [1, 0],
    ],
  ],
  "1": [
    [
      [1, 1],
      [2, 0],
      [2, 6],
    ],
    [
      [1, 6],
      [3, 6],
    ],
  ],
  "2": [
    [
      [0, 1],
      [1, 0],
      [3, 0],
      [4, 1],
      [4, 2],
      [0, 6],
      [4, 6],
    ],
  ],
  "3": [
    [
      [0, 1],
      [1, 0],
      [3, 0],
      [4, 1],
      [4, 2],
      [3, 3],
      [4, 4],
      [4, 5],
      [3, 6],
      [1, 6],
      [0, 5],
    ],
    [
      [1.5, 3],
      [3, 3],
    ],
  ],
  "4": [
    [
      [3, 6],
      [3, 0],
      [0, 4],
      [4, 4],
    ],
  ],
  "5": [
    [
      [4, 0],
      [0, 0],
      [0, 3],
      [3, 3],
      [4, 4],
      [4, 5],
      [3, 6],
      [0, 6],
    ],
  ],
  "6": [
    [
      [4, 1],
      [3, 0],
      [1, 0],
      [0, 1],
      [0, 5],
      [1, 6],
      [3, 6],
      [4, 5],
      [4, 4],
      [3, 3],
      [0, 3],
    ],
  ],
  "7": [
    [
      [0, 0],
      [4, 0],
      [4, 0.8],
      [1.2, 6],
    ],
  ],
  "8": [
    [
      [3, 3],
      [1, 3],
      [0, 4],
      [0, 5],
      [1, 6],
      [3, 6],
      [4, 5],
      [4, 4],
      [3, 3],
      [4, 2],
      [4, 1],
      [3, 0],
      [1, 0],
      [0, 1],
      [0, 2],
      [1, 3],
    ],
  ],
  "9": [
    [
      [4, 3],
      [1, 3],
      [0, 2],
      [0, 1],
      [1, 0],
      [3, 0],
      [4, 1],
      [4, 5],
      [3, 6],
      [1, 6],
      [0, 5],
    ],
  ],
  "-": [
    [
      [0.8, 3],
      [3.2, 3],
    ],
  ],
};

/**
 * A plate's line of characters as the scanner crops it (the plate with a margin): dark strokes on light grey inside the plate's
 * dark border, 300 x 80, anti-aliased; `noise` adds seeded grain of that amplitude.
 */
function plateLine(text: string, noise = 0): RgbaImage {
  const W = 300,
    H = 80,
    size = Math.min(44, (0.85 * W * 6) / (5.6 * text.length)), // the line fills at most 85% of the crop's width
    s = size / 6,
    advance = 5.6 * s;
  const segments: [number, number, number, number][] = [];
  const x0 = (W - advance * text.length + 1.6 * s) / 2,
    y0 = (H - size) / 2;
  [...text].forEach((ch, i) => {
    for (const stroke of GLYPHS[ch])
      for (let j = 1; j < stroke.length; j++)
        segments.push([
          x0 + i * advance + stroke[j - 1][0] * s,
          y0 + stroke[j - 1][1] * s,
          x0 + i * advance + stroke[j][0] * s,
          y0 + stroke[j][1] * s,
        ]);
  });
  // The plate's border, 6 px inside the crop.
  segments.push([6, 6, W - 6, 6], [W - 6, 6, W - 6, H - 6], [W - 6, H - 6, 6, H - 6], [6, H - 6, 6, 6]);
  const data = new Uint8Array(W * H * 4);
  let seed = 12345;
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      let d = Infinity;
      for (const [ax, ay, bx, by] of segments) {
        const dx = bx - ax,
          dy = by - ay;
        const t = Math.max(0, Math.min(1, ((x + 0.5 - ax) * dx + (y + 0.5 - ay) * dy) / (dx * dx + dy * dy || 1)));
        d = Math.min(d, Math.hypot(x + 0.5 - ax - t * dx, y + 0.5 - ay - t * dy));
      }
      const ink = Math.max(0, Math.min(1, 0.11 * size * 0.5 + 0.5 - d));
      seed = (seed * 1103515245 + 12345) >>> 0;
      const v = Math.max(0, Math.min(255, 218 * (1 - ink) + 25 * ink + ((seed >>> 24) / 255 - 0.5) * 2 * noise));
      data.set([v, v, v * 0.97, 255], (y * W + x) * 4);
    }
  return { data, width: W, height: H };
}

const LINES = [plateLine("ABC-1234"), plateLine("BRA2E19"), plateLine("PLT-0587", 40), plateLine("REC6349", 25)];
const PLATES = ["ABC1234", "BRA2E19", "PLT0587", "REC6349"];

let full: PaddleRec, shipped: PaddleRec;
beforeAll(async () => {
  full = await createPaddleRec(fs.readFileSync(PACKAGE_MODEL), wasm, recClasses(dictionary));
  shipped = await createPaddleRec(fs.readFileSync(ensurePlateModel()), wasm, PLATE_CLASSES);
}, 120_000);

describe("the second reader's plate model", () => {
  it("keeps the blank and every class of the dictionary that plateFromText reads as part of a plate, in the dictionary's order", () => {
    // A class is part of a plate when "ABC" + it + "1234" still holds a plate: a separator, or letters or digits (any case or
    // width); any other class splits the line into runs too short to be a plate.
    const all = recClasses(dictionary);
    const derived = all.filter((c, i) => i === 0 || plateFromText(`ABC${c}1234`) !== null);
    expect(PLATE_CLASSES).toEqual(derived);
    expect(PLATE_CLASSES).toHaveLength(141);
    for (const c of "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz -.·一－—_") expect(PLATE_CLASSES).toContain(c);
    const indices = plateClassIndices(dictionary);
    expect(indices[0]).toBe(0);
    expect([...indices].sort((a, b) => a - b)).toEqual(indices);
  });

  it("loads in onnxruntime-web with one output per class of PLATE_CLASSES", () => {
    const out = shipped.session.outputMetadata[0];
    expect(out.isTensor && out.shape[out.shape.length - 1]).toBe(PLATE_CLASSES.length);
    expect(shipped.classes).toBe(PLATE_CLASSES);
    expect(fs.statSync(ensurePlateModel()).size).toBeLessThan(fs.statSync(PACKAGE_MODEL).size / 4);
  });

  it("reads rendered plate lines as the package's model does", async () => {
    for (const [i, line] of LINES.entries()) {
      const a = await readPaddleLine(full, line),
        b = await readPaddleLine(shipped, line);
      expect(a.plate, a.text).toBe(PLATES[i]);
      expect(b.text).toBe(a.text);
      expect(b.plate).toBe(a.plate);
    }
  }, 60_000);

  it("cut in float, gives the package model's probabilities over the kept classes, renormalised (to 1e-4)", async () => {
    const cut = await createPaddleRec(
      makePlateModel(fs.readFileSync(PACKAGE_MODEL), dictionary, { weights: "float32" }),
      wasm,
      PLATE_CLASSES,
    );
    const keep = plateClassIndices(dictionary);
    const probs = async (rec: PaddleRec, img: RgbaImage) => {
      const { data, width } = recInput(img);
      const out = await rec.session.run({ [rec.session.inputNames[0]]: new ort.Tensor("float32", data, [1, 3, REC_HEIGHT, width]) });
      const t = out[rec.session.outputNames[0]];
      return { data: t.data as Float32Array, steps: t.dims[1] };
    };
    for (const line of LINES.slice(0, 2)) {
      const a = await probs(full, line),
        b = await probs(cut, line);
      expect(b.steps).toBe(a.steps);
      for (let t = 0; t < a.steps; t++) {
        const kept = keep.map((k) => a.data[t * 6625 + k]);
        const sum = kept.reduce((x, y) => x + y, 0);
        kept.forEach((p, j) => expect(Math.abs(b.data[t * keep.length + j] - p / sum)).toBeLessThan(1e-4));
      }
      expect(ctcGreedy(b.data, b.steps, PLATE_CLASSES).text).toBe(ctcGreedy(a.data, a.steps, full.classes).text);
    }
    await cut.session.release();
  }, 60_000);
});
