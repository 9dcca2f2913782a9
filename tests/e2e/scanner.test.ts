// Scanner de Placas end to end (built app, real server, real Chromium with its fake camera, desktop and Pixel 7): manual
// entry of a plate with an appointment today -> its OS screen; a member's plate without one -> vehicle data -> Novo
// Agendamento with the vehicle chosen; a plate that is no member's -> invite checked on the server's answer, camera closed
// meanwhile and restarted after; camera denied -> 'Problema com a Câmera' and a working retry; axe on the screen and modals.
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { CHROME_ARGS, CHROME_PATH, DEMO, DESKTOP, MOBILE, launch, signIn } from "./browser";

const base = inject("baseUrl");
const axePath = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
let browser: Browser;
let token = "";
let pointId = "";

async function api<T>(p: string): Promise<T> {
  const res = await fetch(`${base}/api${p}`, { headers: { authToken: token } });
  return (await res.json()) as T;
}
type Lookup = { IdSocioVeiculoAgenda: string | null; NumeroOS: number | null; DataAgendamento: string | null; NomeSocio: string; PlacaVeiculo: string } | false;
const lookup = (plate: string) => api<Lookup>(`/scanner/get-agendamento-pontoatendimento-by-placa/${pointId}/${plate}`);
const SEEDED = ["ABC1234", "BRA2E19", "RFT4G56", "PEX7788", "HMG3C21", "QWE5R67"];
const shown = (plate: string) => (/^[A-Z]{3}\d{4}$/.test(plate) ? `${plate.slice(0, 3)}-${plate.slice(3)}` : plate);
const brToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date()).split("-").reverse().join("/");

async function violations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: axePath });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: { id: string; nodes: unknown[] }[] }> } }).axe;
    return (await axe.run()).violations.map((v) => `${v.id} (${v.nodes.length}): ${(v.nodes as { html: string }[]).map((n) => n.html).join(" | ").slice(0, 300)}`);
  });
}

async function openScanner(ctx: BrowserContext): Promise<Page> {
  const page = ctx.pages()[0] ?? (await ctx.newPage());
  await page.goto(`${base}/scan`);
  const title = page.getByRole("heading", { name: "Scanner de Placas", level: 1 });
  const login = page.getByLabel("E-mail");
  await title.or(login).waitFor({ timeout: 15_000 });
  if (await login.isVisible()) await signIn(page);
  await title.waitFor({ timeout: 15_000 });
  return page;
}

/** True while the preview shows the camera's frames; false once the camera is closed. */
const cameraLive = (page: Page) => page.locator("video").evaluate((v: HTMLVideoElement) => {
  const stream = v.srcObject as MediaStream | null;
  return Boolean(stream && stream.getVideoTracks().some((t) => t.readyState === "live") && v.videoWidth > 0);
});

async function typePlate(page: Page, plate: string) {
  const field = page.getByLabel("Placa", { exact: true });
  await field.fill("");
  await field.pressSequentially(plate.toLowerCase());
  await page.getByRole("button", { name: "Buscar" }).click();
}

beforeAll(async () => {
  browser = await launch();
  ({ token } = await (await fetch(`${base}/api/credenciado/login`, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(DEMO),
  })).json() as { token: string });
  pointId = (await api<{ data: { IdPontoAtendimento: string } }>("/credenciado/get")).data.IdPontoAtendimento;
});
afterAll(() => browser?.close());

for (const [name, options] of [["desktop", DESKTOP], ["Pixel 7", MOBILE]] as const) {
  describe(`scanner on ${name}`, () => {
    let ctx: BrowserContext;
    beforeAll(async () => {
      ctx = await browser.newContext({ ...options, bypassCSP: true });
    });
    afterAll(() => ctx?.close());

    it("starts the rear camera under a guide frame, refuses an incomplete plate, and has no axe violations", async () => {
      const page = await openScanner(ctx);
      await expect.poll(() => cameraLive(page), { timeout: 15_000 }).toBe(true);
      await typePlate(page, "ABC12");
      await page.getByText("Informe uma placa válida: ABC-1234 ou ABC1D23.").waitFor();
      expect(await violations(page)).toEqual([]);
    });

    it("typed plate with an appointment today: 'Agendamento encontrado! Redirecionando...' then its OS screen", async () => {
      let target: { plate: string; id: string; os: number } | null = null;
      for (const plate of SEEDED) {
        const found = await lookup(plate);
        if (found && found.IdSocioVeiculoAgenda && found.DataAgendamento === brToday()) {
          target = { plate, id: found.IdSocioVeiculoAgenda, os: found.NumeroOS! };
          break;
        }
      }
      expect(target, "a seeded plate with an open appointment today").not.toBeNull();
      const page = await openScanner(ctx);
      await typePlate(page, target!.plate);
      await page.getByText("Agendamento encontrado! Redirecionando...").waitFor();
      await page.getByText(/^Placa encontrada: [A-Z0-9-]{7,8} \((Antiga|Mercosul)\)$/).waitFor();
      expect(page.url()).toMatch(/\/scan$/);
      await page.getByRole("heading", { name: `OS #${target!.os}`, level: 1 }).waitFor({ timeout: 10_000 });
      expect(new URL(page.url()).pathname).toBe(`/execucao-os/${target!.id}`);
    });

    it("member's plate without an appointment: vehicle data, then Novo Agendamento with that vehicle chosen", async () => {
      let plate = "";
      for (const p of SEEDED) {
        const found = await lookup(p);
        if (found && !found.IdSocioVeiculoAgenda) {
          plate = p;
          break;
        }
      }
      expect(plate, "a member vehicle without an open appointment at the point").not.toBe("");
      const page = await openScanner(ctx);
      await typePlate(page, plate);
      const vehicle = page.getByRole("dialog", { name: "Dados do Veículo" });
      await vehicle.waitFor();
      await vehicle.getByText(shown(plate)).waitFor();
      await vehicle.getByText("Este veículo não tem agendamento aberto neste ponto.").waitFor();
      expect(await violations(page)).toEqual([]);
      await vehicle.getByRole("button", { name: "Novo Agendamento" }).click();
      const booking = page.getByRole("dialog", { name: "Novo Agendamento" });
      await booking.waitFor();
      await booking.getByText(shown(plate)).waitFor();
      // The vehicle comes chosen: no plate to type.
      expect(await booking.getByLabel("Placa do veículo").count()).toBe(0);
      await booking.getByLabel("Data do agendamento").waitFor();
      expect(await violations(page)).toEqual([]);
      await booking.getByRole("button", { name: "Voltar" }).click();
      await booking.waitFor({ state: "detached" });
      await page.getByText(new RegExp(`^Placa encontrada: ${shown(plate)} \\((Antiga|Mercosul)\\)$`)).waitFor();
      await page.getByRole("button", { name: "Tentar Novamente" }).click();
      expect(await page.getByText(/^Placa encontrada: /).count()).toBe(0);
    });

    it("plate of no member: camera closed, invite with the phone mask, enviar-convite answered by the server, camera back", async () => {
      const plate = name === "desktop" ? "XYZ9A87" : "KLM4321";
      expect(await lookup(plate)).toBe(false);
      const page = await openScanner(ctx);
      await expect.poll(() => cameraLive(page), { timeout: 15_000 }).toBe(true);
      await typePlate(page, plate);
      const invite = page.getByRole("dialog", { name: "Convidar para ser Sócio" });
      await invite.waitFor();
      await invite.getByText("Veículo encontrado mas não é sócio. Envie um convite.").waitFor();
      await invite.getByText(shown(plate), { exact: true }).waitFor();
      expect(await cameraLive(page)).toBe(false);
      const phone = invite.getByLabel("WhatsApp");
      expect(await phone.inputValue()).toBe("(__) _____-____");
      const send = invite.getByRole("button", { name: "Enviar Convite" });
      expect(await send.isDisabled()).toBe(true);
      expect(await violations(page)).toEqual([]);

      // A number too short: the server refuses it and the modal shows why.
      await phone.click();
      await phone.pressSequentially("8199");
      expect(await send.isEnabled()).toBe(true);
      const refused = page.waitForResponse((r) => r.url().endsWith("/scanner/enviar-convite"));
      await send.click();
      expect((await refused).status()).toBe(400);
      await invite.getByRole("alert").getByText(/telefone inválido/i).waitFor();

      await phone.press("End");
      for (let i = 0; i < 15; i++) await phone.press("Backspace");
      expect(await phone.inputValue()).toBe("(__) _____-____");
      expect(await send.isDisabled()).toBe(true);
      await phone.press("Home");
      await phone.pressSequentially("81987654321");
      expect(await phone.inputValue()).toBe("(81) 98765-4321");
      const answered = page.waitForResponse((r) => r.url().endsWith("/scanner/enviar-convite"));
      await send.click();
      const res = await answered;
      expect(res.status()).toBe(200);
      expect(await res.json()).toEqual({ message: "Convite enviado com sucesso!" });
      expect(res.request().postDataJSON()).toEqual({ telefone: "(81) 98765-4321", placa: shown(plate) });
      await page.getByText("Convite enviado com sucesso!").waitFor();
      await invite.waitFor({ state: "detached" });
      await expect.poll(() => cameraLive(page), { timeout: 15_000 }).toBe(true);

      // Cancelar also closes the invite and brings the camera back.
      await typePlate(page, plate);
      await invite.waitFor();
      await expect.poll(() => cameraLive(page)).toBe(false);
      await invite.getByRole("button", { name: "Cancelar" }).click();
      await invite.waitFor({ state: "detached" });
      await expect.poll(() => cameraLive(page), { timeout: 15_000 }).toBe(true);
    });
  });
}

describe("scanner with the camera denied", () => {
  let denied: Browser;
  beforeAll(async () => {
    // The fake camera without the flag that accepts every prompt: a context without the camera permission is refused.
    denied = await chromium.launch({ executablePath: CHROME_PATH, args: [...CHROME_ARGS, "--use-fake-device-for-media-stream"], headless: true });
  });
  afterAll(() => denied?.close());

  for (const [name, options] of [["desktop", DESKTOP], ["Pixel 7", MOBILE]] as const) {
    it(`shows 'Problema com a Câmera' with a retry that works once allowed (${name})`, async () => {
      const ctx = await denied.newContext({ ...options, bypassCSP: true });
      try {
        const page = await openScanner(ctx);
        const problem = page.getByRole("alert").filter({ has: page.getByRole("heading", { name: "Problema com a Câmera" }) });
        await problem.waitFor({ timeout: 15_000 });
        await problem.getByText("Erro ao acessar a câmera. Verifique as permissões.").waitFor();
        expect(await violations(page)).toEqual([]);
        // Manual entry still works without a camera.
        await page.getByLabel("Placa", { exact: true }).waitFor();
        await ctx.grantPermissions(["camera"], { origin: base });
        await problem.getByRole("button", { name: "Tentar Novamente" }).click();
        await problem.waitFor({ state: "detached" });
        await expect.poll(() => cameraLive(page), { timeout: 15_000 }).toBe(true);
      } finally {
        await ctx.close();
      }
    });
  }
});
