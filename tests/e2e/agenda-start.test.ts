// Starting an order from the agenda end to end (built app, real server, real Chromium with a fake camera, desktop and Pixel 7):
// confirmation, the mandatory initial video, and the durable start through the outbox (reload mid-upload, offline), checked on the
// server; the OS screen opens as soon as the start is saved on the device (issue 37), shows the start on its way (the video's
// progress, the actions that wait for it) and turns EM EXECUÇÃO by itself when it lands; a photo taken meanwhile follows the start.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { addDays, apiCall, brasiliaToday, DESKTOP, launch, MOBILE, openSignedIn, violations, demoPoint, holdFirstUpload } from "./browser";

const base = inject("baseUrl");
let browser: Browser;
let token = "";
let pointId = "";

const api = <T>(p: string, body?: unknown) => apiCall<T>(base, token, p, body);

/** Books a pending appointment of a seeded member's vehicle on the first weekday from `offset` days ahead with 09:00 free. */
async function pendingOrder(offset: number): Promise<{ id: string; os: number; day: string }> {
  const v = await api<{ IdSocio: string; IdSocioVeiculo: string }>(`/scanner/get-agendamento-pontoatendimento-by-placa/${pointId}/ABC1234`);
  for (let d = offset; d < offset + 30; d++) {
    const day = addDays(brasiliaToday(), d);
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    if (
      !(await api<string[]>("/agendamentos/lista-horarios-disponiveis", { idPontoAtendimento: pointId, dataAgendamento: day })).includes(
        "09:00",
      )
    )
      continue;
    const b = await api<{ idSocioVeiculoAgenda: string; NumeroOS: number }>("/agendamentos/agendar", {
      idPontoAtendimento: pointId,
      idSocio: v.IdSocio,
      idSocioVeiculo: v.IdSocioVeiculo,
      data: day,
      hora: "09:00",
      motivo: 1,
      pecaPorContaDoSocio: "N",
    });
    return { id: b.idSocioVeiculoAgenda, os: b.NumeroOS, day };
  }
  throw new Error("no free day");
}
type Details = { agendamento?: { VideoInicial: string | null }; execucao?: { DataHoraInicio: string } };
const details = (id: string) => api<Details>(`/agendamentos/get/${id}`);

/**
 * Counts the start's calls that reach the server from any page or worker of the context, keeps the start's bodies, and the
 * order in which the start and the order's photos reached it ("iniciar", "foto").
 */
function countCalls(ctx: BrowserContext) {
  const seen = { iniciar: 0, video: 0, bodies: [] as Record<string, string>[], sequence: [] as string[] };
  ctx.on("request", (r) => {
    if (r.url().endsWith("/api/agendamentos/iniciar")) {
      seen.iniciar++;
      seen.sequence.push("iniciar");
      seen.bodies.push(JSON.parse(r.postData() ?? "{}") as Record<string, string>);
    }
    if (r.url().endsWith("/api/agendamentos/atualizar-video-inicial")) seen.video++;
    if (r.url().endsWith("/api/agendamentos/adicionar-foto")) seen.sequence.push("foto");
  });
  return seen;
}
const photosOf = async (id: string) => (await api<{ fotos: { Foto: string }[] }>(`/agendamentos/get-fotos/${id}`)).fotos;

/** The OS screen's header badge, its start on its way (role status, or alert once refused) and its initial video's queued row. */
const badge = (page: Page) => page.locator(".order-page .page-header .status-badge");
const startStatus = (page: Page) => page.getByRole("status").filter({ hasText: /vídeo inicial|Iniciando…/ });
const queuedVideo = (page: Page) => page.getByRole("list", { name: "Vídeo inicial a enviar" }).getByRole("listitem");
const evidenceCard = (page: Page) =>
  page.locator("section.card", { has: page.getByRole("heading", { name: "Fotos e Vídeos da Execução" }) });
const WAIT_HINT = "Cancelar, finalizar e adicionar serviços ficam disponíveis quando a OS estiver iniciada.";

/** Marks the document: still there later means the screen changed without a page load. */
const markDocument = (page: Page) => page.evaluate(() => void ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

/** EM EXECUÇÃO on the screen as it is, with the start time in the header and the executor in the Execução card. */
async function expectRunningOnScreen(page: Page) {
  await expect.poll(() => badge(page).textContent(), { timeout: 45_000 }).toBe("EM EXECUÇÃO");
  await page
    .locator(".order-page .page-header")
    .getByText(/^Iniciada em \d{2}\/\d{2}\/\d{4}/)
    .waitFor({ timeout: 15_000 });
  const executor = page.locator(".field-list dt", { hasText: "Executor inicial" }).locator("+ dd");
  await expect.poll(() => executor.textContent(), { timeout: 15_000 }).not.toBe("Não informado");
  expect(await startStatus(page).count()).toBe(0);
  expect(await queuedVideo(page).count()).toBe(0);
}

/** A real JPEG made by the browser (the server checks the bytes), chosen in the evidence card's picker. */
async function choosePhoto(page: Page, name: string) {
  const b64 = await page.evaluate(async () => {
    const c = new OffscreenCanvas(160, 120);
    const g = c.getContext("2d")!;
    g.fillStyle = "#2a6";
    g.fillRect(0, 0, 160, 120);
    const bytes = new Uint8Array(await (await c.convertToBlob({ type: "image/jpeg" })).arrayBuffer());
    let out = "";
    for (const b of bytes) out += String.fromCharCode(b);
    return btoa(out);
  });
  await evidenceCard(page)
    .locator(".media-picker input[type=file]")
    .setInputFiles({ name, mimeType: "image/jpeg", buffer: Buffer.from(b64, "base64") });
}

/** Cuts the network for the pages AND the upload worker (Chromium's offline emulation alone does not reach a worker's requests). */
async function cutNetwork(ctx: BrowserContext) {
  await ctx.route("**/api/**", (route) => void route.abort("internetdisconnected"));
  await ctx.setOffline(true);
}
async function restoreNetwork(ctx: BrowserContext) {
  await ctx.unrouteAll({ behavior: "ignoreErrors" });
  await ctx.setOffline(false);
}

/** Offline the OS screen's code comes from the service worker's precache, as on a phone where the app was opened before. */
const serviceWorkerInControl = (page: Page) =>
  page.waitForFunction(() => navigator.serviceWorker.controller?.state === "activated", undefined, { timeout: 30_000 });

const openAgenda = (ctx: BrowserContext, day: string): Promise<Page> =>
  openSignedIn(ctx, `${base}/?inicio=${day}&fim=${day}&status=PENDENTES`, (page) =>
    page.getByRole("heading", { name: "Agenda", level: 1 }),
  );
const rowActions = (page: Page, os: number) => page.getByRole("group", { name: `Ações da OS #${os}` });

/** Iniciar -> Confirmar -> a 1-2 s recording with the fake camera; leaves the video step open with its button enabled. */
async function recordInitialVideo(page: Page, os: number, axe = false) {
  await rowActions(page, os).getByRole("button", { name: "Iniciar" }).click();
  const dialog = page.getByRole("dialog", { name: "Iniciar Ordem de Serviço" });
  await dialog.getByText(`Deseja iniciar a Ordem de Serviço #${os}?`).waitFor();
  if (axe) expect(await violations(page)).toEqual([]);
  await dialog.getByRole("button", { name: "Confirmar" }).click();
  const video = page.getByRole("dialog", { name: "Vídeo inicial do veículo" });
  await video.waitFor();
  const start = video.getByRole("button", { name: "Confirmar e Iniciar Serviço" });
  expect(await start.isDisabled()).toBe(true);
  // Mandatory: no close button, and neither Escape nor the browser's back closes it.
  expect(await video.getByRole("button", { name: "Fechar" }).count()).toBe(0);
  await page.keyboard.press("Escape");
  await page.goBack();
  await video.waitFor();
  if (axe) expect(await violations(page)).toEqual([]);
  await video.getByRole("button", { name: "Gravar vídeo" }).click();
  const camera = page.getByRole("dialog", { name: "Gravar vídeo" });
  await camera.getByRole("button", { name: "Gravar", exact: true }).click({ timeout: 15_000 });
  await page.waitForTimeout(1500); // the length of the recording itself
  await camera.getByRole("button", { name: "Parar" }).click();
  await expect.poll(() => start.isEnabled(), { timeout: 15_000 }).toBe(true);
  return { video, start };
}

async function expectStartedOnce(order: { id: string }, calls: ReturnType<typeof countCalls>) {
  await expect.poll(async () => Boolean((await details(order.id)).execucao), { timeout: 45_000 }).toBe(true);
  const d = await details(order.id);
  expect(d.agendamento?.VideoInicial).toMatch(/\S/);
  expect(d.execucao?.DataHoraInicio).toBeTruthy();
  expect(calls.video).toBe(1);
  expect(calls.iniciar).toBe(1);
  const today = brasiliaToday().split("-").reverse().join("/");
  expect(calls.bodies[0]).toMatchObject({ idSocioVeiculoAgenda: order.id, data: today });
  expect(calls.bodies[0]!.hora).toMatch(/^\d{2}:\d{2}$/);
  expect(calls.bodies[0]).not.toHaveProperty("videoInicial");
}

beforeAll(async () => {
  browser = await launch();
  ({ token, pointId } = await demoPoint(base));
});
afterAll(() => browser?.close());

for (const [name, options, offset] of [
  ["desktop", DESKTOP, 200],
  ["Pixel 7", MOBILE, 240],
] as const) {
  describe(`starting an order on ${name}`, () => {
    /** A pending order on its agenda, in a fresh context counting the start's calls; `hold` holds its first upload. */
    async function onAgenda(hold: boolean) {
      const order = await pendingOrder(offset);
      const ctx = await browser.newContext({ ...options, bypassCSP: true });
      const calls = countCalls(ctx);
      const page = await openAgenda(ctx, order.day);
      const upload = hold ? await holdFirstUpload(ctx) : null;
      return { order, ctx, calls, page, upload };
    }

    it("Voltar leaves the mandatory video step without starting anything", async () => {
      const { order, ctx, calls, page } = await onAgenda(false);
      await rowActions(page, order.os).getByRole("button", { name: "Iniciar" }).click();
      await page.getByRole("dialog", { name: "Iniciar Ordem de Serviço" }).getByRole("button", { name: "Confirmar" }).click();
      await page.getByRole("dialog", { name: "Vídeo inicial do veículo" }).getByRole("button", { name: "Voltar" }).click();
      await rowActions(page, order.os).getByRole("button", { name: "Iniciar" }).waitFor();
      expect(await page.getByRole("dialog").count()).toBe(0);
      expect(new URL(page.url()).pathname).toBe("/");
      expect(calls.iniciar + calls.video).toBe(0);
      expect((await details(order.id)).execucao).toBeUndefined();
      await ctx.close();
    });

    it("starts with the fake camera: opens the OS, which turns EM EXECUÇÃO by itself; video attached once, success toast (axe on both modals)", async () => {
      const { order, ctx, calls, page } = await onAgenda(false);
      const { start } = await recordInitialVideo(page, order.os, true);
      await start.click();
      await page.waitForURL(`**/execucao-os/${order.id}`, { timeout: 15_000 });
      await markDocument(page);
      await page.getByText("Ordem de Serviço iniciada com sucesso!").waitFor({ timeout: 45_000 });
      await expectStartedOnce(order, calls);
      await page.getByRole("heading", { name: `OS #${order.os}`, level: 1 }).waitFor();
      await expectRunningOnScreen(page);
      expect(await sameDocument(page)).toBe(true);
      // Back leaves the order for the agenda the start was confirmed on (the dialog's history entry was replaced).
      await page.goBack();
      await page.getByRole("heading", { name: "Agenda", level: 1 }).waitFor();
      expect(new URL(page.url()).pathname).toBe("/");
      const rows = (
        await api<{ data: { IdSocioVeiculoAgenda: string; IdSocioVeiculoAgendaExecucao: string | null }[] }>(
          `/agendamentos/lista/${pointId}?dataInicio=${order.day}&dataFim=${order.day}`,
        )
      ).data;
      expect(rows.find((r) => r.IdSocioVeiculoAgenda === order.id)?.IdSocioVeiculoAgendaExecucao).toBeTruthy();
      await ctx.close();
    });

    it("back on the agenda the row shows the upload; reloaded there, it starts once and the attendant stays on the agenda", async () => {
      const { order, ctx, calls, page, upload: held } = await onAgenda(true);
      const upload = held!;
      const { start } = await recordInitialVideo(page, order.os);
      await start.click();
      await page.waitForURL(`**/execucao-os/${order.id}`, { timeout: 15_000 });
      await upload.arrived();
      await page.goBack();
      await page
        .getByRole("status")
        .filter({ hasText: /^Enviando vídeo inicial… \d+%$/ })
        .waitFor();
      expect((await details(order.id)).execucao).toBeUndefined();
      await page.reload();
      await upload.abort();
      await page.getByText("Ordem de Serviço iniciada com sucesso!").waitFor({ timeout: 45_000 });
      await expectStartedOnce(order, calls);
      // Not taken anywhere (the start used to open the OS here when it landed): the order in progress leaves the PENDENTES list.
      await expect.poll(() => page.getByText(/Enviando vídeo inicial|Iniciando…/).count(), { timeout: 15_000 }).toBe(0);
      expect(new URL(page.url()).pathname).toBe("/");
      await page.getByRole("heading", { name: "Agenda", level: 1 }).waitFor();
      await ctx.close();
    });

    it("a start resumed on another screen after a full page load is told there, and the order starts once", async () => {
      const { order, ctx, calls, page, upload: held } = await onAgenda(true);
      const upload = held!;
      const { start } = await recordInitialVideo(page, order.os);
      await start.click();
      await upload.arrived();
      // The tab is opened anew on the ratings: the outbox resumes the start there, and tells it there.
      await page.goto(`${base}/avaliacoes`);
      await upload.abort();
      await page.getByRole("heading", { name: "Avaliações dos Clientes", level: 1 }).waitFor();
      await page.getByText("Ordem de Serviço iniciada com sucesso!").waitFor({ timeout: 45_000 });
      expect(new URL(page.url()).pathname).toBe("/avaliacoes");
      await expectStartedOnce(order, calls);
      await ctx.close();
    });

    it("network cut: the OS opens at once and says the video waits for the network; back online it turns EM EXECUÇÃO in place", async () => {
      const { order, ctx, calls, page } = await onAgenda(false);
      await serviceWorkerInControl(page);
      const { start } = await recordInitialVideo(page, order.os);
      await cutNetwork(ctx);
      await start.click();
      await page.waitForURL(`**/execucao-os/${order.id}`, { timeout: 10_000 });
      await markDocument(page);
      // Never opened on this device: the order's data waits for the network, the start on its way is told anyway.
      await startStatus(page)
        .filter({ hasText: /^Sem conexão: o vídeo inicial \(\d+%\) será enviado quando a rede voltar\.$/ })
        .waitFor({ timeout: 30_000 });
      await expect.poll(() => queuedVideo(page).first().textContent(), { timeout: 15_000 }).toMatch(/Salvo no aparelho$/);
      await page.waitForTimeout(1500);
      expect((await details(order.id)).execucao).toBeUndefined();
      expect(calls.video + calls.iniciar).toBe(0);
      await restoreNetwork(ctx);
      await page.getByRole("heading", { name: `OS #${order.os}`, level: 1 }).waitFor({ timeout: 30_000 });
      await expectRunningOnScreen(page);
      await expectStartedOnce(order, calls);
      expect(await sameDocument(page)).toBe(true);
      expect(new URL(page.url()).pathname).toBe(`/execucao-os/${order.id}`);
      await ctx.close();
    });

    it("upload held: the OS opens at once showing the start and the video's progress; what the server refuses before the start waits, explained; a photo taken meanwhile is attached after the start", async () => {
      const { order, ctx, calls, page, upload: held } = await onAgenda(true);
      const upload = held!;
      const { start } = await recordInitialVideo(page, order.os);
      await start.click();
      await page.waitForURL(`**/execucao-os/${order.id}`, { timeout: 10_000 });
      await markDocument(page);
      await page.getByRole("heading", { name: `OS #${order.os}`, level: 1 }).waitFor({ timeout: 15_000 });
      await upload.arrived();
      expect(await badge(page).textContent()).toBe("INICIANDO");
      await startStatus(page)
        .filter({ hasText: /^Enviando vídeo inicial… \d+%$/ })
        .waitFor({ timeout: 15_000 });
      // The initial video is the start's, listed as a file on its way; no second video is asked for.
      await expect.poll(() => queuedVideo(page).count()).toBe(1);
      expect(await queuedVideo(page).first().textContent()).toMatch(/Enviando \d+%$/);
      expect(await page.getByRole("button", { name: "Enviar vídeo inicial" }).count()).toBe(0);
      // The client and the vehicle are there.
      await page.getByRole("heading", { name: "Cliente" }).waitFor();
      expect(await page.locator(".field-list dt", { hasText: "Placa" }).locator("+ dd").textContent()).toBe("ABC-1234");
      // Finishing, cancelling and linking a service wait for the start: disabled and explained (the phone's menu leaves them out).
      await page.getByText(WAIT_HINT).waitFor();
      const hintId = await page.getByText(WAIT_HINT).getAttribute("id");
      const add = page.getByRole("button", { name: "Adicionar serviço" });
      expect(await add.isDisabled()).toBe(true);
      expect(await add.getAttribute("aria-describedby")).toBe(hintId);
      if (options === MOBILE) {
        await page.getByRole("button", { name: "Ações", exact: true }).click();
        const items = await page.getByRole("menuitem").allTextContents();
        expect(items).toEqual(["Adicionar Laudos", "Adicionar Recibos", "Detalhes financeiros", "Enviar acompanhamento"]);
        await page.keyboard.press("Escape");
      } else {
        const group = page.getByRole("group", { name: `Ações da OS #${order.os}` });
        for (const name of ["Cancelar OS", "Finalizar OS"]) {
          const button = group.getByRole("button", { name });
          expect(await button.isDisabled()).toBe(true);
          expect(await button.getAttribute("aria-describedby")).toBe(hintId);
        }
      }
      expect(await violations(page)).toEqual([]);

      // A photo taken now is saved on the device and waits for the start.
      await choosePhoto(page, "painel-inicio.jpg");
      const row = evidenceCard(page).getByRole("list", { name: "Arquivos a enviar" }).getByRole("listitem");
      await expect.poll(() => row.first().textContent(), { timeout: 15_000 }).toMatch(/Salvo no aparelho$/);
      await page.waitForTimeout(1000);
      expect(calls.sequence).toEqual([]);
      expect((await details(order.id)).execucao).toBeUndefined();

      await upload.release();
      await expectRunningOnScreen(page);
      await expectStartedOnce(order, calls);
      await expect.poll(async () => (await photosOf(order.id)).length, { timeout: 45_000 }).toBe(1);
      expect(calls.sequence).toEqual(["iniciar", "foto"]);
      await evidenceCard(page).getByRole("list", { name: "Arquivos enviados" }).getByRole("listitem").waitFor({ timeout: 15_000 });
      expect(await sameDocument(page)).toBe(true);
      await ctx.close();
    });

    it("a refused start is told on the OS and in the upload indicator, and the screen's retry starts it there", async () => {
      const order = await pendingOrder(offset);
      const ctx = await browser.newContext({ ...options, bypassCSP: true });
      const page = await openAgenda(ctx, order.day);
      // An answer without a message (as from a proxy's error page): the client's own words are shown.
      await ctx.route("**/api/agendamentos/iniciar", (route) =>
        route.fulfill({ status: 400, contentType: "text/html", body: "<html></html>" }),
      );
      const { start } = await recordInitialVideo(page, order.os);
      await start.click();
      await page.waitForURL(`**/execucao-os/${order.id}`, { timeout: 15_000 });
      const failed = "Erro ao iniciar a Ordem de Serviço. Tente novamente.";
      const alert = page.getByRole("alert").filter({ hasText: `A OS não foi iniciada: ${failed}` });
      await alert.waitFor({ timeout: 30_000 });
      const indicator = page.getByRole("complementary", { name: "Envio de arquivos" });
      await indicator.getByText(failed).waitFor();
      expect((await details(order.id)).execucao).toBeUndefined();
      expect((await details(order.id)).agendamento?.VideoInicial).toMatch(/\S/);
      await ctx.unroute("**/api/agendamentos/iniciar");
      await alert.getByRole("button", { name: "Tentar novamente" }).click();
      await expectRunningOnScreen(page);
      expect((await details(order.id)).execucao?.DataHoraInicio).toBeTruthy();
      await ctx.close();
    });
  });
}

/** The initial video's uploads fail as a lost connection (its tus creation; a photo's go through) until `restore()`. */
async function cutVideoUploads(ctx: BrowserContext) {
  let cut = true;
  await ctx.route("**/api/uploads/tus**", (route) => {
    const type = /filetype (\S+)/.exec(route.request().headers()["upload-metadata"] ?? "")?.[1];
    const video = type ? Buffer.from(type, "base64").toString().startsWith("video/") : false;
    if (cut && video) void route.abort("internetdisconnected");
    else void route.continue();
  });
  return { restore: () => void (cut = false) };
}

describe("the order's files wait for its start (Pixel 7)", () => {
  it("a photo taken while the start's video cannot get through stays on the device, and reaches the server only after iniciar", async () => {
    const order = await pendingOrder(280);
    const ctx = await browser.newContext({ ...MOBILE, bypassCSP: true });
    const calls = countCalls(ctx);
    const page = await openAgenda(ctx, order.day);
    const video = await cutVideoUploads(ctx);
    const { start } = await recordInitialVideo(page, order.os);
    await start.click();
    await page.waitForURL(`**/execucao-os/${order.id}`, { timeout: 10_000 });
    await startStatus(page)
      .filter({ hasText: /^Sem conexão: o vídeo inicial \(\d+%\) será enviado quando a rede voltar\.$/ })
      .waitFor({ timeout: 30_000 });
    await choosePhoto(page, "painel-sem-rede.jpg");
    const row = evidenceCard(page).getByRole("list", { name: "Arquivos a enviar" }).getByRole("listitem");
    await expect.poll(() => row.first().textContent(), { timeout: 15_000 }).toMatch(/Salvo no aparelho$/);
    // The uploader keeps retrying the start meanwhile; the photo, free to go, must not overtake it.
    await page.waitForTimeout(4000);
    expect(calls.sequence).toEqual([]);
    expect(await photosOf(order.id)).toEqual([]);
    expect(await row.first().textContent()).toMatch(/Salvo no aparelho$/);
    video.restore();
    await expectRunningOnScreen(page);
    await expectStartedOnce(order, calls);
    await expect.poll(async () => (await photosOf(order.id)).length, { timeout: 45_000 }).toBe(1);
    expect(calls.sequence).toEqual(["iniciar", "foto"]);
    await ctx.close();
  });
});
