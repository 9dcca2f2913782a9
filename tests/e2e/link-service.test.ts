// Linking an extra service with its case end to end (built app, real server, real Chromium, desktop and Pixel 7): the dialog
// shows the chosen service's payout to the point and that the central approves it, asks the reason, takes two photos; the
// photos wait on the device while the network is cut (page and worker requests) and reach the linked service once it is back;
// the finish dialog names the pending service, who added it and since when; the central's approvals list shows the reason and
// the photos; once approved the service has no 'Remover' and the server refuses to unlink it. Each viewport books its own order.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { apiCall, apiToken, DESKTOP, launch, MOBILE, openSignedIn, orderAction, violations, startedOrderByApi } from "./browser";

const base = inject("baseUrl");
const CENTRAL = { email: "central@programa.com.br", password: "demo1234" };
let browser: Browser;
let token = "";
let pointId = "";
let userId = "";

const api = <T>(p: string, body?: unknown) => apiCall<T>(base, token, p, body);
type Linked = {
  id: string;
  label: string;
  StatusAprovacao: string;
  ObservacoesCredenciado: string | null;
  Usuario: string | null;
  DataLog: string;
  Foto1: string | null;
  Foto2: string | null;
  Foto3: string | null;
  Video: string | null;
};
type CatalogueItem = {
  IdServico: string;
  label: string;
  FornecidoPelaVcar: string;
  TipoVeiculo: string;
  ValorRepasse: number;
  AprovacaoCentral: boolean;
};
const linkedOn = async (order: string) => (await api<{ servicos: Linked[] }>(`/agendamentos/servicos-vinculados/${order}`)).servicos;
const brl = (n: number) => new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" }).format(n);

/** A service of the vehicle's type the point may link on this order now: not the program's, no warranty, within its annual limit. */
/** An order started through the API on a free weekday from `offset` days ahead at 15:00 (browser.ts). */
const startedOrder = (offset: number) => startedOrderByApi(base, token, { pointId, userId, offset, hour: "15:00" });

async function linkableService(order: { id: string; vehicle: string }): Promise<CatalogueItem> {
  const catalogue = (await api<{ servicos: CatalogueItem[] }>(`/ponto-atendimento/servicos/${pointId}`)).servicos;
  const limits = (
    await api<{ servicos: { idServico: string; podeUsar: boolean }[] }>("/servico/verificar-limite-anual", {
      idSocioVeiculo: order.vehicle,
    })
  ).servicos;
  const onOrder = new Set((await linkedOn(order.id)).map((s) => s.label));
  for (const s of catalogue) {
    if (s.FornecidoPelaVcar === "S" || s.TipoVeiculo !== "PASSEIO" || onOrder.has(s.label)) continue;
    if (!limits.find((l) => l.idServico === s.IdServico)?.podeUsar) continue;
    const warranty = await api<{ garantiaValida: boolean }>("/servico/verificar-garantia", {
      idSocioVeiculo: order.vehicle,
      idServico: s.IdServico,
    });
    if (!warranty.garantiaValida) return s;
  }
  throw new Error("no linkable service");
}

/** A real JPEG of noise made by the browser itself (so the server's magic-byte check passes). */
async function jpegOf(page: Page, side: number, seed: number): Promise<Buffer> {
  const b64 = await page.evaluate(
    async ([n, k]) => {
      const c = new OffscreenCanvas(n, n);
      const ctx = c.getContext("2d")!;
      const img = ctx.createImageData(n, n);
      for (let i = 0; i < img.data.length; i++) img.data[i] = ((i + k) * 2654435761) >>> 24;
      ctx.putImageData(img, 0, 0);
      const blob = await c.convertToBlob({ type: "image/jpeg", quality: 0.9 });
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let s = "";
      for (const b of bytes) s += String.fromCharCode(b);
      return btoa(s);
    },
    [side, seed] as const,
  );
  return Buffer.from(b64, "base64");
}

const servicesCard = (page: Page) => page.getByRole("region", { name: "Serviços", exact: true });
const rowOf = (page: Page, desktop: boolean, label: string) =>
  (desktop
    ? servicesCard(page).getByRole("table", { name: "Serviços vinculados" }).locator("tbody tr")
    : servicesCard(page)
        .getByRole("list", { name: "Serviços vinculados" })
        .getByRole("listitem")
        .filter({ has: page.locator(".service-name") })
  ).filter({ hasText: label });

beforeAll(async () => {
  browser = await launch();
  token = await apiToken(base);
  const me = (await api<{ data: { IdPontoAtendimento: string; IdPontoAtendimentoUsuario: string } }>("/credenciado/get")).data;
  pointId = me.IdPontoAtendimento;
  userId = me.IdPontoAtendimentoUsuario;
});
afterAll(() => browser?.close());

describe.each([
  ["desktop", DESKTOP, true, 150],
  ["Pixel 7", MOBILE, false, 200],
] as [string, BrowserContextOptions, boolean, number][])("linking a service with its case on %s", (name, options, desktop, offset) => {
  let ctx: BrowserContext;
  let order: { id: string; os: number; vehicle: string };
  let service: CatalogueItem;
  const reason = `Pneus gastos de um lado, volante puxando (${name}).`;
  beforeAll(async () => {
    // bypassCSP only so the test can inject axe-core; no service worker, so every request of the page and its workers is
    // the context's own and its routes cut them all.
    ctx = await browser.newContext({ ...options, bypassCSP: true, serviceWorkers: "block" });
    order = await startedOrder(offset);
    service = await linkableService(order);
  }, 60_000);
  afterAll(() => ctx?.close());

  it("links with the payout, the central's approval, a reason and two photos that wait on the device while offline", async () => {
    const page = await openSignedIn(ctx, `${base}/execucao-os/${order.id}`, (p) =>
      p.getByRole("heading", { name: `OS #${order.os}`, level: 1 }),
    );
    await servicesCard(page).getByRole("button", { name: "Adicionar serviço" }).click();
    const dialog = page.getByRole("dialog", { name: "Adicionar serviço" });
    await dialog.waitFor();
    const box = dialog.getByRole("combobox", { name: "Serviço" });
    await box.click();
    await box.fill(service.label.slice(0, 8));
    await dialog.getByRole("option", { name: service.label, exact: true }).click();
    // What the point is paid for it, and that the central decides first.
    expect(service.AprovacaoCentral).toBe(true);
    const payout = dialog.locator(".select-service-payout");
    await payout.getByText("Valor do repasse ao ponto").waitFor();
    expect((await payout.locator("dd").textContent())?.replace(/\s/g, " ")).toBe(brl(service.ValorRepasse).replace(/\s/g, " "));
    await dialog.getByText("Este serviço vai para aprovação da central antes do pagamento.").waitFor();
    // The reason is required, and counted.
    await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
    await dialog.getByRole("alert").getByText("Informe o motivo do serviço.").waitFor();
    const motivo = dialog.getByRole("textbox", { name: "Motivo" });
    await motivo.fill(reason);
    await dialog.getByText(`${reason.length}/500 caracteres`).waitFor();
    await dialog.locator(".media-picker input[type=file]").setInputFiles([
      { name: "lado-esquerdo.jpg", mimeType: "image/jpeg", buffer: await jpegOf(page, 160, 1) },
      { name: "lado-direito.jpg", mimeType: "image/jpeg", buffer: await jpegOf(page, 160, 2) },
    ]);
    await dialog.getByRole("img", { name: "lado-direito.jpg" }).waitFor();
    expect(await violations(page)).toEqual([]);
    // Icons are SVG drawings, never emoji (a phone without an emoji font showed empty boxes): the OS screen, its header and
    // the dialog's media picker (Tirar Foto, Gravar Vídeo, Escolher Arquivos) render no emoji, and the picker's icons are SVGs.
    const emoji = /[\u{1F300}-\u{1FAFF}\u{2600}-\u{27BF}\u{2B50}\u{25BE}]/u;
    expect(emoji.test(await page.locator("body").innerText())).toBe(false);
    expect(await dialog.locator(".media-picker button svg[aria-hidden=true]").count()).toBeGreaterThanOrEqual(2);

    // The uploads are refused from the start (the link itself still goes), then the whole network is cut after the link.
    const uploads = { tried: 0 };
    await ctx.route("**/api/uploads/**", (route) => {
      uploads.tried++;
      void route.abort();
    });
    await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
    await page.getByText("Serviço vinculado com sucesso.").waitFor({ timeout: 15_000 });
    await ctx.setOffline(true);
    await ctx.route("**/api/**", (route) => route.abort());
    const row = rowOf(page, desktop, service.label);
    const queued = row.getByRole("list", { name: `Arquivos de ${service.label} a enviar` });
    await queued.getByRole("listitem").nth(1).waitFor({ timeout: 15_000 });
    await expect.poll(() => queued.getByText("Salvo no aparelho").count(), { timeout: 15_000 }).toBe(2);
    // Really blocked: the worker's upload attempts were aborted by the route, and the server still has no file on the link.
    await expect.poll(() => uploads.tried, { timeout: 15_000 }).toBeGreaterThan(0);
    await page.waitForTimeout(1500);
    const cut = (await linkedOn(order.id)).find((s) => s.label === service.label)!;
    expect([cut.StatusAprovacao, cut.ObservacoesCredenciado, cut.Foto1, cut.Foto2]).toEqual(["P", reason, null, null]);

    await ctx.unroute("**/api/**");
    await ctx.unroute("**/api/uploads/**");
    await ctx.setOffline(false);
    await expect
      .poll(async () => (await linkedOn(order.id)).find((s) => s.label === service.label)!, { timeout: 60_000, interval: 500 })
      .toMatchObject({ Foto1: expect.any(String), Foto2: expect.any(String), Foto3: null, Video: null });
    // On the card: sent (the queue is empty), the two photos with their count, and the reason.
    await row.getByRole("img", { name: `Foto 2 de ${service.label}` }).waitFor({ timeout: 15_000 });
    await expect.poll(() => queued.count(), { timeout: 15_000 }).toBe(0);
    expect(await row.textContent()).toContain(`Motivo do ponto: ${reason}`);
    expect(await row.textContent()).toContain("2 fotos · 0 vídeos");
    expect(await row.textContent()).toContain("Aguardando aprovação");
  });

  it("names the pending service, who added it and since when in the finish dialog", async () => {
    const page = ctx.pages()[0]!;
    const linked = (await linkedOn(order.id)).find((s) => s.label === service.label)!;
    expect(linked.Usuario).toBeTruthy();
    const when = new Intl.DateTimeFormat("pt-BR", { dateStyle: "short", timeStyle: "short", timeZone: "America/Sao_Paulo" }).format(
      new Date(linked.DataLog),
    );
    await orderAction(page, !desktop, "Finalizar OS");
    const dialog = page.getByRole("dialog", { name: "Finalizar Ordem de Serviço" });
    await dialog.getByText("A finalização está bloqueada: este serviço aguarda a aprovação da central.").waitFor({ timeout: 15_000 });
    const item = dialog.getByRole("list", { name: "Serviços aguardando aprovação" }).getByRole("listitem");
    expect(await item.count()).toBe(1);
    expect(await item.textContent()).toContain(service.label);
    expect(await item.textContent()).toContain(`Adicionado por ${linked.Usuario} em ${when}`);
    expect(await dialog.getByRole("button", { name: "Finalizar OS" }).isDisabled()).toBe(true);
    // What happens next (issue 50): the screen unlocks by itself and the decision is notified.
    expect(await dialog.textContent()).toContain("esta tela se libera sozinha quando a central decidir");
    expect(await violations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Voltar" }).click();
    await dialog.waitFor({ state: "detached" });
  });

  it("shows the central the reason and the photos; once approved it cannot be removed, here or on the server", async () => {
    const linked = (await linkedOn(order.id)).find((s) => s.label === service.label)!;
    // The central's console (its own context): the row with this reason, its photo links in the evidence panel, then the approval.
    const centralCtx = await browser.newContext({ ...DESKTOP, serviceWorkers: "block" });
    const console = await centralCtx.newPage();
    await console.goto(`${base}/central/aprovacoes`);
    await console.getByLabel("E-mail").fill(CENTRAL.email);
    await console.getByLabel("Senha", { exact: true }).fill(CENTRAL.password);
    await console.getByRole("button", { name: "Entrar" }).click();
    const centralRow = console.locator("tbody tr").filter({ hasText: reason });
    await centralRow.waitFor({ timeout: 15_000 });
    await centralRow.getByRole("button", { name: /: Evidências da OS/ }).click();
    const panel = console.getByRole("dialog", { name: /^Evidências da OS/ });
    const photoLink = panel.getByRole("link", { name: `Foto 1 de ${service.label}` });
    expect(await photoLink.getAttribute("href")).toContain(`/central/arquivos/${linked.Foto1}`);
    expect(await panel.getByRole("link", { name: `Foto 2 de ${service.label}` }).count()).toBe(1);
    await panel.getByRole("button", { name: "Fechar" }).click();
    await centralRow.getByRole("button", { name: `Aprovar ${service.label}` }).click();
    await centralRow.waitFor({ state: "detached", timeout: 15_000 });
    await centralCtx.close();

    const page = ctx.pages()[0]!;
    const row = rowOf(page, desktop, service.label);
    // The list polls while a service waits: it turns approved by itself.
    await row.getByText("Aprovado", { exact: true }).waitFor({ timeout: 30_000 });
    await row.getByText("Aprovado pela central: não pode ser removido.").waitFor();
    expect(await row.getByRole("button", { name: `Remover ${service.label}` }).count()).toBe(0);
    const res = await fetch(`${base}/api/agendamentos/desvincular-servico`, {
      method: "POST",
      headers: { authToken: token, "content-type": "application/json" },
      body: JSON.stringify({ idSocioVeiculoAgendaExecucaoServico: linked.id }),
    });
    expect([res.status, ((await res.json()) as { message: string }).message]).toEqual([
      409,
      "Este serviço já foi aprovado pela central e não pode ser removido.",
    ]);
    expect((await linkedOn(order.id)).find((s) => s.id === linked.id)?.StatusAprovacao).toBe("A");
  });
});
