// Local ESLint rule enforcing the one-way layer rules of docs/architecture.md "Import rules" (runs in Node, inside `eslint .`).
// A rule rather than `no-restricted-imports` patterns: patterns match the specifier as written, not the file it reaches —
// "../lib/bus" leaves src/domain from src/domain/x.ts but not from src/domain/sub/x.ts — and "no other feature" would need
// one files block per feature and per folder depth. Here each specifier is resolved against the importing file instead.
import fs from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const UI_PACKAGES = /^(react|react-dom|react-[\w-]+|valtio|wouter)(\/|$)/;

/** The packages package.json declares: a bare import of any other one works only while some dependency happens to bring it. */
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"));
const DECLARED = new Set([...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {})]);
/** "@tus/utils/x" -> "@tus/utils", "react-dom/client" -> "react-dom"; null for Node's own modules and Vite's virtual ones. */
export function packageOf(bare) {
  if (bare.startsWith("node:") || bare.startsWith("virtual:") || builtinModules.includes(bare.split("/")[0])) return null;
  const parts = bare.split("/");
  return bare.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

/**
 * The server's floors, top to bottom (docs/architecture.md "Server floors"): a file in server/ imports its own floor and the
 * floors below it, never one above (type-only imports included). The composition root wires everything; plugins are the
 * Fastify hooks and guards the routes use, so they sit under routes and may use services and repositories (no service uses
 * a plugin); the seed writes the demo data like a repository; storage sits beside lib. Anyone may import config.ts.
 */
export const SERVER_FLOORS = [
  ["server/server.ts", "server/app.ts"],
  ["server/routes"],
  ["server/plugins"],
  ["server/services"],
  ["server/repositories", "server/seed.ts", "server/seed"],
  ["server/rules"],
  ["server/lib", "server/storage"],
  ["server/db"],
  ["server/config.ts"],
];
const FLOOR_LIST = SERVER_FLOORS.map((floor) => floor.join(", ")).join(" > ");

/** The floor (0 = top) and folder of a path in server/; floor null for a path on none. */
export function serverFloorOf(rel) {
  for (const [floor, dirs] of SERVER_FLOORS.entries()) {
    const dir = dirs.find((d) => inside(rel, d));
    if (dir) return { floor, dir };
  }
  return { floor: null, dir: rel.split("/").slice(0, 2).join("/") };
}

/** Which layer a repository-relative path belongs to; null outside the layered code (tests, bench, scripts, configs). */
export function layerOf(rel) {
  const parts = rel.split("/");
  if (parts[0] === "workers") return { name: "workers" };
  if (parts[0] === "server") return { name: "server", ...serverFloorOf(rel) };
  if (parts[0] === "contract") return { name: "contract", gen: parts[1] === "gen" };
  if (parts[0] !== "src" || parts.length < 2) return null;
  if (parts[1] === "features") return { name: "features", feature: parts[2] };
  // The member's follow page (acompanhar.html): a page of its own, held to a feature's rules.
  if (parts[1] === "member") return { name: "member" };
  if (["domain", "config", "lib", "components", "app"].includes(parts[1])) return { name: parts[1] };
  return { name: "src" };
}

const inside = (rel, dir) => rel === dir || rel.startsWith(`${dir}/`);

/** Why `from` may not import `to` (a repo path, or a package name when bare), or null when allowed. */
function violation(from, target, typeOnly) {
  const { rel, bare } = target;
  if (from.name === "domain") {
    if (bare) return "src/domain is pure TypeScript: it imports no packages";
    return inside(rel, "src/domain") ? null : "src/domain imports only from src/domain";
  }
  if (from.name === "contract") {
    // contract/gen is the client's route table (method and url): it reads the schemas' types only, so no TypeBox reaches the bundle.
    if (from.gen && !typeOnly) return "contract/gen/ imports types only (it is the client's runtime route table)";
    // The API contract is schemas only: the server validates with them, the client and workers read their static types.
    if (bare) return bare === "typebox" || bare.startsWith("typebox/") ? null : "contract/ imports only the typebox package";
    return inside(rel, "contract") ? null : "contract/ imports only from contract/";
  }
  if (bare) {
    const name = packageOf(bare);
    if (name && !DECLARED.has(name)) return `${name} is not in package.json: declare every package imported`;
    if ((from.name === "server" || from.name === "workers") && UI_PACKAGES.test(bare)) {
      return `${from.name}/ never imports UI packages (${bare})`;
    }
    return null;
  }
  const to = layerOf(rel);
  if (from.name === "workers" && inside(rel, "contract")) return typeOnly ? null : "workers/ may only `import type` from contract/";
  if (from.name === "workers") {
    if (inside(rel, "src") && !inside(rel, "src/domain")) return "workers/ import only src/domain from src (type imports too)";
    return inside(rel, "server") ? "workers/ never import server/" : null;
  }
  if (from.name === "server") {
    if (inside(rel, "src") && !inside(rel, "src/domain")) return "server/ never imports the UI: only src/domain from src";
    if (to?.name !== "server") return null;
    if (from.floor === null || to.floor === null) {
      return `${from.floor === null ? from.dir : to.dir} is on no server floor: add it to SERVER_FLOORS (lint/import-boundaries.js)`;
    }
    return to.floor < from.floor
      ? `${from.dir} may not import ${to.dir}: a server file imports its own floor and those below (${FLOOR_LIST})`
      : null;
  }
  // From here on: the main thread (src/**).
  if (to?.name === "workers" || to?.name === "server" || to?.name === "contract") {
    if (to.gen) return null; // contract/gen: the routes' method and url, what api-client's call takes (no schemas)
    return typeOnly ? null : `src/ may only \`import type\` from ${to.name}/ (workers are started by the bridges in src/lib/workers)`;
  }
  if (!to) return null;
  if (from.name === "config" && ["lib", "components", "features", "member", "app"].includes(to.name)) {
    return "src/config imports only src/domain and src/config";
  }
  if ((from.name === "lib" || from.name === "components") && (to.name === "features" || to.name === "member" || to.name === "app")) {
    return `src/${from.name} never imports features, member or app (imports flow domain -> lib/components -> features -> app)`;
  }
  if (from.name === "member" && (to.name === "app" || to.name === "features")) {
    return `src/member never imports src/${to.name} (the member's page carries none of the app: share through lib/components/domain)`;
  }
  if (from.name === "features" && to.name === "member")
    return "features never import src/member (the member's page is not part of the app)";
  if (from.name === "features" && to.name === "app") return "features never import src/app";
  if (from.name === "features" && to.name === "features" && to.feature !== from.feature) {
    return `no imports across features (${from.feature} -> ${to.feature}): pass data down from src/app or move it to lib/domain`;
  }
  return null;
}

/** Resolves a specifier against the importing file: a repo-relative path, or the bare package name. */
function resolveTarget(spec, fileDir) {
  const clean = spec.replace(/[?#].*$/, "");
  if (clean.startsWith(".")) return { rel: path.relative(ROOT, path.resolve(fileDir, clean)).split(path.sep).join("/") };
  if (clean.startsWith("/")) return { rel: clean.slice(1) }; // Vite resolves "/x" from the project root.
  return { bare: clean };
}

const allTypes = (items, key) => items.length > 0 && items.every((s) => s[key] === "type");

export const importBoundaries = {
  meta: {
    type: "problem",
    docs: { description: "Enforce the one-way import layers of docs/architecture.md" },
    schema: [],
    messages: { boundary: 'Layer rule: {{why}} ("{{spec}}").' },
  },
  create(context) {
    const fileRel = path.relative(ROOT, context.filename).split(path.sep).join("/");
    const from = layerOf(fileRel);
    if (!from || fileRel.startsWith("..")) return {};
    const fileDir = path.dirname(context.filename);
    const check = (sourceNode, typeOnly) => {
      if (!sourceNode || typeof sourceNode.value !== "string") return;
      const why = violation(from, resolveTarget(sourceNode.value, fileDir), typeOnly);
      if (why) context.report({ node: sourceNode, messageId: "boundary", data: { why, spec: sourceNode.value } });
    };
    return {
      ImportDeclaration: (n) => check(n.source, n.importKind === "type" || allTypes(n.specifiers, "importKind")),
      ExportNamedDeclaration: (n) => n.source && check(n.source, n.exportKind === "type" || allTypes(n.specifiers, "exportKind")),
      ExportAllDeclaration: (n) => check(n.source, n.exportKind === "type"),
      ImportExpression: (n) => n.source.type === "Literal" && check(n.source, false),
      TSImportType: (n) => check(n.argument?.literal ?? n.argument, true),
      // `new URL("…/x.worker.ts", import.meta.url)` is how a bridge gives the bundler a worker entry: only bridges may do it.
      NewExpression(n) {
        const [url, base] = n.arguments;
        const isMetaUrl = base?.type === "MemberExpression" && base.object.type === "MetaProperty" && base.property.name === "url";
        if (n.callee.name !== "URL" || !isMetaUrl || url?.type !== "Literal" || typeof url.value !== "string") return;
        const target = resolveTarget(url.value, fileDir);
        if (from.name === "server" || from.name === "workers" || !target.rel || !inside(target.rel, "workers")) return;
        if (!/^src\/lib\/(workers|outbox)\/[^/]+-bridge\.ts$/.test(fileRel) || !target.rel.endsWith(".worker.ts")) {
          context.report({
            node: url,
            messageId: "boundary",
            data: {
              why: "only the bridges (src/lib/workers/*-bridge.ts, src/lib/outbox/outbox-bridge.ts) point at worker entries (*.worker.ts)",
              spec: url.value,
            },
          });
        }
      },
    };
  },
};

export default { rules: { "import-boundaries": importBoundaries } };
