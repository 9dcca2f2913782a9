// docs/api.md from the contract's route specs: every route with its access, params, query, body, answers and errors (Node).
// `npm run docs:api` writes it; tests/server/api-contract.test.ts fails when the file and the schemas disagree.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { TSchema } from "typebox";
import type { RouteSpec } from "../contract/route.ts";
import { CONTRACT_GROUPS } from "../contract/routes.ts";

type Json = Record<string, unknown>;

const ACCESS: Record<RouteSpec["access"], string> = {
  public: "public (no token)",
  point: "an attendant's `authToken`",
  "point-admin": "an attendant's `authToken`, administrators only (403 otherwise)",
  central: "a central user's `authToken` (an attendant's: 403)",
  "point-or-central": "an attendant's `authToken` (administrators) or a central user's",
  "central-file": "a central user's `authToken` or session cookie",
  file: "an attendant's `authToken` or the HttpOnly session cookie (`<img>`, `<video>`)",
};

/** One schema's type in a few words: `string ≤ 36, uuid`, `integer | null`, `"A" | "C" | "E"`, `array of object`. */
function typeText(s: Json): string {
  if (Array.isArray(s.enum)) return s.enum.map((v) => (v === null ? "null" : JSON.stringify(v))).join(" \\| ");
  if ("const" in s) return JSON.stringify(s.const);
  if (Array.isArray(s.anyOf) || Array.isArray(s.oneOf)) return ((s.anyOf ?? s.oneOf) as Json[]).map(typeText).join(" \\| ");
  const types = [s.type].flat().filter(Boolean) as string[];
  if (types.length === 0) return "any";
  const parts = types.map((t) => (t === "array" ? `array of ${s.items ? typeText(s.items as Json) : "any"}` : t));
  const limits = [
    s.maxLength !== undefined ? `≤ ${s.maxLength as number} chars` : "",
    s.minLength ? `≥ ${s.minLength as number} chars` : "",
    s.minimum !== undefined ? `≥ ${s.minimum as number}` : "",
    s.maximum !== undefined ? `≤ ${s.maximum as number}` : "",
    s.format ? String(s.format) : "",
    s.pattern ? `\`${String(s.pattern).replace(/\|/g, "\\|")}\`` : "",
  ].filter(Boolean);
  return parts.join(" \\| ") + (limits.length ? ` (${limits.join(", ")})` : "");
}

/** Rows `field | type | required | notes` for an object schema, nested objects and arrays of objects flattened with dots. */
function fieldRows(s: Json, prefix = "", out: string[] = []): string[] {
  const props = (s.properties ?? {}) as Record<string, Json>;
  const required = new Set((s.required ?? []) as string[]);
  for (const [name, p] of Object.entries(props)) {
    const field = `${prefix}${name}`;
    const note = String(p.description ?? "").replace(/\|/g, "\\|");
    out.push(`| \`${field}\` | ${typeText(p)} | ${required.has(name) ? "yes" : "no"} | ${note} |`);
    if (p.type === "object" && p.properties) fieldRows(p, `${field}.`, out);
    const items = p.items as Json | undefined;
    if (p.type === "array" && items?.properties) fieldRows(items, `${field}[].`, out);
  }
  return out;
}

function schemaBlock(title: string, schema: TSchema | undefined): string[] {
  if (!schema) return [];
  const s = schema as unknown as Json;
  const objectLike = s.type === "object" && s.properties && Object.keys(s.properties as Json).length > 0;
  if (objectLike) return [`${title}:`, "", "| field | type | required | notes |", "|---|---|---|---|", ...fieldRows(s), ""];
  if (Array.isArray(s.anyOf) && (s.anyOf as Json[]).every((a) => a.type === "object")) {
    return (s.anyOf as Json[]).flatMap((a, i) =>
      schemaBlock(`${title}, form ${i + 1}${a.description ? ` (${String(a.description)})` : ""}`, a as TSchema),
    );
  }
  if (s.type === "array" && (s.items as Json | undefined)?.properties) {
    return [`${title}: an array of`, "", "| field | type | required | notes |", "|---|---|---|---|", ...fieldRows(s.items as Json), ""];
  }
  if (s.type === "object" && !s.properties)
    return [`${title}: an object${s.patternProperties || s.additionalProperties ? " (a map)" : " with no fields"}`, ""];
  return [`${title}: ${typeText(s)}${s.description ? ` — ${String(s.description)}` : ""}`, ""];
}

function routeSection(r: RouteSpec): string[] {
  const lines = [`### ${r.method} ${r.url}`, "", r.summary, "", `Access: ${ACCESS[r.access]}.`, ""];
  lines.push(...schemaBlock("Path parameters", r.params), ...schemaBlock("Query", r.querystring), ...schemaBlock("Body", r.body));
  for (const [status, schema] of Object.entries(r.response)) lines.push(...schemaBlock(`Answer ${status}`, schema));
  const documented = r.errors ?? {};
  const errors = Object.entries(documented).map(([status, when]) => `${status} ${when}${status === "400" ? ", or bad input" : ""}`);
  lines.push(
    `Errors (\`{ success: false, message }\`, pt-BR): ${[...errors, ...(documented[400] ? [] : ["400 bad input"]), ...(r.access === "public" ? [] : ["401 no or expired token"]), "503 database unavailable"].join("; ")}.`,
    "",
  );
  return lines;
}

/** The whole document: a header, then one section per contract group in the registry's order. */
export function renderApiDoc(): string {
  const head = [
    "# API — Portal do Credenciado",
    "",
    "Generated from the contract's schemas (`contract/*.ts`) by `npm run docs:api`; do not edit by hand:",
    "`tests/server/api-contract.test.ts` fails when this file and the schemas disagree. The API is served under `/api`",
    "(health checks at the root); bodies are JSON unless said; ids are UUIDs; every error is `{ success: false, message }`",
    "with a pt-BR message (the session calls answer `{ message }`). Field names are the contract's, verbatim",
    "(`../shared/spec/api-contract.md`). Answers are serialized with these schemas: a field not listed is never sent.",
    "",
  ];
  const body = CONTRACT_GROUPS.flatMap(({ file, routes }) => [`## ${file}`, "", ...routes.flatMap(routeSection)]);
  return (
    [...head, ...body]
      .join("\n")
      .replace(/\n{3,}/g, "\n\n")
      .trimEnd() + "\n"
  );
}

export const API_DOC_PATH = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "docs", "api.md");

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  fs.writeFileSync(API_DOC_PATH, renderApiDoc());
  console.log(`wrote ${path.relative(process.cwd(), API_DOC_PATH)}`);
}
