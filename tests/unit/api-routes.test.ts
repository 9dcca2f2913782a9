// contract/gen/ is the text scripts/api-routes.ts writes from the contract: a route added, renamed or moved without
// `npm run docs:api` fails here (node, unit project).
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { API_ROUTES_DIR, renderApiRoutes } from "../../scripts/api-routes";

describe("the generated route table (contract/gen)", () => {
  it("equals the text generated from the contract (run `npm run docs:api` after changing contract/)", async () => {
    const expected = await renderApiRoutes();
    expect(fs.readdirSync(API_ROUTES_DIR).sort()).toEqual([...expected.keys()].sort());
    for (const [name, text] of expected) expect(fs.readFileSync(path.join(API_ROUTES_DIR, name), "utf8"), name).toBe(text);
  });
});
