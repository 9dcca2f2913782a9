// Plate reading in real Chromium through the OCR worker, per set and per format: exact plate on a single frame and after the
// shipped lock, wrong plates locked, no lock, per character, the most frequent confusions, frames to lock, worker ms per frame;
// and the OCR assets' gzipped bytes (Node runner). Sets: the generated cars (.tmp/plates-generated, PLATES_COUNT plates, both
// formats alternating; a Mercosul plate's 5th letter A-J on 6 in 10, K-Z on the rest, reported apart) and motorcycles
// (PLATES_MOTO_COUNT), and PLATES_DIR=dir with labels.tsv (file<TAB>PLATE<TAB>x y w h) beside them.
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { createServer } from "vite";
import { chromium } from "playwright-core";
import { CHROME_ARGS, CHROME_PATH } from "../tests/support/chromium.ts";
import type { BenchRow } from "./types.ts";
import { readLabels, type LabelRow } from "./labels.ts";

// The page result shape shared with bench/browser/plates-page.ts (not imported: that page's imports need Vite's client types).
interface PlateResult {
  file: string;
  plate: string;
  single: string | null;
  locked: string | null;
  framesToLock: number | null;
  ms: number[];
  singleProbability: number;
  choices: string[];
  whole: string | null;
  wholeMs: number[];
  wholeLocked: string | null;
  wholeProbability: number;
  wholeSeconds: (string | null)[];
  second?: string | null;
  secondMs?: number;
}

type PlatesPage = {
  readPlates?: (rows: LabelRow[], withSecond?: boolean) => Promise<PlateResult[]>;
};
/** The set generator, bench/browser/plate-render.ts generatePlateSet, imported by the page from Vite (not imported here). */
type PlateRender = {
  generatePlateSet: (
    count: number,
    seed: number,
    moto?: boolean,
  ) => Promise<{ file: string; plate: string; box: LabelRow["box"]; jpeg: string }[]>;
};

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
  const generated = path.join(root, ".tmp", "plates-generated"),
    motos = path.join(root, ".tmp", "plates-generated-moto");
  // The generated sets always (cars; motorcycles, where only wrong locks matter); a labelled photo folder beside them when
  // PLATES_DIR is set (docs/budgets.md "Plate scanner" reports them side by side).
  // PLATES_GENERATED=0 skips the generated sets (a quick run on PLATES_DIR alone).
  const withGenerated = process.env.PLATES_GENERATED !== "0";
  const sets = [...(withGenerated ? [generated, motos] : []), ...(process.env.PLATES_DIR ? [path.resolve(process.env.PLATES_DIR)] : [])];
  const count = Number(process.env.PLATES_COUNT ?? 400),
    motoCount = Number(process.env.PLATES_MOTO_COUNT ?? 60);
  const vite = await createServer({ logLevel: "silent", server: { port: 0, host: "localhost" } });
  await vite.listen();
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_ARGS, headless: true });
  const rows: BenchRow[] = [];
  const row = (c: string, metric: string, value: number, unit: string) => rows.push({ bench: "plates", case: c, metric, value, unit });
  try {
    const page = await browser.newPage();
    // The set's files, served to the page from any directory.
    let dir = generated;
    await page.route("**/plates-data/*", (route) => {
      const name = decodeURIComponent(new URL(route.request().url()).pathname.split("/").pop()!);
      route.fulfill({ body: fs.readFileSync(path.join(dir, name)) });
    });
    const port = (vite.httpServer!.address() as { port: number }).port;
    await page.goto(`http://localhost:${port}/bench/browser/plates.html`);
    await page.waitForFunction(() => typeof (globalThis as PlatesPage).readPlates === "function", undefined, { timeout: 120_000 });
    for (const [out, n, moto] of (withGenerated
      ? [
          [generated, count, false],
          [motos, motoCount, true],
        ]
      : []) as [string, number, boolean][]) {
      fs.rmSync(out, { recursive: true, force: true });
      fs.mkdirSync(out, { recursive: true });
      // Generated in the page with plate-render.ts's own generator (a Mercosul plate's 5th any letter, issue 48).
      const made = await page.evaluate(
        async ([k, seed, m, url]) => ((await import(/* @vite-ignore */ url)) as PlateRender).generatePlateSet(k, seed, m),
        [n, moto ? 2027 : 2026, moto, "/bench/browser/plate-render.ts"] as const,
      );
      for (const m of made) fs.writeFileSync(path.join(out, m.file), Buffer.from(m.jpeg, "base64"));
      fs.writeFileSync(
        path.join(out, "labels.tsv"),
        made.map((m) => `${m.file}\t${m.plate}\t${m.box!.x} ${m.box!.y} ${m.box!.w} ${m.box!.h}`).join("\n") + "\n",
      );
    }
    for (dir of sets) {
      const labels = readLabels(dir);
      const setName = dir === generated ? "generated" : dir === motos ? "generated motorcycles" : path.basename(dir);
      const results = await page.evaluate((ls) => (globalThis as PlatesPage).readPlates!(ls), labels);
      // The same frames with the second reader's opinion (the shipped rule: it vetoes a lock it disagrees with, its agreement
      // with the net's best plate is taken on one frame).
      const seconded =
        process.env.PLATES_SECOND === "0" ? [] : await page.evaluate((ls) => (globalThis as PlatesPage).readPlates!(ls, true), labels);
      const isMerc = (r: PlateResult) => /^[A-Z]{3}[0-9][A-Z]/.test(r.plate);
      // A Mercosul plate's 5th: A-J on the converted old plates, K-Z only on plates issued new (issue 48).
      const converted = (r: PlateResult) => r.plate[4] <= "J";
      const groups: [string, PlateResult[]][] = [
        ["all", results],
        ["old", results.filter((r) => !isMerc(r))],
        ["Mercosul", results.filter(isMerc)],
        ["Mercosul A-J", results.filter((r) => isMerc(r) && converted(r))],
        ["Mercosul K-Z", results.filter((r) => isMerc(r) && !converted(r))],
      ];
      for (const [format, rs] of groups) {
        if (!rs.length || (format !== "all" && rs.length === results.length)) continue;
        const c = `${setName} ${format} (${rs.length} plates)`;
        const n = rs.length;
        row(c, "exact plate, single frame", pct(rs.filter((r) => r.single === r.plate).length, n), "%");
        row(c, "exact plate, with lock (<= 5 frames)", pct(rs.filter((r) => r.locked === r.plate).length, n), "%");
        row(c, "wrong plate locked", pct(rs.filter((r) => r.locked && r.locked !== r.plate).length, n), "%");
        const unlocked = rs.filter((r) => !r.locked);
        row(c, "no lock in 5 frames", pct(unlocked.length, n), "%");
        // What the attendant then sees: the plate among the one-tap choices of 'Confirme a placa' (else: type it).
        row(
          c,
          "no lock, plate among the choices",
          pct(unlocked.filter((r) => r.choices.includes(r.plate)).length, unlocked.length),
          "% of no lock",
        );
        row(
          c,
          "per character, single frame",
          pct(
            rs.reduce((s, r) => s + charHits(r.plate, r.single), 0),
            n * 7,
          ),
          "%",
        );
        const frames = rs.filter((r) => r.framesToLock).map((r) => r.framesToLock!);
        row(c, "frames until lock, median", quantile(frames, 0.5), "frames");
        row(c, "frames until lock, p95", quantile(frames, 0.95), "frames");
      }
      const c = `${setName} (${results.length} plates)`;
      if (seconded.length) {
        const n = seconded.length;
        row(
          c,
          "crops, second reader on the crop (not shipped): exact after lock",
          pct(seconded.filter((r) => r.locked === r.plate).length, n),
          "%",
        );
        row(
          c,
          "crops, second reader on the crop (not shipped): WRONG locked",
          pct(seconded.filter((r) => r.locked && r.locked !== r.plate).length, n),
          "%",
        );
        row(c, "crops, second reader on the crop (not shipped): no lock", pct(seconded.filter((r) => !r.locked).length, n), "%");
        row(c, "second reader alone: exact, 1 frame", pct(seconded.filter((r) => r.second === r.plate).length, n), "%");
        const secondMs = seconded.flatMap((r) => r.secondMs ?? []);
        row(c, "second reader ms per read, p50", quantile(secondMs, 0.5), "ms");
        row(c, "second reader ms per read, p95", quantile(secondMs, 0.95), "ms");
        const right = seconded.filter((r) => r.wholeLocked === r.plate).length;
        const wrong = seconded.filter((r) => r.wholeLocked && r.wholeLocked !== r.plate).length;
        row(c, "whole photo, hand-held, with second reader: exact after lock", pct(right, n), "%");
        row(c, "whole photo, hand-held, with second reader: WRONG locked", pct(wrong, n), "%");
        if (process.env.PLATES_VERBOSE)
          for (const r of seconded)
            if (r.wholeLocked !== r.plate)
              console.error(
                `${setName} second ${r.file} ${r.plate} whole=${r.wholeLocked} seconds=${r.wholeSeconds.join(",")} crop=${r.locked}`,
              );
      }
      // The whole photo with no box given (the scanner's search), hand-held frames: found and read right on one frame, locked,
      // and the worker's time per frame.
      const n = results.length;
      row(c, "whole photo (no box), exact, 1 frame", pct(results.filter((r) => r.whole === r.plate).length, n), "%");
      row(c, "whole photo, hand-held, net only: exact after lock", pct(results.filter((r) => r.wholeLocked === r.plate).length, n), "%");
      row(
        c,
        "whole photo, hand-held, net only: WRONG locked",
        pct(results.filter((r) => r.wholeLocked && r.wholeLocked !== r.plate).length, n),
        "%",
      );
      const wholeMs = results.flatMap((r) => r.wholeMs);
      row(c, "whole photo: find + read ms, p50", quantile(wholeMs, 0.5), "ms");
      row(c, "whole photo: find + read ms, p95", quantile(wholeMs, 0.95), "ms");
      if (process.env.PLATES_VERBOSE)
        for (const r of results)
          if (r.whole !== r.plate || r.wholeLocked !== r.plate)
            console.error(
              `${setName} whole ${r.file} ${r.plate} first=${r.whole} locked=${r.wholeLocked} (${r.wholeProbability.toFixed(2)})`,
            );
      const ms = results.flatMap((r) => r.ms);
      row(c, "worker ms per frame, p50", quantile(ms, 0.5), "ms");
      row(c, "worker ms per frame, p95", quantile(ms, 0.95), "ms");
      // The most frequent single-frame confusions (printed character -> read character), over 7-character reads.
      const confusions = new Map<string, number>();
      for (const r of results)
        if (r.single && r.single.length === 7)
          [...r.plate].forEach((ch, i) => {
            if (r.single![i] !== ch) confusions.set(`${ch}->${r.single![i]}`, (confusions.get(`${ch}->${r.single![i]}`) ?? 0) + 1);
          });
      for (const [pair, k] of [...confusions].sort((a, b) => b[1] - a[1]).slice(0, 6)) row(c, `confusion ${pair}`, k, "reads");
      // PLATES_VERBOSE=1: every image not read right on one frame or not locked right; =all: every image.
      const all = process.env.PLATES_VERBOSE === "all";
      if (process.env.PLATES_VERBOSE)
        for (const r of results)
          if (all || r.single !== r.plate || r.locked !== r.plate) {
            console.error(
              `${setName} ${r.file} ${r.plate} single=${r.single} (${r.singleProbability.toFixed(3)}) locked=${r.locked} frames=${r.framesToLock}`,
            );
          }
    }
  } finally {
    await browser.close();
    await vite.close();
  }
  // What /scan downloads, gzipped: the net's weights and (after a build) the worker's script.
  const gz = (f: string) => gzipSync(fs.readFileSync(f), { level: 9 }).length / 1024;
  row("OCR assets (gzip)", "plate net weights", gz(path.join(root, "workers/ocr/plate-net.bin")), "KiB");
  const distAssets = path.join(root, "dist", "assets");
  if (fs.existsSync(distAssets)) {
    const files = fs.readdirSync(distAssets);
    const worker = files.find((f) => /^ocr\.worker-.*\.js$/.test(f));
    if (worker) row("OCR assets (gzip)", `dist ${worker}`, gz(path.join(distAssets, worker)), "KiB");
  }
  return rows;
}
