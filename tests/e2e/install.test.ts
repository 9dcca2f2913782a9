// Installing the app end to end on the Pixel 7 (built app, real server, real Chromium): a beforeinstallprompt fired before React
// mounts is kept and offered as 'Instalar o app' in the account menu, whose tap shows the browser's dialog (prompt) once;
// `appinstalled` hides the entry; an iPhone gets the Share-menu how-to instead (axe clean); the offer after the first finished
// order on the device (the app's own finish, through the outbox) comes once and never after 'Agora não'. Books its own orders
// far in the future.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { devices, type Browser, type BrowserContext, type Page } from "playwright-core";
import { apiCall, apiToken, launch, MOBILE, openSignedIn, orderAction, violations, startedOrderByApi } from "./browser";

const base = inject("baseUrl");
let browser: Browser;
let token = "";
let pointId = "";
let userId = "";
const api = <T>(p: string, body?: unknown) => apiCall<T>(base, token, p, body);

type Probe = { prompted: number; prevented: boolean | null };

/**
 * Runs before the page's own scripts: a real Event named beforeinstallprompt, with `prompt` and `userChoice` as Chromium's has
 * them, dispatched at DOMContentLoaded (after the entry script ran, before React has mounted anything); the browser's own
 * offers, if any, are stopped so only this one is seen. `window.__install` records what the app did with it.
 */
function fakeInstallOffer() {
  const probe: Probe = { prompted: 0, prevented: null };
  (window as unknown as { __install: Probe }).__install = probe;
  const ours = new WeakSet<Event>();
  addEventListener("beforeinstallprompt", (e) => void (ours.has(e) || e.stopImmediatePropagation()), true);
  addEventListener("DOMContentLoaded", () => {
    const e = new Event("beforeinstallprompt", { cancelable: true });
    ours.add(e);
    Object.assign(e, {
      prompt: () => {
        probe.prompted++;
        return Promise.resolve();
      },
      userChoice: Promise.resolve({ outcome: "dismissed", platform: "web" }),
    });
    dispatchEvent(e);
    probe.prevented = e.defaultPrevented;
  });
}

const probe = (page: Page) => page.evaluate(() => (window as unknown as { __install: Probe }).__install);
const openAgenda = (ctx: BrowserContext) =>
  openSignedIn(ctx, `${base}/`, (page) => page.getByRole("heading", { name: "Agenda", level: 1 }));
/** The account menu in the header (the phone reaches it too), opened. */
/** An order started through the API on a free weekday from `offset` days ahead at 10:00 (browser.ts). */
const startedOrder = (offset: number) => startedOrderByApi(base, token, { pointId, userId, offset, hour: "10:00" });

async function accountMenu(page: Page) {
  await page.locator(".user-menu-button").click();
  const menu = page.getByRole("menu", { name: "Conta" });
  await menu.getByRole("menuitem", { name: "Sair" }).waitFor();
  return menu;
}
const installEntry = (page: Page) => page.getByRole("menu", { name: "Conta" }).getByRole("menuitem", { name: "Instalar o app" });

/** The app's own finish: 'Finalizar OS', a short recording with the fake camera, the outbox sends it, 'OS finalizada com sucesso!'. */
async function finishInApp(ctx: BrowserContext, offset: number): Promise<Page> {
  const order = await startedOrder(offset);
  const page = await openSignedIn(ctx, `${base}/execucao-os/${order.id}`, (p) =>
    p.getByRole("heading", { name: `OS #${order.os}`, level: 1 }),
  );
  await orderAction(page, true, "Finalizar OS");
  const dialog = page.getByRole("dialog", { name: "Finalizar Ordem de Serviço" });
  await dialog.getByText("Nenhum serviço aguardando aprovação.").waitFor();
  const finish = dialog.getByRole("button", { name: "Finalizar OS" });
  await dialog.getByRole("button", { name: "Gravar vídeo" }).click();
  const camera = page.getByRole("dialog", { name: "Gravar vídeo" });
  await camera.getByRole("button", { name: "Gravar", exact: true }).click({ timeout: 15_000 });
  await page.waitForTimeout(1500);
  await camera.getByRole("button", { name: "Parar" }).click();
  await expect.poll(() => finish.isEnabled(), { timeout: 15_000 }).toBe(true);
  await finish.click();
  await page.getByText("OS finalizada com sucesso!").waitFor({ timeout: 45_000 });
  return page;
}

beforeAll(async () => {
  browser = await launch();
  token = await apiToken(base);
  const me = (await api<{ data: { IdPontoAtendimento: string; IdPontoAtendimentoUsuario: string } }>("/credenciado/get")).data;
  pointId = me.IdPontoAtendimento;
  userId = me.IdPontoAtendimentoUsuario;
});
afterAll(() => browser?.close());

describe("installing the app on the Pixel 7", () => {
  it("keeps an offer fired before React mounts: 'Instalar o app' in the account menu calls prompt() once", async () => {
    const ctx = await browser.newContext({ ...MOBILE, bypassCSP: true });
    await ctx.addInitScript(fakeInstallOffer);
    const page = await openAgenda(ctx);
    // The browser's own mini-infobar is replaced by the menu entry.
    expect((await probe(page)).prevented).toBe(true);
    await accountMenu(page);
    await installEntry(page).click();
    await expect.poll(async () => (await probe(page)).prompted).toBe(1);
    await expect.poll(() => page.getByRole("menu", { name: "Conta" }).count()).toBe(0);
    // Dismissed: the offer is spent (the browser offers again later, on its own), so the entry is gone.
    await accountMenu(page);
    expect(await installEntry(page).count()).toBe(0);
    await ctx.close();
  });

  it("hides the entry once the app is installed (appinstalled), and shows none without an offer", async () => {
    const ctx = await browser.newContext({ ...MOBILE, bypassCSP: true });
    await ctx.addInitScript(fakeInstallOffer);
    const page = await openAgenda(ctx);
    await accountMenu(page);
    await installEntry(page).waitFor();
    await page.evaluate(() => dispatchEvent(new Event("appinstalled")));
    await expect.poll(() => installEntry(page).count()).toBe(0);
    expect((await probe(page)).prompted).toBe(0);
    await ctx.close();

    const plain = await browser.newContext({ ...MOBILE, bypassCSP: true });
    const other = await openAgenda(plain);
    await accountMenu(other);
    await other.getByRole("menu", { name: "Conta" }).getByRole("menuitem", { name: "Sair" }).waitFor();
    await other.waitForTimeout(500); // the entry's code arrives with the menu's first opening
    expect(await installEntry(other).count()).toBe(0);
    await plain.close();
  });

  it("tells an iPhone how to add the app from Safari's Share menu; axe clean", async () => {
    const ctx = await browser.newContext({ ...MOBILE, userAgent: devices["iPhone 13"].userAgent, bypassCSP: true });
    const page = await openAgenda(ctx);
    await accountMenu(page);
    await installEntry(page).click();
    const dialog = page.getByRole("dialog", { name: "Instalar o app" });
    await dialog.waitFor();
    expect((await dialog.locator(".install-steps").innerText()).replace(/\s+/g, " ").trim()).toBe(
      "Toque em Compartilhar e depois em Adicionar à Tela de Início.",
    );
    // The Share and Add icons are drawn (SVG), not characters a phone may lack.
    expect(await dialog.locator(".install-steps svg").count()).toBe(2);
    expect(await violations(page)).toEqual([]);
    // A tap on the how-to itself keeps it open (the menu under it does not take it for a tap outside).
    await dialog.locator(".install-steps").click();
    await page.waitForTimeout(300);
    expect(await dialog.isVisible()).toBe(true);
    await dialog.getByRole("button", { name: "Fechar" }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await ctx.close();
  });

  it("offers installing once, after the first order finished on the device; never again after 'Agora não'", async () => {
    const ctx = await browser.newContext({ ...MOBILE, bypassCSP: true });
    await ctx.addInitScript(fakeInstallOffer);
    const page = await finishInApp(ctx, 800);
    const offer = page.locator(".install-offer");
    await offer.getByText("Instale o portal no celular: ele abre direto da tela de início.").waitFor({ timeout: 15_000 });
    await offer.getByRole("button", { name: "Instalar o app" }).waitFor();
    expect(await violations(page)).toEqual([]);
    await offer.getByRole("button", { name: "Agora não" }).click();
    await expect.poll(() => offer.count(), { timeout: 10_000 }).toBe(0);
    expect((await probe(page)).prompted).toBe(0);

    const again = await finishInApp(ctx, 840);
    await again.waitForTimeout(2000); // the offer would follow the finish's toast at once
    expect(await again.locator(".install-offer").count()).toBe(0);
    await ctx.close();
  });
});
