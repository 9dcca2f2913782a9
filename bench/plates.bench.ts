// Plate reading in real Chromium through the OCR worker: exact-plate and per-character accuracy (single frame and with the
// shipped lock), worker ms per frame, frames until lock, per variant (PLATES_VARIANTS: best_int+chars = shipped, best_int = tesseract
// alone, tessdata = float model), and the OCR assets' gzipped bytes (Node runner).
// The set: PLATES_DIR=dir with labels.tsv (file<TAB>PLATE[<TAB>x y w h]); by default a generated set (.tmp/plates-generated).
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { createServer } from "vite";
import { chromium } from "playwright-core";
import { CHROME_ARGS, CHROME_PATH } from "../tests/e2e/browser.ts";
import type { BenchRow } from "./types.ts";

// Shapes shared with bench/browser/plates-page.ts (not imported: that page's imports need Vite's client types).
interface LabelRow { file: string; plate: string; box?: { x: number; y: number; w: number; h: number } }
interface PlateResult { file: string; plate: string; single: string | null; locked: string | null; framesToLock: number | null; ms: number[] }

type PlatesPage = {
  generatePlates?: (count: number, seed: number) => Promise<{ file: string; plate: string; box: LabelRow["box"]; jpeg: string }[]>;
  readPlates?: (rows: LabelRow[], variant: "best_int" | "tessdata", plateClassifier: boolean) => Promise<PlateResult[]>;
};

function readLabels(dir: string): LabelRow[] {
  return fs.readFileSync(path.join(dir, "labels.tsv"), "utf8").split("\n").map((l) => l.trim()).filter((l) => l && !l.startsWith("#"))
    .map((l) => {
      const [file, plate, box] = l.split("\t");
      const nums = box?.trim().split(/\s+/).map(Number);
      return { file, plate: plate.toUpperCase().replace(/[^A-Z0-9]/g, ""), box: nums?.length === 4 ? { x: nums[0], y: nums[1], w: nums[2], h: nums[3] } : undefined };
    });
}

const pct = (n: number, d: number) => (d ? (n / d) * 100 : 0);
const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))] : 0;
};
function charHits(truth: string, read: string | null) {
  if (!read || read.length !== truth.length) return 0;
  return [...truth].filter((c, i) => read[i] === c).length;
}

export default async function platesBench(): Promise<BenchRow[]> {
  const root = path.resolve(import.meta.dirname, "..");
  const dir = process.env.PLATES_DIR ? path.resolve(process.env.PLATES_DIR) : path.join(root, ".tmp", "plates-generated");
  const count = Number(process.env.PLATES_COUNT ?? 160);
  const vite = await createServer({ logLevel: "silent", server: { port: 0, host: "localhost" } });
  await vite.listen();
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_ARGS, headless: true });
  const rows: BenchRow[] = [];
  const row = (c: string, metric: string, value: number, unit: string) => rows.push({ bench: "plates", case: c, metric, value, unit });
  try {
    const page = await browser.newPage();
    // The set's files, served to the page from any directory.
    await page.route("**/plates-data/*", (route) => {
      const name = decodeURIComponent(new URL(route.request().url()).pathname.split("/").pop()!);
      route.fulfill({ body: fs.readFileSync(path.join(dir, name)) });
    });
    const port = (vite.httpServer!.address() as { port: number }).port;
    await page.goto(`http://localhost:${port}/bench/browser/plates.html`);
    await page.waitForFunction(() => typeof (globalThis as PlatesPage).readPlates === "function", undefined, { timeout: 120_000 });
    if (!process.env.PLATES_DIR) {
      fs.rmSync(dir, { recursive: true, force: true });
      fs.mkdirSync(dir, { recursive: true });
      const made = await page.evaluate(([n, seed]) => (globalThis as PlatesPage).generatePlates!(n, seed), [count, 2026] as const);
      for (const m of made) fs.writeFileSync(path.join(dir, m.file), Buffer.from(m.jpeg, "base64"));
      fs.writeFileSync(path.join(dir, "labels.tsv"), made.map((m) => `${m.file}\t${m.plate}\t${m.box!.x} ${m.box!.y} ${m.box!.w} ${m.box!.h}`).join("\n") + "\n");
    }
    const labels = readLabels(dir);
    const setName = process.env.PLATES_DIR ? path.basename(dir) : "generated";
    // Shipped: eng best_int + the plate-font classifier. Compared: tesseract alone, and the larger float traineddata.
    const runs = (process.env.PLATES_VARIANTS ?? "best_int+chars,best_int").split(",").map((v) => v.trim());
    for (const run of runs) {
      const variant = run.replace("+chars", "") as "best_int" | "tessdata", chars = run.endsWith("+chars");
      const results = await page.evaluate(([ls, v, c]) => (globalThis as PlatesPage).readPlates!(ls, v, c), [labels, variant, chars] as const);
      const c = `${setName} (${labels.length} plates) eng ${variant}${chars ? " + plate-font classifier" : " alone"}`;
      const n = results.length;
      const merc = results.filter((r) => /^[A-Z]{3}[0-9][A-Z]/.test(r.plate));
      row(c, "exact plate, single frame", pct(results.filter((r) => r.single === r.plate).length, n), "%");
      row(c, "exact plate, single frame, Mercosul", pct(merc.filter((r) => r.single === r.plate).length, merc.length), "%");
      row(c, "exact plate, single frame, old", pct(results.filter((r) => !merc.includes(r) && r.single === r.plate).length, n - merc.length), "%");
      row(c, "per character, single frame", pct(results.reduce((s, r) => s + charHits(r.plate, r.single), 0), n * 7), "%");
      row(c, "exact plate, with lock (<= 5 frames)", pct(results.filter((r) => r.locked === r.plate).length, n), "%");
      row(c, "wrong plate locked", pct(results.filter((r) => r.locked && r.locked !== r.plate).length, n), "%");
      row(c, "no lock in 5 frames", pct(results.filter((r) => !r.locked).length, n), "%");
      const frames = results.filter((r) => r.framesToLock).map((r) => r.framesToLock!);
      row(c, "frames until lock, median", quantile(frames, 0.5), "frames");
      row(c, "frames until lock, p95", quantile(frames, 0.95), "frames");
      const ms = results.flatMap((r) => r.ms);
      row(c, "worker ms per frame, median", quantile(ms, 0.5), "ms");
      row(c, "worker ms per frame, p95", quantile(ms, 0.95), "ms");
      if (process.env.PLATES_VERBOSE) for (const r of results) if (r.single !== r.plate) console.error(`${run} ${r.file} ${r.plate} single=${r.single} locked=${r.locked}`);
    }
  } finally {
    await browser.close();
    await vite.close();
  }
  // What /scan downloads, gzipped (the traineddata ships gzipped already; wasm is served precompressed).
  const nm = path.join(root, "node_modules");
  const gz = (f: string) => gzipSync(fs.readFileSync(path.join(nm, f)), { level: 9 }).length;
  row("OCR assets (gzip)", "core wasm (SIMD, LSTM only)", gz("tesseract.js-core/tesseract-core-simd-lstm.wasm") / 1024, "KiB");
  row("OCR assets (gzip)", "core JS glue (bundled into the worker)", gz("tesseract.js-core/tesseract-core-simd-lstm.js") / 1024, "KiB");
  row("OCR assets (gzip)", "eng 4.0.0_best_int traineddata (shipped)", fs.statSync(path.join(nm, "@tesseract.js-data/eng/4.0.0_best_int/eng.traineddata.gz")).size / 1024, "KiB");
  row("OCR assets (gzip)", "eng 4.0.0 traineddata (compared, not shipped)", fs.statSync(path.join(nm, "@tesseract.js-data/eng/4.0.0/eng.traineddata.gz")).size / 1024, "KiB");
  const distAssets = path.join(root, "dist", "assets");
  if (fs.existsSync(distAssets)) {
    const files = fs.readdirSync(distAssets);
    const worker = files.find((f) => /^ocr\.worker-.*\.js$/.test(f));
    if (worker) row("OCR assets (gzip)", `dist ${worker}`, gzipSync(fs.readFileSync(path.join(distAssets, worker))).length / 1024, "KiB");
    const entry = files.filter((f) => /^index-.*\.js$/.test(f));
    const leaks = entry.filter((f) => /TesseractCore|traineddata/.test(fs.readFileSync(path.join(distAssets, f), "utf8")));
    row("OCR assets (gzip)", "dist entry chunks holding tesseract", leaks.length, "count");
  }
  return rows;
}
