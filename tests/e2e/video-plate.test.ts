// The plate in the initial video end to end (issue 39): the fake camera films a plate (plate-clip.ts), the attendant records
// the initial video on the agenda's start, and the OCR worker reads the video's first seconds. Another car's plate asks the
// attendant before the video is accepted; the order's own plate goes on without asking. The server keeps what was read and
// the answer, and the evidence chain (what the central's panel shows) says "confere" or "não confere".
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { apiCall, apiToken, bookFirstFree, DESKTOP, launch, openSignedIn } from "./browser";
import { cameraShowing } from "./plate-clip";

const base = inject("baseUrl");
let drawer: Browser;
let token = "";
let pointId = "";

type Chain = { placaVideo: { placaLida: string | null; situacao: string; confirmadaPeloAtendente: boolean } | null };

beforeAll(async () => {
  drawer = await launch();
  token = await apiToken(base);
  pointId = (await apiCall<{ data: { IdPontoAtendimento: string } }>(base, token, "/credenciado/get")).data.IdPontoAtendimento;
});
afterAll(async () => {
  await drawer?.close();
});

/** Iniciar → Confirmar → a 3-s recording of what the fake camera shows; answers the video step's dialog and its start button. */
async function recordInitialVideo(page: Page, os: number) {
  await page
    .getByRole("group", { name: `Ações da OS #${os}` })
    .getByRole("button", { name: "Iniciar" })
    .click();
  await page.getByRole("dialog", { name: "Iniciar Ordem de Serviço" }).getByRole("button", { name: "Confirmar" }).click();
  const video = page.getByRole("dialog", { name: "Vídeo inicial do veículo" });
  await video.getByRole("button", { name: "Gravar vídeo" }).click();
  const camera = page.getByRole("dialog", { name: "Gravar vídeo" });
  await camera.getByRole("button", { name: "Gravar", exact: true }).click({ timeout: 15_000 });
  await page.waitForTimeout(3000); // the length of the recording itself
  await camera.getByRole("button", { name: "Parar" }).click();
  return { video, start: video.getByRole("button", { name: "Confirmar e Iniciar Serviço" }) };
}

/** The order's evidence chain as the point reads it, once the start has landed with its video. */
async function plateOnServer(orderId: string): Promise<Chain["placaVideo"]> {
  let chain: Chain = { placaVideo: null };
  await expect
    .poll(
      async () => {
        chain = await apiCall<Chain>(base, token, `/execucao/${orderId}/evidencias`);
        return chain.placaVideo !== null;
      },
      { timeout: 45_000 },
    )
    .toBe(true);
  return chain.placaVideo;
}

describe("the plate in the initial video", () => {
  it("another car's plate in the video: the attendant is asked, confirms, and the server records 'não confere, confirmada'", async () => {
    const order = await bookFirstFree(base, token, pointId, "RFT4G56", 5, "11:00");
    const cam = await cameraShowing(drawer, { plate: "RIO2A18", width: 1280, height: 720 });
    try {
      const ctx = await cam.browser.newContext({ ...DESKTOP, bypassCSP: true });
      const page = await openSignedIn(ctx, `${base}/?inicio=${order.day}&fim=${order.day}&status=PENDENTES`, (p) =>
        p.getByRole("heading", { name: "Agenda", level: 1 }),
      );
      const { video, start } = await recordInitialVideo(page, order.os);
      const question = page.getByRole("dialog", { name: "Placa diferente no vídeo" });
      await question.getByText("A placa lida no vídeo (RIO2A18) é diferente da placa da OS (RFT4G56). O vídeo é deste veículo?").waitFor({
        timeout: 45_000,
      });
      expect(await start.isDisabled()).toBe(true);
      await question.getByRole("button", { name: "Sim, é deste veículo" }).click();
      await video.getByText("Vídeo confirmado como deste veículo (placa lida: RIO2A18).").waitFor();
      await expect.poll(() => start.isEnabled(), { timeout: 15_000 }).toBe(true);
      await start.click();
      expect(await plateOnServer(order.id)).toEqual({ placaLida: "RIO2A18", situacao: "nao-confere", confirmadaPeloAtendente: true });
      await ctx.close();
    } finally {
      await cam.close();
    }
  }, 150_000);

  it("the order's own plate: no question, the start goes on, and the server records 'confere'", async () => {
    const order = await bookFirstFree(base, token, pointId, "RFT4G56", 5, "14:00");
    const cam = await cameraShowing(drawer, { plate: "RFT4G56", width: 1280, height: 720 });
    try {
      const ctx = await cam.browser.newContext({ ...DESKTOP, bypassCSP: true });
      const page = await openSignedIn(ctx, `${base}/?inicio=${order.day}&fim=${order.day}&status=PENDENTES`, (p) =>
        p.getByRole("heading", { name: "Agenda", level: 1 }),
      );
      const { video, start } = await recordInitialVideo(page, order.os);
      await video.getByText("A placa lida no vídeo confere com a da OS.").waitFor({ timeout: 45_000 });
      expect(await page.getByRole("dialog", { name: "Placa diferente no vídeo" }).count()).toBe(0);
      await expect.poll(() => start.isEnabled(), { timeout: 15_000 }).toBe(true);
      await start.click();
      expect(await plateOnServer(order.id)).toEqual({ placaLida: "RFT4G56", situacao: "confere", confirmadaPeloAtendente: false });
      await ctx.close();
    } finally {
      await cam.close();
    }
  }, 150_000);
});
