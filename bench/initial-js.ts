// Gzipped JavaScript a route needs before it can render, read from a build's Vite manifest: the entry chunk and its static
// imports, plus the route's lazy page chunk and its imports (Node; shared by the bundle and lighthouse benches).
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { Manifest } from "vite";

/** A chunk and its static imports, transitively. */
function collect(manifest: Manifest, key: string, seen: Set<string>) {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return;
  seen.add(chunk.file);
  for (const dep of chunk.imports ?? []) collect(manifest, dep, seen);
}

/** `outDir` must be a build made with `manifest: true`. Sizes in KiB; a page the build does not hold gives null. */
export function initialJs(outDir: string): { entryKiB: number; routeKiB: (source: string) => number | null } {
  const manifest = JSON.parse(fs.readFileSync(path.join(outDir, ".vite", "manifest.json"), "utf8")) as Manifest;
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry)!;
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
  };
}
