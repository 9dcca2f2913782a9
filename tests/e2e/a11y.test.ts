// Accessibility: axe-core finds no violations on /login (desktop and mobile).
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser } from "playwright-core";
import { DESKTOP, MOBILE, launch } from "./browser";

const axePath = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
const base = inject("baseUrl");
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe("axe-core on /login", () => {
  for (const [name, options] of [["desktop", DESKTOP], ["mobile", MOBILE]] as const) {
    it(`has zero violations on ${name}`, async () => {
      // The page's CSP forbids injected scripts; only the test harness bypasses it to load axe.
      const ctx = await browser.newContext({ ...options, bypassCSP: true });
      const page = await ctx.newPage();
      await page.goto(`${base}/login`);
      await page.getByRole("button", { name: "Entrar" }).waitFor();
      await page.addScriptTag({ path: axePath });
      const violations = await page.evaluate(async () => {
        const axe = (window as unknown as { axe: { run(): Promise<{ violations: { id: string; nodes: unknown[] }[] }> } }).axe;
        return (await axe.run()).violations.map((v) => `${v.id} (${v.nodes.length})`);
      });
      expect(violations).toEqual([]);
      await ctx.close();
    });
  }
});
