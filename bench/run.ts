// Benchmark runner: `npm run bench [name ...]` runs bench/*.bench.ts, prints a table and writes bench/results/latest.json (Node).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Bench, BenchRow } from "./types.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const files = fs
  .readdirSync(here)
  .filter((f) => f.endsWith(".bench.ts"))
  .sort()
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.startsWith(w)));

const rows: BenchRow[] = [];
for (const file of files) {
  const started = Date.now();
  const bench = (await import(path.join(here, file))).default as Bench;
  rows.push(...(await bench()));
  console.error(`${file}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

const fmt = (v: number) => (Math.abs(v) >= 100 ? v.toFixed(0) : v.toFixed(2));
const table = rows.map((r) => [r.bench, r.case, r.metric, fmt(r.value), r.unit]);
const head = ["bench", "case", "metric", "value", "unit"];
const widths = head.map((h, i) => Math.max(h.length, ...table.map((t) => t[i].length)));
const line = (cells: string[]) => cells.map((c, i) => (i === 3 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join("  ");
console.log(line(head));
console.log(widths.map((w) => "-".repeat(w)).join("  "));
for (const t of table) console.log(line(t));

const outDir = path.join(here, "results");
fs.mkdirSync(outDir, { recursive: true });
const out = { date: new Date().toISOString(), node: process.version, cpus: (await import("node:os")).cpus().length, rows };
fs.writeFileSync(path.join(outDir, "latest.json"), JSON.stringify(out, null, 2));
console.log(`\n${rows.length} figures written to bench/results/latest.json`);
