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

/** Source bytes under which a set of lazy chunks' common modules joins "lazy-common" (below): measured with
 * `npm run bench bundle` and Lighthouse, 3 000 took the OS screen from 41 chunks to 29 for +0.4 KiB gzip and the other routes
 * +3-5 KiB; 6 000 gave 25 chunks for +7-14 KiB on every route. */
export const LAZY_COMMON_MAX_BYTES = 3_000;

/**
 * The lazy chunks' small common pieces in one chunk ("lazy-common"). Left to itself, Rolldown puts the modules each distinct
 * set of lazy chunks shares into a chunk of their own: the OS screen loaded 37 chunks besides the initial ones, 17 of them under
 * 500 bytes gzipped, each a request queued on HTTP/1.1's six connections before the page can render (issue 52). A module goes
 * there when the modules it would share a chunk with (those the same set of lazy chunks reaches) weigh less than `maxBytes`
 * of source together and none imports a style sheet (its rules would then load on every page), and the member's page never
 * loads it; and every module it imports is initial or goes there too (a group takes its modules' dependencies with it).
 */
export function lazyCommonGroup(root: string, maxBytes: number) {
  const classify = classifier(root);
  let cached: { ctx: ChunkingContext; members: Set<string> } | undefined;
  const compute = (ctx: ChunkingContext): Set<string> => {
    const member = reach(ctx, path.resolve(root, MEMBER_HTML), true);
    const all = reach(ctx, path.resolve(root, APP_HTML), true);
    const lazyRoots = new Set<string>();
    for (const id of all) for (const d of ctx.getModuleInfo(id)?.dynamicallyImportedIds ?? []) lazyRoots.add(d);
    const lazy = (id: string) => classify(id, ctx) === null && !ENTRY_FILES.test(id);
    // Which lazy chunks reach each module statically (short of the initial chunks and of other lazy chunks).
    const reachedBy = new Map<string, string[]>();
    for (const r of lazyRoots) {
      const seen = new Set<string>();
      const stack = [r];
      while (stack.length) {
        const id = stack.pop()!;
        if (seen.has(id) || (id !== r && lazyRoots.has(id)) || !lazy(id)) continue;
        seen.add(id);
        stack.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
      }
      for (const id of seen) if (!lazyRoots.has(id)) reachedBy.set(id, [...(reachedBy.get(id) ?? []), r]);
    }
    const sets = new Map<string, string[]>();
    for (const [id, roots] of reachedBy) {
      if (roots.length < 2 || member.has(id)) continue;
      const key = roots.sort().join("|");
      sets.set(key, [...(sets.get(key) ?? []), id]);
    }
    const css = (id: string) => /\.css$/.test(id) || (ctx.getModuleInfo(id)?.importedIds ?? []).some((d) => /\.css$/.test(d));
    const members = new Set<string>();
    for (const ids of sets.values()) {
      const size = ids.reduce((n, id) => n + (ctx.getModuleInfo(id)?.code?.length ?? Number.POSITIVE_INFINITY), 0);
      if (size < maxBytes && !ids.some(css)) for (const id of ids) members.add(id);
    }
    for (let changed = true; changed;) {
      changed = false;
      for (const id of members) {
        if ((ctx.getModuleInfo(id)?.importedIds ?? []).every((d) => members.has(d) || !lazy(d))) continue;
        members.delete(id);
        changed = true;
      }
    }
    return members;
  };
  return {
    name: (id: string, ctx: ChunkingContext) => {
      if (cached?.ctx !== ctx) cached = { ctx, members: compute(ctx) };
      return cached.members.has(id) ? "lazy-common" : null;
    },
    priority: 0,
  };
}
