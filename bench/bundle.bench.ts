// Gzipped JavaScript a browser must load before each route can render (entry + its imports + the route's lazy chunk) (Node).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { buildApp } from "../tests/support/build-app.ts";
import { initialJs } from "./initial-js.ts";
import type { BenchRow } from "./types.ts";

const ROUTES: [string, string][] = [
  ["/login", "src/features/session/components/login-page.tsx"],
  ["/ (agenda)", "src/features/agenda/components/agenda-page.tsx"],
  ["/avaliacoes", "src/features/avaliacoes/components/ratings-page.tsx"],
  ["/retorno-servico", "src/features/retornos/components/returns-page.tsx"],
  ["/dados-bancarios", "src/features/dados-bancarios/components/bank-data-page.tsx"],
  ["/dados-cadastrais", "src/features/dados-cadastrais/components/registration-page.tsx"],
  ["/registro-alteracoes", "src/features/auditoria/components/audit-page.tsx"],
  ["/espelho", "src/features/espelho/components/mirror-page.tsx"],
  ["/privacy", "src/features/legal/privacy-page.tsx"],
  ["/terms", "src/features/legal/terms-page.tsx"],
  ["/contratos", "src/features/legal/contract-page.tsx"],
  ["/execucao-os/:id", "src/features/ordem-servico/components/order-page.tsx"],
  ["/scan", "src/features/scanner/components/scanner-page.tsx"],
  ["/equipe", "src/features/equipe/components/team-page.tsx"],
  ["/notificacoes", "src/features/notificacoes/components/notifications-page.tsx"],
  ["/central/inicio", "src/features/central/components/home-section.tsx"],
  ["/central/aprovacoes", "src/features/central/components/approvals-section.tsx"],
  ["/central/pagamentos", "src/features/central/components/payments-section.tsx"],
  ["/central/pontos", "src/features/central/components/points-section.tsx"],
  ["/central/registro-alteracoes", "src/features/central/components/audit-section.tsx"],
  ["/central/equipe", "src/features/central/components/staff-section.tsx"],
];

/** What each media engine adds when it is first used (worker chunks and assets loaded on demand, not at startup). */
const ENGINES: [string, RegExp][] = [
  ["video worker (mediabunny, WebCodecs)", /^video\.worker-.*\.js$/],
  ["ffmpeg.wasm core JS", /^ffmpeg-core-.*\.js$/],
  ["ffmpeg.wasm core wasm", /^ffmpeg-core-.*\.wasm$/],
  ["image worker (OffscreenCanvas)", /^image\.worker-.*\.js$/],
  ["browser-image-compression (fallback)", /^browser-image-compression-.*\.js$/],
  ["outbox worker", /^outbox\.worker-.*\.js$/],
  ["OCR worker (plate net's forward pass and decoding, /scan only)", /^ocr\.worker-.*\.js$/],
  ["OCR plate net weights (/scan only)", /^plate-net-.*\.bin$/],
];

export default async function bundleBench(): Promise<BenchRow[]> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-bench-dist-"));
  try {
    await buildApp(outDir, { manifest: true });
    const js = initialJs(outDir);
    const rows: BenchRow[] = [{ bench: "bundle", case: "entry (every route)", metric: "gzip JS", value: js.entryKiB, unit: "KiB" }];
    for (const [route, source] of ROUTES) {
      const kib = js.routeKiB(source);
      // A page not (yet) lazily imported by the router has no manifest entry: say so rather than print the entry's size as its own.
      rows.push(
        kib === null
          ? { bench: "bundle", case: route, metric: "missing from build", value: 0, unit: "KiB" }
          : { bench: "bundle", case: route, metric: "gzip JS initial", value: kib, unit: "KiB" },
      );
    }
    // The member's follow page: a page of its own (React DOM, TanStack Query and its own code; none of the app's). Issue 39
    // asks for at most 60 KiB: React DOM 19 alone is about 58 KiB of it, so the row says how far the floor is.
    const member = js.pageKiB("acompanhar.html");
    rows.push(
      member
        ? { bench: "bundle", case: "/acompanhar (member page)", metric: "gzip JS initial", value: member.gzip, unit: "KiB" }
        : { bench: "bundle", case: "/acompanhar (member page)", metric: "missing from build", value: 0, unit: "KiB" },
    );
    if (member)
      rows.push({ bench: "bundle", case: "/acompanhar (member page)", metric: "brotli JS initial", value: member.brotli, unit: "KiB" });
    const assets = fs.readdirSync(path.join(outDir, "assets"));
    for (const [engine, pattern] of ENGINES) {
      const files = assets.filter((f) => pattern.test(f));
      const bytes = files.reduce((n, f) => n + gzipSync(fs.readFileSync(path.join(outDir, "assets", f)), { level: 6 }).length, 0);
      rows.push({
        bench: "bundle",
        case: `engine: ${engine}`,
        metric: files.length ? "gzip bytes when loaded" : "missing from build",
        value: bytes / 1024,
        unit: "KiB",
      });
    }
    return rows;
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}
