// The OS screen's own flows end to end (built app, real server, real Chromium with a fake camera, desktop and Pixel 7):
// cards, the actions (buttons / 'Ações' menu), finishing through the outbox (plain, reloaded mid-upload, refused by the
// server), cancelling, the concluded state, the initial-video prompt and a card whose call fails, checked on the server.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import {
  apiCall,
  DESKTOP,
  launch,
  MOBILE,
  orderAction as action,
  openSignedIn,
  violations,
  apiToken,
  holdFirstUpload,
  startedOrderByApi,
} from "./browser";

const base = inject("baseUrl");
let browser: Browser;
let token = "";
let pointId = "";
let userId = "";

const api = <T>(p: string, body?: unknown) => apiCall<T>(base, token, p, body);

type Row = {
  IdSocioVeiculoAgenda: string;
  NumeroOS: number;
  StatusAgendamento: string;
  Placa: string;
  HoraAgendamento: string;
  IdSocioVeiculoAgendaExecucao: string | null;
};
type Details = {
  agendamento: {
    StatusAgendamento: string;
    VideoInicial: string | null;
    VideoFinal: string | null;
    MotivoCancelamento: string | null;
    NumeroOS: number;
  };
  execucao?: { DataHoraFim: string | null };
};
const details = (id: string) => api<Details>(`/agendamentos/get/${id}`);

/** A seeded in-progress order of the Onix (PEX-7788) whose services are all approved, by its time. */
async function readyOrder(time: string): Promise<Row> {
  const rows = (await api<{ data: Row[] }>(`/agendamentos/lista/${pointId}`)).data;
  return rows.find(
    (r) => r.Placa === "PEX7788" && r.HoraAgendamento === time && r.StatusAgendamento === "A" && r.IdSocioVeiculoAgendaExecucao,
  )!;
}

/** An order started through the API on a free weekday from `offset` days ahead at 10:00 (browser.ts). */
const startedOrder = (offset: number) => startedOrderByApi(base, token, { pointId, userId, offset, hour: "10:00" });

const openOrder = (ctx: BrowserContext, id: string, os: number): Promise<Page> =>
  openSignedIn(ctx, `${base}/execucao-os/${id}`, (page) => page.getByRole("heading", { name: `OS #${os}`, level: 1 }));

/** Finalizar OS -> the modal -> a 1-2 s recording with the fake camera; returns the modal with its finish button enabled. */
async function recordFinalVideo(page: Page, mobile: boolean, axe = false) {
  await action(page, mobile, "Finalizar OS");
  const dialog = page.getByRole("dialog", { name: "Finalizar Ordem de Serviço" });
  await dialog.getByText("Nenhum serviço aguardando aprovação.").waitFor();
  const finish = dialog.getByRole("button", { name: "Finalizar OS" });
  expect(await finish.isDisabled()).toBe(true);
  if (axe) expect(await violations(page)).toEqual([]);
  await dialog.getByRole("button", { name: "Gravar vídeo" }).click();
  const camera = page.getByRole("dialog", { name: "Gravar vídeo" });
  await camera.getByRole("button", { name: "Gravar", exact: true }).click({ timeout: 15_000 });
  await page.waitForTimeout(1500); // the length of the recording itself
  await camera.getByRole("button", { name: "Parar" }).click();
  await expect.poll(() => finish.isEnabled(), { timeout: 15_000 }).toBe(true);
  return finish;
}

function countCalls(ctx: BrowserContext) {
  const seen = { concluir: 0, video: 0 };
  ctx.on("request", (r) => {
    if (r.url().endsWith("/api/agendamentos/concluir")) seen.concluir++;
    if (r.url().endsWith("/api/agendamentos/atualizar-video-final")) seen.video++;
  });
  return seen;
}

const payoutRows = async (id: string) =>
  (await api<{ IdSocioVeiculoAgenda: string }[]>("/espelho/lista", { idPontoAtendimento: pointId })).filter(
    (r) => r.IdSocioVeiculoAgenda === id,
  );

async function expectConcludedScreen(page: Page, mobile: boolean) {
  await page.getByText("CONCLUÍDA", { exact: true }).waitFor({ timeout: 15_000 });
  // The finish in progress is no longer told once the order shows concluded.
  expect(await page.getByText("Finalizando a OS...").count()).toBe(0);
  if (mobile) await page.getByRole("button", { name: "Ações", exact: true }).click();
  const scope = mobile ? page.getByRole("menu") : page.getByRole("group", { name: /^Ações da OS/ });
  const role = mobile ? "menuitem" : "button";
  await scope.getByRole(role, { name: "Adicionar Laudos" }).waitFor();
  expect(await scope.getByRole(role, { name: "Adicionar Recibos" }).count()).toBe(1);
  expect(await page.getByRole(role, { name: "Finalizar OS" }).count()).toBe(0);
  expect(await page.getByRole(role, { name: "Cancelar OS" }).count()).toBe(0);
  if (mobile) await page.keyboard.press("Escape");
}

beforeAll(async () => {
  browser = await launch();
  token = await apiToken(base);
  const user = (await api<{ data: { IdPontoAtendimento: string; IdPontoAtendimentoUsuario: string } }>("/credenciado/get")).data;
  pointId = user.IdPontoAtendimento;
  userId = user.IdPontoAtendimentoUsuario;
});
afterAll(() => browser?.close());

for (const [name, options, mobile, readyTime, offset] of [
  ["desktop", DESKTOP, false, "07:30", 300],
  ["Pixel 7", MOBILE, true, "07:45", 340],
] as const) {
  describe(`OS screen on ${name}`, () => {
    it("shows the cards, finishes with the fake camera: 'C' on the server with its final video and one payout row per approved service", async () => {
      const order = await readyOrder(readyTime);
      const ctx = await browser.newContext({ ...options, bypassCSP: true });
      const calls = countCalls(ctx);
      const page = await openOrder(ctx, order.IdSocioVeiculoAgenda, order.NumeroOS);
      const client = page.getByRole("region", { name: "Cliente" });
      await client.getByText("Marcos Vinícius Rocha").waitFor();
      await client.getByText("390.533.447-05").waitFor();
      await client.getByText("PEX-7788").waitFor();
      const execution = page.getByRole("region", { name: "Execução" });
      await execution.getByText("BARULHO NA SUSPENSÃO").waitFor();
      await execution.getByText("Marina Souza").waitFor();
      await execution.getByText("Não informado").waitFor();
      await page.getByText("EM EXECUÇÃO", { exact: true }).waitFor();
      // Seeded orders were started without an initial video: the prompt is on the screen.
      await page.getByRole("region", { name: "Vídeo inicial do veículo" }).waitFor();
      expect(await violations(page)).toEqual([]);
      const finish = await recordFinalVideo(page, mobile, true);
      await finish.click();
      await page.getByText("OS finalizada com sucesso!").waitFor({ timeout: 45_000 });
      await expectConcludedScreen(page, mobile);
      const d = await details(order.IdSocioVeiculoAgenda);
      expect(d.agendamento.StatusAgendamento).toBe("C");
      expect(d.agendamento.VideoFinal).toMatch(/\S/);
      expect(d.execucao?.DataHoraFim).toBeTruthy();
      expect(calls.video).toBe(1);
      expect(calls.concluir).toBe(1);
      expect(await payoutRows(order.IdSocioVeiculoAgenda)).toHaveLength(2);
      await ctx.close();
    });

    it("finishes once when the page is reloaded in the middle of the final video's upload", async () => {
      const order = await startedOrder(offset);
      const ctx = await browser.newContext({ ...options, bypassCSP: true });
      const calls = countCalls(ctx);
      const page = await openOrder(ctx, order.id, order.os);
      const upload = await holdFirstUpload(ctx);
      const finish = await recordFinalVideo(page, mobile);
      await finish.click();
      await upload.arrived();
      await page
        .getByRole("status")
        .filter({ hasText: /^Enviando o vídeo final\.\.\. \d+%$/ })
        .waitFor();
      expect((await details(order.id)).agendamento.StatusAgendamento).toBe("A");
      await page.reload();
      await upload.abort();
      await page.getByText("OS finalizada com sucesso!").waitFor({ timeout: 45_000 });
      await expectConcludedScreen(page, mobile);
      const d = await details(order.id);
      expect(d.agendamento.StatusAgendamento).toBe("C");
      expect(d.agendamento.VideoFinal).toMatch(/\S/);
      expect(calls.concluir).toBe(1);
      expect(calls.video).toBe(1);
      await ctx.close();
    });

    it("a finish resumed on another screen after a full page load is told there; the order then shows concluded", async () => {
      const order = await startedOrder(offset + 10);
      const ctx = await browser.newContext({ ...options, bypassCSP: true });
      const calls = countCalls(ctx);
      const page = await openOrder(ctx, order.id, order.os);
      const upload = await holdFirstUpload(ctx);
      const finish = await recordFinalVideo(page, mobile);
      await finish.click();
      await upload.arrived();
      // The attendant opens the agenda anew (e.g. the phone reloaded the tab there): the outbox resumes the finish on the agenda.
      await page.goto(`${base}/`);
      await upload.abort();
      await page.getByRole("heading", { name: "Agenda", level: 1 }).waitFor();
      await page.getByText("OS finalizada com sucesso!").waitFor({ timeout: 45_000 });
      expect((await details(order.id)).agendamento.StatusAgendamento).toBe("C");
      await page.goto(`${base}/execucao-os/${order.id}`);
      await expectConcludedScreen(page, mobile);
      expect(calls.concluir).toBe(1);
      expect(calls.video).toBe(1);
      await ctx.close();
    });

    it("a finish refused by the server (a service became pending) shows its reason on the screen and in the indicator; the video stays; retry finishes", async () => {
      const order = await startedOrder(offset + 20);
      const ctx = await browser.newContext({ ...options, bypassCSP: true });
      const page = await openOrder(ctx, order.id, order.os);
      const upload = await holdFirstUpload(ctx);
      const finish = await recordFinalVideo(page, mobile);
      await finish.click();
      await upload.arrived();
      // Meanwhile a service is linked elsewhere: it awaits approval, so the server must refuse the finish.
      const services = (
        await api<{ servicos: { IdServico: string; label: string; TipoVeiculo: string; FornecidoPelaVcar: string }[] }>(
          `/ponto-atendimento/servicos/${pointId}`,
        )
      ).servicos;
      // No warranty (0 days) and unused by this car this year: the link is accepted, awaiting approval.
      const brakes = services.find((s) => s.TipoVeiculo === "PASSEIO" && s.label.startsWith("HIGIENIZAÇÃO DO AR-CONDICIONADO"))!;
      const linked = await api<{ idSocioVeiculoAgendaExecucaoServico: string }>("/agendamentos/vincular-servico", {
        idPontoAtendimentoUsuario: userId,
        idSocioVeiculoAgenda: order.id,
        idServico: brakes.IdServico,
      });
      expect(linked).toHaveProperty("idSocioVeiculoAgendaExecucaoServico");
      await upload.release();
      const refusal = page.getByRole("alert").filter({ hasText: /A OS não foi finalizada: Existem serviços pendentes de aprovação/ });
      await refusal.waitFor({ timeout: 45_000 });
      await page
        .getByRole("complementary", { name: "Envio de arquivos" })
        .getByText(/Existem serviços pendentes de aprovação/)
        .waitFor();
      let d = await details(order.id);
      expect(d.agendamento.StatusAgendamento).toBe("A");
      expect(d.agendamento.VideoFinal).toMatch(/\S/);
      // The office settles it (here: the service is removed); the attendant retries from the screen and the order finishes.
      await api("/agendamentos/desvincular-servico", { idSocioVeiculoAgendaExecucaoServico: linked.idSocioVeiculoAgendaExecucaoServico });
      await refusal.getByRole("button", { name: "Tentar novamente" }).click();
      await page.getByText("OS finalizada com sucesso!").waitFor({ timeout: 45_000 });
      d = await details(order.id);
      expect(d.agendamento.StatusAgendamento).toBe("C");
      await ctx.close();
    });

    it("cancels after the confirmation: 'E' on the server with the fixed reason, back on the agenda (axe on the confirmation)", async () => {
      const order = await startedOrder(offset + 30);
      const ctx = await browser.newContext({ ...options, bypassCSP: true });
      const page = await openOrder(ctx, order.id, order.os);
      await action(page, mobile, "Cancelar OS");
      const dialog = page.getByRole("dialog", { name: "Cancelar Ordem de Serviço" });
      await dialog.getByText(`Tem certeza que deseja cancelar a OS #${order.os}?`).waitFor();
      await dialog.getByText("Esta ação não pode ser desfeita.").waitFor();
      expect(await violations(page)).toEqual([]);
      await dialog.getByRole("button", { name: "Sim, cancelar OS" }).click();
      await page.getByText("OS cancelada com sucesso!").waitFor({ timeout: 15_000 });
      await page.waitForURL((url) => url.pathname === "/", { timeout: 15_000 });
      const d = await details(order.id);
      expect(d.agendamento.StatusAgendamento).toBe("E");
      expect(d.agendamento.MotivoCancelamento).toBe("serviço cancelado pelo credenciado.");
      await ctx.close();
    });
  });
}

describe("OS screen details", () => {
  it("a concluded order offers no mutating action; laudos and recibos stay; its sealed photo has no 'Remover foto'", async () => {
    const rows = (await api<{ data: Row[] }>(`/agendamentos/lista/${pointId}`)).data;
    const done = rows.find((r) => r.StatusAgendamento === "C")!;
    // A photo added after the finish joins the sealed chain (the chain takes new entries); no one removes it (the server: 409).
    const form = new FormData();
    form.append(
      "file",
      new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...new Array(200).fill(7)])], { type: "image/jpeg" }),
      "foto.jpg",
    );
    const up = (await (
      await fetch(`${base}/api/uploads/upload`, { method: "POST", headers: { authToken: token }, body: form })
    ).json()) as {
      file: string;
    };
    await api("/agendamentos/adicionar-foto", { idSocioVeiculoAgenda: done.IdSocioVeiculoAgenda, foto: up.file });
    for (const [options, mobile] of [
      [DESKTOP, false],
      [MOBILE, true],
    ] as const) {
      const ctx = await browser.newContext({ ...options, bypassCSP: true });
      const page = await openOrder(ctx, done.IdSocioVeiculoAgenda, done.NumeroOS);
      await expectConcludedScreen(page, mobile);
      expect(await page.getByRole("region", { name: "Vídeo inicial do veículo" }).count()).toBe(0);
      await page.getByRole("img", { name: "Foto da execução" }).first().waitFor();
      expect(await page.getByRole("button", { name: "Remover foto" }).count()).toBe(0);
      await ctx.close();
    }
  });

  it("the 'Ações' menu works with the keyboard alone and passes axe while open", async () => {
    const order = await startedOrder(380);
    const ctx = await browser.newContext({ ...MOBILE, bypassCSP: true });
    const page = await openOrder(ctx, order.id, order.os);
    const button = page.getByRole("button", { name: "Ações", exact: true });
    await button.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu", { name: "Ações" });
    await menu.waitFor();
    const focused = () => page.evaluate(() => document.activeElement?.textContent ?? "");
    const first = await focused();
    expect(first.length).toBeGreaterThan(0);
    expect(await violations(page)).toEqual([]);
    await page.keyboard.press("ArrowDown");
    expect(await focused()).not.toBe(first);
    await page.keyboard.press("End");
    await page.keyboard.press("Home");
    expect(await focused()).toBe(first);
    await page.keyboard.press("Escape");
    expect(await menu.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-haspopup"))).toBe("menu");
    // ArrowUp opens on the last item: the destructive one, last (Cancelar OS); above it Finalizar OS, which Enter runs.
    await page.keyboard.press("ArrowUp");
    await menu.waitFor();
    expect(await focused()).toBe("Cancelar OS");
    expect(first).not.toBe("Cancelar OS");
    await page.keyboard.press("ArrowUp");
    expect(await focused()).toBe("Finalizar OS");
    await page.keyboard.press("Enter");
    await page.getByRole("dialog", { name: "Finalizar Ordem de Serviço" }).waitFor();
    await ctx.close();
  });

  it("one failing call shows its card's error with a retry; the rest of the screen stays", async () => {
    const rows = (await api<{ data: Row[] }>(`/agendamentos/lista/${pointId}`)).data;
    const order = rows.find((r) => r.StatusAgendamento === "A" && r.IdSocioVeiculoAgendaExecucao)!;
    const ctx = await browser.newContext({ ...DESKTOP, bypassCSP: true });
    let fail = true;
    await ctx.route("**/api/agendamentos/get-fotos/**", (route) =>
      fail ? route.fulfill({ status: 500, contentType: "application/json", body: "{}" }) : route.continue(),
    );
    const page = await openOrder(ctx, order.IdSocioVeiculoAgenda, order.NumeroOS);
    const card = page.getByRole("region", { name: "Fotos e Vídeos da Execução" });
    await card.getByText("Erro ao carregar fotos e vídeos").waitFor({ timeout: 15_000 });
    await page.getByRole("region", { name: "Cliente" }).waitFor();
    fail = false;
    await card.getByRole("button", { name: "Tentar novamente" }).click();
    await expect.poll(() => card.getByText("Erro ao carregar fotos e vídeos").count(), { timeout: 15_000 }).toBe(0);
    await ctx.close();
  });
});
