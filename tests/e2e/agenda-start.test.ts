// Starting an order from the agenda end to end (built app, real server, real Chromium with a fake camera, desktop and Pixel 7):
// confirmation, the mandatory initial video, and the durable start through the outbox (reload mid-upload, offline), checked on the server.
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

/** Counts the start's calls that reach the server from any page or worker of the context, and keeps the start's bodies. */
function countCalls(ctx: BrowserContext) {
  const seen = { iniciar: 0, video: 0, bodies: [] as Record<string, string>[] };
  ctx.on("request", (r) => {
    if (r.url().endsWith("/api/agendamentos/iniciar")) {
      seen.iniciar++;
      seen.bodies.push(JSON.parse(r.postData() ?? "{}") as Record<string, string>);
    }
    if (r.url().endsWith("/api/agendamentos/atualizar-video-inicial")) seen.video++;
  });
  return seen;
}

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
    it("Voltar leaves the mandatory video step without starting anything", async () => {
      const order = await pendingOrder(offset);
      const ctx = await browser.newContext({ ...options, bypassCSP: true });
      const calls = countCalls(ctx);
      const page = await openAgenda(ctx, order.day);
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

    it("starts with the fake camera: EM ANDAMENTO on the server, video attached once, success toast, opens the OS (axe on both modals)", async () => {
      const order = await pendingOrder(offset);
      const ctx = await browser.newContext({ ...options, bypassCSP: true });
      const calls = countCalls(ctx);
      const page = await openAgenda(ctx, order.day);
      const { start } = await recordInitialVideo(page, order.os, true);
      await start.click();
      await page.getByText("Ordem de Serviço iniciada com sucesso!").waitFor({ timeout: 45_000 });
      await page.waitForURL(`**/execucao-os/${order.id}`, { timeout: 15_000 });
      await expectStartedOnce(order, calls);
      const rows = (
        await api<{ data: { IdSocioVeiculoAgenda: string; IdSocioVeiculoAgendaExecucao: string | null }[] }>(
          `/agendamentos/lista/${pointId}?dataInicio=${order.day}&dataFim=${order.day}`,
        )
      ).data;
      expect(rows.find((r) => r.IdSocioVeiculoAgenda === order.id)?.IdSocioVeiculoAgendaExecucao).toBeTruthy();
      await ctx.close();
    });

    it("starts once when the page is reloaded in the middle of the upload; the row shows the upload until then", async () => {
      const order = await pendingOrder(offset);
      const ctx = await browser.newContext({ ...options, bypassCSP: true });
      const calls = countCalls(ctx);
      const page = await openAgenda(ctx, order.day);
      const upload = await holdFirstUpload(ctx);
      const { start } = await recordInitialVideo(page, order.os);
      await start.click();
      await upload.arrived();
      await page
        .getByRole("status")
        .filter({ hasText: /^Enviando vídeo inicial… \d+%$/ })
        .waitFor();
      expect((await details(order.id)).execucao).toBeUndefined();
      await page.reload();
      await upload.abort();
      await page.waitForURL(`**/execucao-os/${order.id}`, { timeout: 45_000 });
      await expectStartedOnce(order, calls);
      await ctx.close();
    });

    it("a start resumed on another screen after a full page load is told there, and the order starts once", async () => {
      const order = await pendingOrder(offset);
      const ctx = await browser.newContext({ ...options, bypassCSP: true });
      const calls = countCalls(ctx);
      const page = await openAgenda(ctx, order.day);
      const upload = await holdFirstUpload(ctx);
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

    it("offline during the start: the row waits, and the order starts once the connection comes back", async () => {
      const order = await pendingOrder(offset);
      const ctx = await browser.newContext({ ...options, bypassCSP: true });
      const calls = countCalls(ctx);
      const page = await openAgenda(ctx, order.day);
      const { start } = await recordInitialVideo(page, order.os);
      await ctx.setOffline(true);
      await start.click();
      await page
        .getByRole("status")
        .filter({ hasText: /vídeo inicial/ })
        .waitFor();
      await page.waitForTimeout(1500);
      expect((await details(order.id)).execucao).toBeUndefined();
      await ctx.setOffline(false);
      await page.waitForURL(`**/execucao-os/${order.id}`, { timeout: 45_000 });
      await expectStartedOnce(order, calls);
      await ctx.close();
    });

    it("a refused start is told on the row and in the upload indicator, and the indicator's retry starts it", async () => {
      const order = await pendingOrder(offset);
      const ctx = await browser.newContext({ ...options, bypassCSP: true });
      const page = await openAgenda(ctx, order.day);
      // An answer without a message (as from a proxy's error page): the client's own words are shown.
      await ctx.route("**/api/agendamentos/iniciar", (route) =>
        route.fulfill({ status: 400, contentType: "text/html", body: "<html></html>" }),
      );
      const { start } = await recordInitialVideo(page, order.os);
      await start.click();
      const failed = "Erro ao iniciar a Ordem de Serviço. Tente novamente.";
      await page.getByRole("status").filter({ hasText: failed }).waitFor({ timeout: 30_000 });
      const indicator = page.getByRole("complementary", { name: "Envio de arquivos" });
      await indicator.getByText(failed).waitFor();
      expect((await details(order.id)).execucao).toBeUndefined();
      expect((await details(order.id)).agendamento?.VideoInicial).toMatch(/\S/);
      await ctx.unroute("**/api/agendamentos/iniciar");
      await indicator.getByRole("button", { name: /^Falhou — tentar de novo/ }).click();
      await page.waitForURL(`**/execucao-os/${order.id}`, { timeout: 30_000 });
      expect((await details(order.id)).execucao?.DataHoraInicio).toBeTruthy();
      await ctx.close();
    });
  });
}
