// Tesseract engine driven directly through tesseract.js-core (LSTM-only build) with the English traineddata, all from our origin (worker).
// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the SPA type-check reaches this file through the bridge and needs the declaration too
/// <reference path="./tesseract-core.d.ts" />
import createCore from "tesseract.js-core/tesseract-core-simd-lstm.js";
import simdWasmUrl from "tesseract.js-core/tesseract-core-simd-lstm.wasm?url";
import plainWasmUrl from "tesseract.js-core/tesseract-core-lstm.wasm?url";
import bestIntUrl from "@tesseract.js-data/eng/4.0.0_best_int/eng.traineddata.gz?url";

/** One recognised symbol: its text, 0-100 confidence, box in the input image and the engine's alternatives (best first). */
export interface OcrSymbol { text: string; conf: number; box: { x0: number; y0: number; x1: number; y1: number }; choices: { text: string; conf: number }[] }
export interface GrayImage { data: Uint8Array; width: number; height: number }

/** The shipped traineddata: eng 4.0.0_best_int (LSTM only, 2.9 MB gz); the bench may pass another URL to compare. */
export const DEFAULT_TRAINEDDATA_URL = bestIntUrl;

/* eslint-disable @typescript-eslint/no-explicit-any -- the emscripten module and its embind classes are untyped */
type Core = any;
type Api = any;

const CACHE = "ocr-assets-v1";
// Tesseract's enum values (the core's own exports of them are not set up in a worker).
const OEM_LSTM_ONLY = 1, PSM_SINGLE_LINE = 7, RIL_SYMBOL = 4;

/** Fetches an asset of ours once; kept in the Cache API under its hashed URL so later visits work offline. */
async function cachedBytes(url: string): Promise<Uint8Array> {
  const abs = new URL(url, self.location.href).href;
  let cache: Cache | undefined;
  try {
    cache = await caches.open(CACHE);
    const hit = await cache.match(abs);
    if (hit) return new Uint8Array(await hit.arrayBuffer());
  } catch { /* no Cache API (opaque origin): network only */ }
  const res = await fetch(abs);
  if (!res.ok) throw new Error(`OCR asset ${abs}: HTTP ${res.status}`);
  const bytes = new Uint8Array(await res.arrayBuffer());
  try {
    await cache?.put(abs, new Response(bytes.slice()));
    // Older hashed copies of the same asset are dropped so the cache holds one version.
    const base = abs.replace(/-[A-Za-z0-9_-]{8}(\.[a-z.]+)$/, "");
    for (const req of (await cache?.keys()) ?? []) if (req.url !== abs && req.url.startsWith(base)) await cache?.delete(req);
  } catch { /* quota: still usable this session */ }
  return bytes;
}

async function gunzipIfNeeded(bytes: Uint8Array): Promise<Uint8Array> {
  // The static server may already have decoded it (Content-Encoding: gzip), so check the magic number.
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
  const stream = new Blob([bytes.slice().buffer as ArrayBuffer]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

const SIMD_PROBE = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11]);

export interface Engine {
  recognize(img: GrayImage): OcrSymbol[];
  /** Raw line text of the last recognition (for the text-based fallback rules). */
  lastText(): string;
}

let engine: Promise<Engine> | undefined;
let engineData: string | undefined;

/** Loads the core and the traineddata once per worker (the worker is terminated when /scan is left, which frees them). */
export function loadEngine(data: string = DEFAULT_TRAINEDDATA_URL): Promise<Engine> {
  if (engine && engineData === data) return engine;
  engineData = data;
  engine = (async () => {
    const simd = WebAssembly.validate(SIMD_PROBE);
    const wasmUrl = new URL(simd ? simdWasmUrl : plainWasmUrl, self.location.href).href;
    const [wasm, trained] = await Promise.all([cachedBytes(wasmUrl), cachedBytes(data).then(gunzipIfNeeded)]);
    const core: Core = await createCore({
      wasmBinary: wasm,
      locateFile: () => wasmUrl,
      print: () => {},
      printErr: () => {},
    });
    core.FS.writeFile("/eng.traineddata", trained);
    // Dictionaries only pull plates towards English words; they are init-only parameters, hence the config file.
    core.FS.writeFile("/ocr.config", "load_system_dawg 0\nload_freq_dawg 0\n");
    const api: Api = new core.TessBaseAPI();
    if (api.Init(null, "eng", OEM_LSTM_ONLY, "/ocr.config") !== 0) throw new Error("tesseract init failed");
    api.SetVariable("tessedit_char_whitelist", "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789");
    api.SetVariable("user_defined_dpi", "300");
    api.SetVariable("tessedit_pageseg_mode", String(PSM_SINGLE_LINE));
    // Per-symbol alternatives from the LSTM decoder (ChoiceIterator).
    api.SetVariable("lstm_choice_mode", "2");
    api.SetVariable("debug_file", "/dev/null");
    let text = "";
    return {
      recognize(img: GrayImage) {
        // PGM: the one image format leptonica reads with no decoding cost.
        const header = new TextEncoder().encode(`P5\n${img.width} ${img.height}\n255\n`);
        const file = new Uint8Array(header.length + img.data.length);
        file.set(header);
        file.set(img.data, header.length);
        core.FS.writeFile("/input", file);
        if (api.SetImageFile(1, 0) === 1) throw new Error("tesseract could not read the frame");
        api.Recognize(null);
        text = api.GetUTF8Text() ?? "";
        const out: OcrSymbol[] = [];
        const it = api.GetIterator();
        if (!it) return out;
        const level = RIL_SYMBOL;
        try {
          if (!it.Empty(level)) {
            do {
              const t = it.GetUTF8Text(level) as string;
              if (!t) continue;
              const box = it.getBoundingBox(level) as { x0: number; y0: number; x1: number; y1: number };
              const choices: { text: string; conf: number }[] = [];
              const ci = new core.ChoiceIterator(it);
              do {
                const c = ci.GetUTF8Text() as string;
                if (c) choices.push({ text: c, conf: ci.Confidence() as number });
              } while (ci.Next());
              core.destroy(ci);
              out.push({ text: t, conf: it.Confidence(level) as number, box, choices });
            } while (it.Next(level));
          }
        } finally {
          core.destroy(it);
        }
        api.Clear();
        return out;
      },
      lastText: () => text,
    };
  })();
  engine.catch(() => (engine = undefined));
  return engine;
}
