// Gzipped JavaScript a route needs before it can render, read from a build's Vite manifest: the entry chunk and its static
// imports, plus the route's lazy page chunk and its imports; and a page of its own (the member's acompanhar.html) (Node; shared
// by the bundle and lighthouse benches).
import fs from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Manifest } from "vite";

/** A chunk and its static imports, transitively. */
function collect(manifest: Manifest, key: string, seen: Set<string>) {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return;
  seen.add(chunk.file);
  for (const dep of chunk.imports ?? []) collect(manifest, dep, seen);
}

/**
 * `outDir` must be a build made with `manifest: true`. Sizes in KiB; a page the build does not hold gives null. `pageKiB`: an
 * HTML entry of its own (not the app's), gzip and brotli (what the server sends a browser that accepts it).
 */
export function initialJs(outDir: string): {
  entryKiB: number;
  routeKiB: (source: string) => number | null;
  pageKiB: (html: string) => { gzip: number; brotli: number } | null;
} {
  const manifest = JSON.parse(fs.readFileSync(path.join(outDir, ".vite", "manifest.json"), "utf8")) as Manifest;
  // The app's entry by name: the member's follow page (acompanhar.html) is an entry too.
  const entryKey = "index.html";
  const gz = (files: Set<string>) =>
    [...files].filter((f) => f.endsWith(".js")).reduce((n, f) => n + gzipSync(fs.readFileSync(path.join(outDir, f))).length, 0) / 1024;
  const entryFiles = new Set<string>();
  collect(manifest, entryKey, entryFiles);
  return {
    entryKiB: gz(entryFiles),
    routeKiB: (source) => {
      if (!manifest[source]) return null;
      const files = new Set(entryFiles);
      collect(manifest, source, files);
      return gz(files);
    },
    pageKiB: (html) => {
      if (!manifest[html]) return null;
      const files = new Set<string>();
      collect(manifest, html, files);
      const js = [...files].filter((f) => f.endsWith(".js")).map((f) => fs.readFileSync(path.join(outDir, f)));
      const br = (b: Buffer) => brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
      return { gzip: gz(files), brotli: js.reduce((n, b) => n + br(b), 0) / 1024 };
    },
  };
}
