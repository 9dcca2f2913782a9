// Evidence captured with the network really cut (built app, real server, real Chromium, Pixel 7 and desktop): the context is
// offline AND every /api request is aborted as a lost connection, so the upload worker cannot get through either (Chromium's
// offline emulation alone does not reach a dedicated worker's requests). A photo and a video from the fake camera, a laudo and a
// recibo: each row says 'Salvo no aparelho' at once, nothing says 'enviado' while offline, the lists never sit on
// 'Carregando...'; back online one summary toast, the rows give way to the saved lists, and the server has every file.
// And the tester's report itself: a page that believes it is offline (the phone said so) while its upload worker still gets
// through: the file sent is shown as 'Enviado' instead of vanishing, and the lists do not sit on 'Carregando...'.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { apiCall, DESKTOP, inProgressOrder, launch, MOBILE, openSignedIn, orderAction, violations } from "./browser";

const base = inject("baseUrl");
let browser: Browser;
let token = "";
let orderId = "";

const api = <T>(p: string) => apiCall<T>(base, token, p);
type Doc = { NomeOriginal: string };
const serverPhotos = async () => (await api<{ fotos: { Foto: string }[] }>(`/agendamentos/get-fotos/${orderId}`)).fotos.map((f) => f.Foto);
const serverReports = async () => (await api<{ laudos: Doc[] }>(`/agendamentos/get-laudos/${orderId}`)).laudos.map((d) => d.NomeOriginal);
const serverReceipts = async () =>
  (await api<{ notas: Doc[] }>(`/agendamentos/get-notas-fiscais/${orderId}`)).notas.map((d) => d.NomeOriginal);

/** A minimal valid PDF (the server checks the real type from the bytes). */
function pdf(): Buffer {
  const objects = ["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>", "<< /Type /Page /Parent 2 0 R >>"];
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}

/** Cuts the network for the pages AND the upload worker: offline, and every API call fails as a lost connection. */
async function cut(ctx: BrowserContext) {
  await ctx.route("**/api/**", (route) => void route.abort("internetdisconnected"));
  await ctx.setOffline(true);
}
async function restore(ctx: BrowserContext) {
  await ctx.unrouteAll({ behavior: "ignoreErrors" });
  await ctx.setOffline(false);
}

/** Every toast shown since the call (toasts close after 5 s, so each is recorded as it appears). */
async function recordToasts(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __toasts: string[] };
    w.__toasts = [];
    const seen = new WeakSet<Element>();
    const scan = () => {
      for (const toast of document.querySelectorAll(".Toastify__toast")) {
        if (seen.has(toast) || !toast.textContent) continue;
        seen.add(toast);
        w.__toasts.push(toast.textContent);
      }
    };
    new MutationObserver(scan).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts);
}

const openOrder = (ctx: BrowserContext) =>
  openSignedIn(ctx, `${base}/execucao-os/${orderId}`, (page) => page.getByRole("heading", { name: "Fotos e Vídeos da Execução" }));

beforeAll(async () => {
  browser = await launch();
  ({ token, orderId } = await inProgressOrder(base));
});
afterAll(() => browser?.close());

const viewports: [string, BrowserContextOptions, boolean][] = [
  ["Pixel 7", MOBILE, true],
  ["desktop", DESKTOP, false],
];

describe.each(viewports)("evidence saved offline (%s)", (_label, options, mobile) => {
  const tag = `${mobile ? "m" : "d"}${Date.now().toString(36)}`;

  it("shows each file as 'Salvo no aparelho' at once, tells nothing as sent offline, then sends all with one summary", async () => {
    const ctx = await browser.newContext({ ...options, bypassCSP: true }); // only to load axe
    const page = await openOrder(ctx);
    // Offline the app runs from the service worker's precache (the camera dialog, the documents modal and the workers' chunks).
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    const toasts = await recordToasts(page);
    const photosBefore = (await serverPhotos()).length;
    const laudo = `laudo-offline-${tag}.pdf`;
    const recibo = `recibo-offline-${tag}.pdf`;

    await cut(ctx);
    const card = page.locator("section.card", { has: page.getByRole("heading", { name: "Fotos e Vídeos da Execução" }) });
    const rows = card.getByRole("list", { name: "Arquivos a enviar" }).getByRole("listitem");

    // A photo from the (fake) camera.
    await card.getByRole("button", { name: /Tirar foto/ }).click();
    await page.getByRole("button", { name: "Capturar" }).click({ timeout: 15_000 });
    await rows.first().waitFor({ timeout: 5_000 });
    expect(await card.getByText("Nenhuma foto ou vídeo enviado ainda.").count()).toBe(0);
    await expect.poll(() => rows.first().textContent(), { timeout: 15_000 }).toMatch(/Salvo no aparelho$/);
    expect(await rows.first().locator("img").count()).toBe(1); // the photo's thumbnail

    // A video recorded on the (fake) camera.
    await card.getByRole("button", { name: /Gravar vídeo/ }).click();
    const camera = page.getByRole("dialog", { name: "Gravar vídeo" });
    await camera.getByRole("button", { name: "Gravar", exact: true }).click({ timeout: 15_000 });
    await page.waitForTimeout(1_500);
    await camera.getByRole("button", { name: "Parar" }).click();
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(2);
    await expect.poll(() => rows.nth(1).textContent(), { timeout: 30_000 }).toMatch(/Salvo no aparelho$/);
    expect(await card.getByText("Nenhuma foto ou vídeo enviado ainda.").count()).toBe(0);
    // The saved list shows what the device has (or says it cannot), never an endless 'Carregando...'.
    expect(await card.getByText("Carregando...").count()).toBe(0);
    expect(await violations(page)).toEqual([]);

    // A laudo: its row at once, the list not loading for ever, no 'adicionado' before the server has it.
    for (const [action, title, input, name] of [
      ["Adicionar Laudos", "Laudos", "Adicionar laudo", laudo],
      ["Adicionar Recibos", "Recibos", "Adicionar recibo", recibo],
    ] as const) {
      await orderAction(page, mobile, action);
      const dialog = page.getByRole("dialog", { name: title });
      await dialog.waitFor();
      await dialog.getByLabel(input).setInputFiles({ name, mimeType: "application/pdf", buffer: pdf() });
      const row = dialog.getByRole("list", { name: "Arquivos a enviar" }).getByRole("listitem").filter({ hasText: name });
      await row.waitFor({ timeout: 5_000 });
      await expect.poll(() => row.textContent(), { timeout: 15_000 }).toMatch(/Salvo no aparelho$/);
      // Never opened online in this context: the list says why it is not shown instead of loading until the network returns.
      await dialog.getByText("Sem conexão: a lista de arquivos enviados aparece quando a conexão voltar.").waitFor({ timeout: 5_000 });
      expect(await dialog.getByText("Carregando...").count()).toBe(0);
      // Adding works offline: no banner says this action needs the internet as if adding had failed.
      expect(await dialog.getByText(/Sem conexão: esta ação precisa da internet/).count()).toBe(0);
      expect(await violations(page)).toEqual([]);
      await dialog.getByRole("button", { name: "Fechar" }).click();
      await dialog.waitFor({ state: "detached" });
    }

    // The worker keeps trying for a while: nothing reaches the server, nothing is told as sent or added, no network error.
    await page.waitForTimeout(4_000);
    expect((await serverPhotos()).length).toBe(photosBefore);
    expect(await serverReports()).not.toContain(laudo);
    expect(await serverReceipts()).not.toContain(recibo);
    expect((await toasts()).filter((t) => /enviad|adicionado|Erro ao enviar/i.test(t))).toEqual([]);
    expect(await rows.count()).toBe(2);

    // Back online: every file goes, and one toast says so.
    await restore(ctx);
    await expect.poll(async () => (await serverPhotos()).length, { timeout: 120_000, interval: 500 }).toBe(photosBefore + 2);
    await expect.poll(serverReports, { timeout: 60_000, interval: 500 }).toContain(laudo);
    await expect.poll(serverReceipts, { timeout: 60_000, interval: 500 }).toContain(recibo);
    await expect
      .poll(async () => (await toasts()).filter((t) => /enviad|adicionado|erro/i.test(t)), { timeout: 15_000 })
      .toEqual(["4 arquivo(s) enviado(s) com sucesso!"]);
    // The rows give way to the saved list, which now holds both files.
    await card.getByRole("list", { name: "Arquivos a enviar" }).waitFor({ state: "detached", timeout: 15_000 });
    await expect.poll(() => card.getByRole("list", { name: "Arquivos enviados" }).getByRole("listitem").count()).toBe(photosBefore + 2);
    await orderAction(page, mobile, "Adicionar Laudos");
    const dialog = page.getByRole("dialog", { name: "Laudos" });
    await dialog.getByRole("link", { name: `Abrir ${laudo}` }).waitFor({ timeout: 15_000 });
    expect(await dialog.getByRole("list", { name: "Arquivos a enviar" }).count()).toBe(0);
    await page.waitForTimeout(1_000);
    expect((await toasts()).filter((t) => /enviad|adicionado|erro/i.test(t))).toEqual(["4 arquivo(s) enviado(s) com sucesso!"]);
    await ctx.close();
  }, 300_000);
});

describe("a page that believes it is offline while its uploads get through (Pixel 7)", () => {
  const tag = `b${Date.now().toString(36)}`;

  it("shows the sent photo and laudo as 'Enviado', never an empty card or an endless 'Carregando...'", async () => {
    const ctx = await browser.newContext({ ...MOBILE, bypassCSP: true });
    const page = await openOrder(ctx);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    const toasts = await recordToasts(page);
    const photosBefore = (await serverPhotos()).length;
    const laudo = `laudo-sinal-fraco-${tag}.pdf`;
    // The phone reports no network (as with one bar of signal, or DevTools' offline switch on a real phone), yet requests pass.
    await page.evaluate(() => window.dispatchEvent(new Event("offline")));
    const card = page.locator("section.card", { has: page.getByRole("heading", { name: "Fotos e Vídeos da Execução" }) });
    const rows = card.getByRole("list", { name: "Arquivos a enviar" }).getByRole("listitem");

    await card.getByRole("button", { name: /Tirar foto/ }).click();
    await page.getByRole("button", { name: "Capturar" }).click({ timeout: 15_000 });
    await expect.poll(async () => (await serverPhotos()).length, { timeout: 60_000, interval: 500 }).toBe(photosBefore + 1);
    // The server has it: the row says so (the saved list cannot be read while the page believes it is offline).
    await expect.poll(() => rows.first().textContent(), { timeout: 10_000 }).toMatch(/Enviado$/);
    expect(await card.getByText("Nenhuma foto ou vídeo enviado ainda.").count()).toBe(0);
    await expect.poll(async () => (await toasts()).filter((t) => /enviad/i.test(t))).toEqual(["Arquivo enviado com sucesso!"]);

    await orderAction(page, true, "Adicionar Laudos");
    const dialog = page.getByRole("dialog", { name: "Laudos" });
    await dialog.getByText("Sem conexão: a lista de arquivos enviados aparece quando a conexão voltar.").waitFor({ timeout: 5_000 });
    expect(await dialog.getByText("Carregando...").count()).toBe(0);
    await dialog.getByLabel("Adicionar laudo").setInputFiles({ name: laudo, mimeType: "application/pdf", buffer: pdf() });
    await expect.poll(serverReports, { timeout: 60_000, interval: 500 }).toContain(laudo);
    const row = dialog.getByRole("list", { name: "Arquivos a enviar" }).getByRole("listitem").filter({ hasText: laudo });
    await expect.poll(() => row.textContent(), { timeout: 10_000 }).toMatch(/Enviado$/);
    await page.getByText("Laudo adicionado com sucesso!").waitFor({ timeout: 10_000 });
    expect(await dialog.getByText(/Sem conexão: esta ação precisa da internet/).count()).toBe(0);
    expect(await violations(page)).toEqual([]);

    // The phone says it is online again: the lists are read, and the rows give way to them.
    await page.evaluate(() => window.dispatchEvent(new Event("online")));
    await dialog.getByRole("link", { name: `Abrir ${laudo}` }).waitFor({ timeout: 15_000 });
    await dialog.getByRole("list", { name: "Arquivos a enviar" }).waitFor({ state: "detached" });
    await dialog.getByRole("button", { name: "Fechar" }).click();
    await card.getByRole("list", { name: "Arquivos a enviar" }).waitFor({ state: "detached", timeout: 15_000 });
    await ctx.close();
  }, 180_000);
});
