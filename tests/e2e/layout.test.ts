// Every signed-in screen fits the width it is shown at: no sideways scrolling on a 360 px phone nor on a 1366 px desktop
// (filters with date inputs, table action columns), with the screen's data loaded (built app, real server, Chromium).
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, BrowserContextOptions } from "playwright-core";
import { DESKTOP, inProgressOrder, launch, openSignedIn } from "./browser";

const base = inject("baseUrl");
let browser: Browser;
let orderId: string;
beforeAll(async () => {
  browser = await launch();
  ({ orderId } = await inProgressOrder(base));
});
afterAll(() => browser?.close());

const PHONE_360: BrowserContextOptions = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, locale: "pt-BR" };

const SCREENS = (): string[] => [
  "/",
  "/avaliacoes",
  "/retorno-servico",
  "/dados-bancarios",
  "/dados-cadastrais",
  "/registro-alteracoes",
  "/espelho",
  "/contratos",
  `/execucao-os/${orderId}`,
];

describe("screen width", () => {
  for (const [name, options] of [
    ["a 360 px phone", PHONE_360],
    ["a 1366 px desktop", DESKTOP],
  ] as const) {
    it(`no screen scrolls sideways on ${name}`, async () => {
      const ctx = await browser.newContext(options);
      const overflowing: string[] = [];
      try {
        for (const path of SCREENS()) {
          const page = await openSignedIn(ctx, `${base}${path}`, (p) => p.locator("h1.page-title"));
          // The screen's data is in: no call in flight and no loading line left.
          await page.waitForLoadState("networkidle");
          await expect.poll(() => page.getByText(/Carregando/).count()).toBe(0);
          const { client, scroll } = await page.evaluate(() => ({
            client: document.documentElement.clientWidth,
            scroll: document.documentElement.scrollWidth,
          }));
          if (scroll > client) overflowing.push(`${path}: ${scroll} px of content in ${client} px`);
        }
      } finally {
        await ctx.close();
      }
      expect(overflowing).toEqual([]);
    });
  }
});
