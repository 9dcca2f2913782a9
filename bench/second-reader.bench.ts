// The plate scanner's second reader, side by side (Node): the plate net, PaddleOCR's recogniser (onnxruntime-web wasm) and
// tesseract.js on the labelled photos of PLATES_DIR (default ../shared/data/plates-br-dev, labels.tsv file<TAB>PLATE<TAB>x y w h):
// each reader alone, the net with each second reader (agreement, the lock with a veto), and the bytes each needs in the browser.
// Crops: the labelled box + 10% each side ("box"), and the scanner's guide crop around it (aimCrop, what the net reads on /scan).
// Paddle's recogniser as the package has it (6 625 classes) and as the app ships it (scripts/paddle-trim/: cut to the plate's
// classes, weights as SHIPPED); PADDLE_WEIGHTS=float32,float16,int8 adds the cut model with other weight storage.
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { decode } from "jpeg-js";
import { createWorker, PSM } from "tesseract.js";
import { parsePlateNet, runPlateNet } from "../workers/ocr/plate-net.ts";
import { areaResize, type CropVariant, type GrayImage } from "../workers/ocr/net-input.ts";
import { mergeReadings, netCandidates } from "../workers/ocr/net-candidates.ts";
import { createPaddleRec, PLATE_CLASSES, readPaddleLine, recClasses, type PaddleRec, type RgbaImage } from "../workers/ocr/paddle-rec.ts";
import {
  ensurePlateModel,
  makePlateModel,
  PACKAGE_DICTIONARY,
  PACKAGE_MODEL,
  SHIPPED,
  type WeightStorage,
} from "../scripts/paddle-trim/plate-model.ts";
import { plateFromText } from "../src/domain/plate-text.ts";
import { aimCrop } from "./browser/plate-render.ts";
import type { BenchRow } from "./types.ts";

const root = path.resolve(import.meta.dirname, "..");
const mod = (p: string) => path.join(root, "node_modules", p);
/** read-net.ts's NET_VARIANTS (that module imports the weights with `?url`, which Node cannot load). */
const NET_VARIANTS: CropVariant[] = [
  { x: 0, y: 0, w: 1, h: 1 },
  { x: 0.03, y: 0.06, w: 0.94, h: 0.88 },
];
const LOCK_P = 0.8;

interface Read {
  plate: string | null;
  text: string;
  ms: number;
}
type Box = { x: number; y: number; w: number; h: number };

function crop(img: RgbaImage, x0: number, y0: number, w0: number, h0: number): RgbaImage {
  const x = Math.max(0, Math.round(x0)),
    y = Math.max(0, Math.round(y0));
  const w = Math.min(img.width - x, Math.round(w0)),
    h = Math.min(img.height - y, Math.round(h0));
  const data = new Uint8Array(w * h * 4);
  for (let r = 0; r < h; r++) data.set(img.data.subarray(((y + r) * img.width + x) * 4, ((y + r) * img.width + x + w) * 4), r * w * 4);
  return { data, width: w, height: h };
}

/** Rec. 601 luma, as net-input.ts's grabGray. */
function gray(img: RgbaImage): GrayImage {
  const data = new Uint8Array(img.width * img.height);
  for (let i = 0, j = 0; i < data.length; i++, j += 4) data[i] = (img.data[j] * 77 + img.data[j + 1] * 150 + img.data[j + 2] * 29) >> 8;
  return { data, width: img.width, height: img.height };
}

/** A 24-bit BMP of the crop (tesseract.js in Node takes image files; BMP keeps the pixels as they are). */
function bmp(img: RgbaImage): Buffer {
  const row = Math.ceil((img.width * 3) / 4) * 4;
  const out = Buffer.alloc(54 + row * img.height);
  out.write("BM", 0);
  // File size, pixel offset, header size, width, height, planes | bits per pixel, image size.
  for (const [at, v] of [
    [2, out.length],
    [10, 54],
    [14, 40],
    [18, img.width],
    [22, img.height],
    [26, 1 | (24 << 16)],
    [34, row * img.height],
  ])
    out.writeUInt32LE(v, at);
  for (let y = 0; y < img.height; y++)
    for (let x = 0; x < img.width; x++)
      for (let c = 0; c < 3; c++) out[54 + y * row + x * 3 + c] = img.data[((img.height - 1 - y) * img.width + x) * 4 + 2 - c];
  return out;
}

const pct = (n: number, d: number) => (d ? (n / d) * 100 : 0);
const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))] : 0;
};

export default async function secondReaderBench(): Promise<BenchRow[]> {
  const dir = path.resolve(process.env.PLATES_DIR ?? path.join(root, "..", "shared", "data", "plates-br-dev"));
  const labels = fs
    .readFileSync(path.join(dir, "labels.tsv"), "utf8")
    .split("\n")
    .map((l) => l.trim().split("\t"))
    .filter(([file, , box]) => file && !file.startsWith("#") && box)
    .map(([file, plate, box]) => {
      const [x, y, w, h] = box.trim().split(/\s+/).map(Number);
      return { file, plate: plate.toUpperCase().replace(/[^A-Z0-9]/g, ""), box: { x, y, w, h } as Box };
    });

  const net = parsePlateNet(fs.readFileSync(path.join(root, "workers/ocr/plate-net.bin")).buffer as ArrayBuffer);
  // Paddle's recognisers: the package's model with its dictionary (what shipped before issue 48), the shipped cut model, and
  // the cut model with the weight storage PADDLE_WEIGHTS asks for (made here, in memory).
  const wasmFile = mod("onnxruntime-web/dist/ort-wasm-simd-threaded.wasm");
  const wasm = fs.readFileSync(wasmFile);
  const dictionary = fs.readFileSync(PACKAGE_DICTIONARY, "utf8");
  const shipped = `shipped (plate classes, ${SHIPPED.weights})`;
  const paddleModels: { name: string; model: Uint8Array; classes: readonly string[] }[] = [
    { name: "package (6 625 classes)", model: fs.readFileSync(PACKAGE_MODEL), classes: recClasses(dictionary) },
    { name: shipped, model: fs.readFileSync(ensurePlateModel()), classes: PLATE_CLASSES },
  ];
  for (const weights of (process.env.PADDLE_WEIGHTS ?? "").split(",").filter(Boolean) as WeightStorage[])
    if (weights !== SHIPPED.weights)
      paddleModels.push({
        name: `plate classes, ${weights}`,
        model: makePlateModel(paddleModels[0].model, dictionary, { weights }),
        classes: PLATE_CLASSES,
      });
  // Session creation, each after the runtime has started (a first session compiles the wasm: not counted).
  const createMs: Record<string, number> = {};
  await (await createPaddleRec(paddleModels[1].model, wasm)).session.release();
  const paddle: Record<string, PaddleRec> = {};
  for (const p of paddleModels) {
    const t0 = performance.now();
    paddle[p.name] = await createPaddleRec(p.model, wasm, p.classes);
    createMs[p.name] = performance.now() - t0;
  }
  const paddleNames = paddleModels.map((p) => p.name);
  // English LSTM data from its npm package (no download), the LSTM-only engine, one text line, plate characters only.
  const tessLang = mod("@tesseract.js-data/eng/4.0.0_best_int");
  const tesseract = async (psm: PSM) => {
    const worker = await createWorker("eng", 1, { langPath: tessLang, cacheMethod: "none", gzip: true });
    await worker.setParameters({ tessedit_pageseg_mode: psm, tessedit_char_whitelist: "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-" });
    return worker;
  };
  // PSM 7 (one line) as asked; PSM 8 (one word) on the box without margin read the most of a few settings tried.
  const tessLine = await tesseract(PSM.SINGLE_LINE),
    tessWord = await tesseract(PSM.SINGLE_WORD);

  const readNet = (img: RgbaImage) => {
    const t0 = performance.now();
    const g = gray(img);
    const [, h, w] = net.input;
    const reading = mergeReadings(
      NET_VARIANTS.map((v) => netCandidates(runPlateNet(net, areaResize(g, w, h, v)), net.alphabet, net.blank)),
    );
    const best = reading.candidates[0];
    return { plate: best?.plate ?? null, p: best?.probability ?? 0, ms: performance.now() - t0 };
  };
  const readTess = async (img: RgbaImage, worker = tessLine): Promise<Read> => {
    const t0 = performance.now();
    const { data } = await worker.recognize(bmp(img));
    const text = data.text.trim();
    return { text, plate: plateFromText(text), ms: performance.now() - t0 };
  };

  const crops = ["box", "guide"] as const;
  type Kind = (typeof crops)[number];
  const paddleRow = (name: string) => `paddle rec, ${name}`;
  const secondNames = [...paddleNames.map(paddleRow), "tesseract"];
  const results: {
    plate: string;
    net: Record<Kind, ReturnType<typeof readNet>>;
    /** Each second reader's reading of each crop, by the reader's name (secondNames). */
    second: Record<string, Record<Kind, Read>>;
    tessTight: Read;
  }[] = [];
  for (const l of labels) {
    const buf = fs.readFileSync(path.join(dir, l.file));
    const jpg = decode(buf, { useTArray: true, formatAsRGBA: true, maxMemoryUsageInMB: 1024 });
    const photo: RgbaImage = { data: jpg.data, width: jpg.width, height: jpg.height };
    const { x, y, w, h } = l.box;
    const aim = aimCrop(l.box, photo.width, photo.height);
    const imgs: Record<Kind, RgbaImage> = {
      box: crop(photo, x - 0.1 * w, y - 0.1 * h, w * 1.2, h * 1.2),
      guide: crop(photo, aim.x, aim.y, aim.width, aim.height),
    };
    const r = { plate: l.plate, net: {}, second: {} } as (typeof results)[number];
    for (const name of secondNames) r.second[name] = {} as Record<Kind, Read>;
    r.tessTight = await readTess(crop(photo, x, y, w, h), tessWord);
    for (const k of crops) {
      r.net[k] = readNet(imgs[k]);
      // The Paddle models one after the other on the same crop (a load on the machine falls on each alike).
      for (const name of paddleNames) r.second[paddleRow(name)][k] = await readPaddleLine(paddle[name], imgs[k]);
      r.second.tesseract[k] = await readTess(imgs[k]);
    }
    results.push(r);
    if (process.env.PLATES_VERBOSE)
      console.error(
        `${l.file} ${l.plate} net=${r.net.guide.plate}(${r.net.guide.p.toFixed(2)}) ` +
          crops.map((k) => `${k}: ${secondNames.map((name) => `${name}=${JSON.stringify(r.second[name][k].text)}`).join(" ")}`).join(" "),
      );
  }
  await tessLine.terminate();
  await tessWord.terminate();

  const rows: BenchRow[] = [];
  const n = results.length;
  const row = (c: string, metric: string, value: number, unit: string) =>
    rows.push({ bench: "second-reader", case: c, metric, value, unit });
  const exactText = (t: string, plate: string) => t.toUpperCase().replace(/[\s\-·.]/g, "") === plate;
  const share = (f: (r: (typeof results)[number]) => unknown) => pct(results.filter(f).length, n);
  const timing = (c: string, ms: number[]) => {
    row(c, "ms per crop, p50", quantile(ms, 0.5), "ms");
    row(c, "ms per crop, p95", quantile(ms, 0.95), "ms");
  };
  for (const k of crops) {
    const c = `${k} crop (${n} photos)`;
    row(
      `net, ${c}`,
      "best plate exact",
      share((r) => r.net[k].plate === r.plate),
      "%",
    );
    timing(
      `net, ${c}`,
      results.map((r) => r.net[k].ms),
    );
    for (const name of secondNames) {
      const read = (r: (typeof results)[number]) => r.second[name][k];
      row(
        `${name}, ${c}`,
        "text exact (separators dropped)",
        share((r) => exactText(read(r).text, r.plate)),
        "%",
      );
      row(
        `${name}, ${c}`,
        "exact after plateFromText",
        share((r) => read(r).plate === r.plate),
        "%",
      );
      row(
        `${name}, ${c}`,
        "wrong plate from plateFromText",
        share((r) => read(r).plate && read(r).plate !== r.plate),
        "%",
      );
      if (name !== secondNames[0])
        row(
          `${name}, ${c}`,
          `same plate (or none) as ${secondNames[0]}`,
          share((r) => read(r).plate === r.second[secondNames[0]][k].plate),
          "%",
        );
      timing(
        `${name}, ${c}`,
        results.map((r) => read(r).ms),
      );
    }
  }
  const tight = `tesseract PSM 8, box without margin (${n} photos)`;
  row(
    tight,
    "exact after plateFromText",
    share((r) => r.tessTight.plate === r.plate),
    "%",
  );
  row(
    tight,
    "wrong plate from plateFromText",
    share((r) => r.tessTight.plate && r.tessTight.plate !== r.plate),
    "%",
  );
  timing(
    tight,
    results.map((r) => r.tessTight.ms),
  );

  // The net as the scanner runs it (guide crop), with each second reader on the box crop and on the guide crop.
  const locks = results.filter((r) => r.net.guide.p >= LOCK_P);
  row("net alone, guide crop", "best p >= 0.8 (≈ the lock), right", locks.filter((r) => r.net.guide.plate === r.plate).length, "photos");
  row("net alone, guide crop", "best p >= 0.8 (≈ the lock), wrong", locks.filter((r) => r.net.guide.plate !== r.plate).length, "photos");
  for (const name of secondNames)
    for (const k of crops) {
      const c = `net + ${name} (${k} crop)`;
      const second = (r: (typeof results)[number]) => r.second[name][k].plate;
      const agree = results.filter((r) => r.net.guide.plate && second(r) === r.net.guide.plate);
      row(c, "agreement (second's plate = net's best)", pct(agree.length, n), "%");
      row(c, "wrong agreements (equal and wrong)", agree.filter((r) => r.net.guide.plate !== r.plate).length, "photos");
      // Accepted: the net's lock unless the second reader reads another plate; below the lock, the net's best when both agree.
      const accepted = results.map((r) => {
        const s = second(r),
          best = r.net.guide.plate;
        if (!best) return null;
        if (r.net.guide.p >= LOCK_P) return s === null || s === best ? best : null;
        return s === best ? best : null;
      });
      row(c, "lock unless vetoed, else agreement: right", accepted.filter((a, i) => a && a === results[i].plate).length, "photos");
      row(c, "lock unless vetoed, else agreement: wrong", accepted.filter((a, i) => a && a !== results[i].plate).length, "photos");
      row(c, "lock unless vetoed, else agreement: none", accepted.filter((a) => !a).length, "photos");
      const vetoed = locks.filter((r) => r.net.guide.plate === r.plate && second(r) !== null && second(r) !== r.net.guide.plate);
      row(c, "second reader vetoes a right net lock", vetoed.length, "photos");
    }

  // What each reader downloads in the browser: the model or data, the runtime's wasm and its JS.
  const size = (files: (string | Uint8Array)[], gz: boolean) =>
    files.reduce<number>((s, f) => {
      const b = typeof f === "string" ? fs.readFileSync(f) : f;
      return s + (gz && !(typeof f === "string" && f.endsWith(".gz")) ? gzipSync(b, { level: 9 }).length : b.length);
    }, 0) /
    2 ** 20;
  const runtime = { wasm: wasmFile, js: mod("onnxruntime-web/dist/ort.wasm.bundle.min.mjs") };
  const assets: [string, Record<string, string | Uint8Array>][] = [
    ["net", { weights: path.join(root, "workers/ocr/plate-net.bin") }],
    ...paddleModels.map((p, i): [string, Record<string, string | Uint8Array>] => [
      paddleRow(p.name),
      { model: p.model, ...runtime, ...(i === 0 ? { dictionary: PACKAGE_DICTIONARY } : {}) },
    ]),
    [
      "tesseract",
      {
        "eng LSTM data (.gz as shipped)": path.join(tessLang, "eng.traineddata.gz"),
        "core wasm (simd-lstm)": mod("tesseract.js-core/tesseract-core-simd-lstm.wasm"),
        "core js": mod("tesseract.js-core/tesseract-core-simd-lstm.js"),
        "worker js": mod("tesseract.js/dist/worker.min.js"),
        js: mod("tesseract.js/dist/tesseract.esm.min.js"),
      },
    ],
  ];
  for (const [name, files] of assets) {
    for (const [what, f] of Object.entries(files)) {
      row(`${name} assets`, `${what}, raw`, size([f], false), "MiB");
      row(`${name} assets`, `${what}, gzip`, size([f], true), "MiB");
    }
    row(`${name} assets`, "total, raw", size(Object.values(files), false), "MiB");
    row(`${name} assets`, "total, gzip", size(Object.values(files), true), "MiB");
  }
  for (const name of paddleNames) row(paddleRow(name), "session creation (runtime started)", createMs[name], "ms");
  return rows;
}
