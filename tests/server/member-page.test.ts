// The member's follow page (/acompanhar, issue 39) as the server sends it: its own HTML, not the app's shell, never indexed,
// never a Referer, the app's CSP, revalidated on each visit (node, PGlite).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTestApp, type TestApp } from "./helpers";

describe("the member's follow page", () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-member-page-"));
    fs.writeFileSync(path.join(dir, "index.html"), "<!doctype html><title>Portal</title>");
    fs.writeFileSync(path.join(dir, "acompanhar.html"), "<!doctype html><title>Acompanhamento do serviço</title>");
    t = await makeTestApp("pglite", { staticDir: dir });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("answers /acompanhar (and /acompanhar.html) with acompanhar.html: no-cache, noindex, no-referrer, the app's CSP", async () => {
    const app = await t.app.inject({ method: "GET", url: "/espelho" });
    expect(app.body).toContain("<title>Portal</title>");
    for (const url of ["/acompanhar", "/acompanhar.html"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"], url).toMatch(/^text\/html/);
      expect(res.body, url).toContain("<title>Acompanhamento do serviço</title>");
      expect(res.headers["cache-control"], url).toBe("no-cache");
      expect(res.headers["x-robots-tag"], url).toBe("noindex, nofollow");
      expect(res.headers["referrer-policy"], url).toBe("no-referrer");
      expect(res.headers["content-security-policy"], url).toBe(app.headers["content-security-policy"]);
      expect(res.headers["content-security-policy"], url).toContain("default-src 'self'");
    }
    // The app's pages keep their own policy.
    expect(app.headers["referrer-policy"]).toBe("same-origin");
    expect(app.headers["x-robots-tag"]).toBeUndefined();
  });
});
