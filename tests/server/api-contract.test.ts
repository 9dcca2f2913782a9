// The contract module against the running app (server, PGlite; PostgreSQL with TEST_DATABASE_URL): every registered route is a
// route of contract/ with response schemas, docs/api.md is the schemas' own text, and the route files hold no queries.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTestApp, type TestApp } from "./helpers";
import { CONTRACT_ROUTES } from "../../contract/routes";
import { API_DOC_PATH, renderApiDoc } from "../../scripts/api-doc";

/** The contract's routes served at the root, outside /api: the probes and the evidence key. */
const ROOT_ROUTES = ["/healthz", "/readyz", "/.well-known/evidence-key"];

/** Served outside the contract: the SPA's files and pages (static plugin and its fallback). */
const NOT_API = (route: string) => !route.split(" ")[1]!.startsWith("/api/") && !ROOT_ROUTES.includes(route.split(" ")[1]!);

const contractPath = (url: string) => (ROOT_ROUTES.includes(url) ? url : `/api${url}`);

describe("the API contract module", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp("pglite");
  });
  afterAll(() => t?.close());

  it("declares response schemas on every registered route (HEAD included)", () => {
    const missing = [...t.app.routeHasResponse].filter(([route, has]) => !NOT_API(route) && !has).map(([route]) => route);
    expect(missing).toEqual([]);
  });

  it("registers exactly the contract's routes", () => {
    const registered = t.app.routeList.filter((r) => !NOT_API(r)).sort();
    const contract = CONTRACT_ROUTES.filter((r) => r.method !== "HEAD")
      .map((r) => `${r.method} ${contractPath(r.url)}`)
      .sort();
    expect(registered).toEqual(contract);
  });

  it("gives every route a summary and every documented error a reason", () => {
    for (const r of CONTRACT_ROUTES) {
      expect(r.summary.trim().length, `${r.method} ${r.url}`).toBeGreaterThan(10);
      for (const [status, when] of Object.entries(r.errors ?? {})) {
        expect(Number(status), `${r.method} ${r.url}`).toBeGreaterThanOrEqual(400);
        expect(when.trim(), `${r.method} ${r.url} ${status}`).not.toBe("");
      }
    }
  });

  it("has docs/api.md equal to the text generated from the schemas (run `npm run docs:api` after changing contract/)", () => {
    expect(fs.readFileSync(API_DOC_PATH, "utf8")).toBe(renderApiDoc());
  });

  it("keeps queries out of the route handlers: routes call repositories and services", () => {
    const dir = path.join(import.meta.dirname, "../../server/routes");
    const QUERY = /\b(db|tx)\.(select|insert|update|delete|execute)\b|\brows[<(]/;
    const offenders = fs
      .readdirSync(dir)
      .flatMap((f) =>
        fs
          .readFileSync(path.join(dir, f), "utf8")
          .split("\n")
          .map((line, i) => [`${f}:${i + 1}`, line] as const),
      )
      .filter(([, line]) => QUERY.test(line))
      .map(([where]) => where);
    expect(offenders).toEqual([]);
  });
});
