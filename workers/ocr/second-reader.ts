// The plate scanner's second reader, PaddleOCR's text-line recogniser, loaded in the OCR worker from our origin (worker logic).
// The model and onnxruntime-web's wasm come through cachedBytes (Cache API), so /scan reads offline after the first load; the
// runtime's JS glue is the one embedded in onnxruntime-web/wasm's bundle, which it uses when given wasm bytes.
import { cachedBytes } from "./assets.ts";
import { createPaddleRec, PLATE_CLASSES, readPaddleLine, type LineReading, type PaddleRec, type RgbaImage } from "./paddle-rec.ts";
import wasmUrl from "onnxruntime-web/ort-wasm-simd-threaded.wasm?url";
// The package's recogniser cut to PLATE_CLASSES (int8 weights), made at build time by scripts/paddle-trim/ (the Vite plugin
// writes it there before any module is transformed); its classes are PLATE_CLASSES, so no dictionary is fetched.
import modelUrl from "../../node_modules/.cache/paddle-plate-rec/ch_PP-OCRv4_rec_infer.onnx?url";

export type SecondReader = PaddleRec;
export type { LineReading, RgbaImage };

let loaded: Promise<SecondReader> | undefined;

/**
 * Loads the recogniser once per worker; a failed load is forgotten so the next call tries again (a download that failed; a
 * runtime that failed to start stays failed in onnxruntime-web until the worker is replaced).
 */
export function loadSecondReader(): Promise<SecondReader> {
  loaded ??= Promise.all([cachedBytes(modelUrl), cachedBytes(wasmUrl)]).then(([model, wasm]) =>
    createPaddleRec(model, wasm, PLATE_CLASSES),
  );
  loaded.catch(() => (loaded = undefined));
  return loaded;
}

/** Reads the text line in an RGBA crop (the plate with a little margin) and the plate in it. */
export function readLine(reader: SecondReader, rgba: RgbaImage): Promise<LineReading> {
  return readPaddleLine(reader, rgba);
}
