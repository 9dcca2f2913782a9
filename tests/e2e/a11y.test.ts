// Accessibility: axe-core finds no violations on /login and on the OS page with its camera dialog (desktop and mobile).
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser } from "playwright-core";
import { DESKTOP, inProgressOrder, launch, MOBILE, signIn, violations } from "./browser";

const base = inject("baseUrl");
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe("axe-core on /login", () => {
  for (const [name, options] of [
    ["desktop", DESKTOP],
    ["mobile", MOBILE],
  ] as const) {
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

describe("axe-core on the OS page and its camera dialog", () => {
  for (const [name, options] of [
    ["desktop", DESKTOP],
    ["mobile", MOBILE],
  ] as const) {
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
