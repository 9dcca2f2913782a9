// Vite/Rolldown build: which chunk each module the two entries load at once goes to (vite.config.ts's `$initial` group), so the
// app keeps its one initial chunk and the member's follow page (acompanhar.html) loads none of the app's modules (Node, build).
import path from "node:path";
import type { ChunkingContext } from "rolldown";

/** The two entries (their HTML pages); these and their first modules stay out of every group (see vite.config.ts). */
export const APP_HTML = "index.html";
export const MEMBER_HTML = "acompanhar.html";
const ENTRY_FILES = /[\\/](index\.html|acompanhar\.html|src[\\/]app[\\/]main\.tsx|src[\\/]member[\\/]main\.tsx)$/;

interface Reach {
  app: Set<string>;
  memberStatic: Set<string>;
  memberAll: Set<string>;
}

/** Every module reachable from `start` through static imports (and dynamic ones when `dynamic`). */
function reach(ctx: ChunkingContext, start: string, dynamic: boolean): Set<string> {
  const seen = new Set<string>();
  const stack = [start];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const info = ctx.getModuleInfo(id);
    if (!info) continue;
    stack.push(...info.importedIds, ...(dynamic ? info.dynamicallyImportedIds : []));
  }
  return seen;
}

type Chunk = "app" | "shared" | "app-common";

/**
 * Where each module one entry imports statically goes:
 * - "app": only the app loads it at start (the app's one initial chunk, as before the member page existed);
 * - "shared": both entries load it at start (React, React DOM, TanStack Query, the API client): a chunk of its own, or the
 *   member page would load the app's whole chunk, or the app the member's;
 * - "app-common": the app loads it at start and the member page only later (through a lazy chunk: the evidence verifier):
 *   kept out of "app" so that lazy chunk does not pull the app's whole chunk;
 * - null (its entry's own chunk): only the member page loads it, or it is an entry's HTML or first module.
 */
function classifier(root: string) {
  // From the HTML, not main.tsx: what the build adds to each page (the module preload polyfill) counts too.
  const appHtml = path.resolve(root, APP_HTML);
  const memberHtml = path.resolve(root, MEMBER_HTML);
  // The graph does not change within one chunking pass: computed once per pass (the context object is the pass's).
  let cached: { ctx: ChunkingContext; reach: Reach } | undefined;
  return (id: string, ctx: ChunkingContext): Chunk | null => {
    if (ENTRY_FILES.test(id)) return null;
    if (cached?.ctx !== ctx) {
      cached = {
        ctx,
        reach: { app: reach(ctx, appHtml, false), memberStatic: reach(ctx, memberHtml, false), memberAll: reach(ctx, memberHtml, true) },
      };
    }
    const r = cached.reach;
    if (r.memberStatic.has(id)) return r.app.has(id) ? "shared" : null;
    if (!r.app.has(id)) return null;
    return r.memberAll.has(id) ? "app-common" : "app";
  };
}

/**
 * The `$initial` groups, by priority: "shared" first, then "app-common", then "app" (a group also takes its modules'
 * dependencies, so "app" taken first would swallow React DOM and the member page would load it whole).
 */
export function initialChunkGroups(root: string) {
  const classify = classifier(root);
  return (["shared", "app-common", "app"] as const).map((chunk, i) => ({
    name: (id: string, ctx: ChunkingContext) => (classify(id, ctx) === chunk ? chunk : null),
    tags: ["$initial" as const],
    priority: 3 - i,
  }));
}
