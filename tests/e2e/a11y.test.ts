// Accessibility: axe-core finds no violations on /login and on the OS page with its camera dialog (desktop and mobile).
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { DESKTOP, MOBILE, inProgressOrder, launch, signIn } from "./browser";

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
      expect(await violations(page)).toEqual([]);
      await ctx.close();
    });
  }
});

async function violations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: axePath });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: { id: string; nodes: unknown[] }[] }> } }).axe;
    return (await axe.run()).violations.map((v) => `${v.id} (${v.nodes.length}): ${(v.nodes as { html: string }[]).map((n) => n.html).join(" | ").slice(0, 300)}`);
  });
}

describe("axe-core on the OS page and its camera dialog", () => {
  for (const [name, options] of [["desktop", DESKTOP], ["mobile", MOBILE]] as const) {
    it(`has zero violations on ${name}`, async () => {
      const { orderId } = await inProgressOrder(base);
      const ctx = await browser.newContext({ ...options, bypassCSP: true });
      const page = await ctx.newPage();
      await page.goto(`${base}/execucao-os/${orderId}`);
      await signIn(page);
      await page.getByRole("heading", { name: "Fotos e Vídeos da Execução" }).waitFor();
      expect(await violations(page)).toEqual([]);
      await page.getByRole("button", { name: /Tirar foto/ }).click();
      await page.getByRole("button", { name: "Capturar" }).waitFor();
      expect(await violations(page)).toEqual([]);
      await ctx.close();
    });
  }
});
