// Agenda end to end (built app, real server, real Chromium, desktop and Pixel 7): filters in the URL, empty/error states,
// booking, rescheduling and cancelling checked on the server's rows, the 10 s refresh, and axe on the page and its modals.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { addDays, apiCall, bookByApi, brasiliaToday, DESKTOP, launch, MOBILE, openSignedIn, violations, demoPoint } from "./browser";

const base = inject("baseUrl");
let browser: Browser;
let token = "";
let pointId = "";

const api = <T>(p: string, body?: unknown) => apiCall<T>(base, token, p, body);
type Row = { IdSocioVeiculoAgenda: string; NumeroOS: number; DataAgendamento: string; HoraAgendamento: string; StatusAgendamento: string };
const rowsOf = async (from: string, to: string) =>
  (await api<{ data: Row[] }>(`/agendamentos/lista/${pointId}?dataInicio=${from}&dataFim=${to}`)).data;
const slotsOf = (day: string) =>
  api<string[]>("/agendamentos/lista-horarios-disponiveis", { idPontoAtendimento: pointId, dataAgendamento: day });
const book = (plate: string, data: string, hora: string) => bookByApi(base, token, pointId, plate, data, hora);

const br = (iso: string) => iso.split("-").reverse().join("/");
/** A weekday `offset` or more days ahead whose slots include `time` (open, no holiday), so each test gets its own day. */
async function freeDay(offset: number, time = "16:00"): Promise<string> {
  for (let d = offset; d < offset + 30; d++) {
    const day = addDays(brasiliaToday(), d);
    const wd = new Date(`${day}T12:00:00Z`).getUTCDay();
    if (wd !== 0 && wd !== 6 && (await slotsOf(day)).includes(time)) return day;
  }
  throw new Error("no free day");
}

beforeAll(async () => {
  browser = await launch();
  ({ token, pointId } = await demoPoint(base));
});
afterAll(() => browser?.close());

const openAgenda = (ctx: BrowserContext, query = ""): Promise<Page> =>
  openSignedIn(ctx, `${base}/${query}`, (page) => page.getByRole("heading", { name: "Agenda", level: 1 }));
const range = (from: string, to: string, status = "TODOS") => `?inicio=${from}&fim=${to}&status=${encodeURIComponent(status)}`;
const actions = (page: Page, os: number) => page.getByRole("group", { name: `Ações da OS #${os}` });

for (const [name, options, offset] of [
  ["desktop", DESKTOP, 35],
  ["Pixel 7", MOBILE, 70],
] as const) {
  describe(`agenda on ${name}`, () => {
    let ctx: BrowserContext;
    beforeAll(async () => {
      ctx = await browser.newContext({ ...options, bypassCSP: true });
    });
    afterAll(() => ctx?.close());

    it("opens on today (Hoje, every status); the status and period live in the URL through reload and back", async () => {
      const page = await openAgenda(ctx);
      const today = brasiliaToday();
      const days = page.getByRole("group", { name: "Dia dos agendamentos" });
      await expect(days.getByRole("button", { name: "Hoje", exact: true }).getAttribute("aria-pressed")).resolves.toBe("true");
      await expect(page.getByLabel("Data inicial").inputValue()).resolves.toBe(today);
      await expect(page.getByLabel("Data final").inputValue()).resolves.toBe(today);
      await expect(page.getByLabel("Status").inputValue()).resolves.toBe("TODOS");
      // The seed has orders pending and in progress today: both show, the pending ones with NOVO and their three actions.
      await page.getByRole("button", { name: "Iniciar" }).first().waitFor();
      await page
        .getByRole("link", { name: /Ver O\.S\./ })
        .first()
        .waitFor();
      await expect(page.getByText("NOVO", { exact: true }).filter({ visible: true }).count()).resolves.toBe(
        await page.getByRole("button", { name: "Iniciar" }).count(),
      );

      // On a phone the status and period fold under 'Status e período'.
      if (options === MOBILE) await page.getByText("Status e período").click();
      await page.getByLabel("Status").selectOption("EM ANDAMENTO");
      await expect.poll(() => page.getByRole("button", { name: "Iniciar" }).count()).toBe(0);
      await page
        .getByRole("link", { name: /Ver O\.S\./ })
        .first()
        .waitFor();
      expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ dia: "hoje", status: "EM ANDAMENTO" });
      const href = await page
        .getByRole("link", { name: /Ver O\.S\./ })
        .first()
        .getAttribute("href");
      expect(href).toMatch(/^\/execucao-os\/[0-9a-f-]{36}$/);

      await page.reload();
      await page
        .getByRole("link", { name: /Ver O\.S\./ })
        .first()
        .waitFor();
      await expect(page.getByLabel("Status").inputValue()).resolves.toBe("EM ANDAMENTO");
      await page.goBack();
      await page.getByRole("button", { name: "Iniciar" }).first().waitFor();
      await expect(page.getByLabel("Status").inputValue()).resolves.toBe("TODOS");
    });

    it("shows 'Nenhum agendamento encontrado.' for an empty range, and an error with a working retry when the call fails", async () => {
      const page = ctx.pages()[0] ?? (await ctx.newPage());
      // Only the range on screen is asked for, not the point's whole history.
      const listCall = page.waitForRequest((r) =>
        r.url().includes(`/api/agendamentos/lista/${pointId}?dataInicio=2040-01-01&dataFim=2040-01-31`),
      );
      await openAgenda(ctx, range("2040-01-01", "2040-01-31"));
      await listCall;
      await page.getByText("Nenhum agendamento encontrado.").waitFor();
      await page.route("**/api/agendamentos/lista/**", (r) =>
        r.fulfill({ status: 503, contentType: "application/json", body: '{"message":"x"}' }),
      );
      await page.goto(`${base}/${range(`${brasiliaToday().slice(0, 7)}-01`, addDays(brasiliaToday(), 1))}`);
      const retry = page.getByRole("button", { name: "Tentar novamente" });
      await retry.waitFor({ timeout: 15_000 });
      await page.unroute("**/api/agendamentos/lista/**");
      await retry.click();
      await page.getByRole("button", { name: "Iniciar" }).first().waitFor();
      await expect(retry.count()).resolves.toBe(0);
    });

    it("books a free slot with a typed plate; the row appears and the slot leaves the next booking's list", async () => {
      const day = await freeDay(offset);
      // Two of the point's three lifts are taken at 16:00, so the booking made in the UI fills the last one.
      await book("ABC1234", day, "16:00");
      await book("RFT4G56", day, "16:00");
      const page = await openAgenda(ctx, range(day, day, "PENDENTES"));
      await page.getByRole("button", { name: "Novo Agendamento" }).click();
      const dialog = page.getByRole("dialog", { name: "Novo Agendamento" });
      const plate = dialog.getByLabel("Placa do veículo");
      await plate.pressSequentially("opa9012");
      await dialog.getByText("Veículo não encontrado entre os sócios.").waitFor();
      await plate.fill("");
      await plate.pressSequentially("pex7788");
      await expect(plate.inputValue()).resolves.toBe("PEX-7788");
      await dialog.getByText(/Chevrolet Onix/).waitFor();
      await dialog.getByRole("button", { name: "Agendar" }).click();
      await dialog.getByText("Motivação do serviço é obrigatória").waitFor();
      await dialog.getByText("Data do agendamento é obrigatória").waitFor();
      await dialog.getByText("Horário é obrigatório").waitFor();
      await dialog.getByRole("combobox", { name: "Motivação do serviço" }).click();
      await page.keyboard.type("freios");
      await page.keyboard.press("Enter");
      await dialog.getByLabel("Data do agendamento").fill(day);
      const time = dialog.getByLabel("Horário", { exact: true });
      await expect.poll(() => time.isEnabled()).toBe(true);
      await time.selectOption("16:00");
      await dialog.getByRole("button", { name: "Agendar" }).click();
      await page.getByText("Agendamento criado com sucesso!").waitFor();
      const created = (await rowsOf(day, day)).filter((r) => r.HoraAgendamento === "16:00");
      expect(created).toHaveLength(3);
      await page
        .getByText(/PEX-7788/)
        .filter({ visible: true })
        .first()
        .waitFor();

      await page.getByRole("button", { name: "Novo Agendamento" }).click();
      await dialog.getByLabel("Data do agendamento").fill(day);
      await expect.poll(() => time.isEnabled()).toBe(true);
      const offered = await time.locator("option").allTextContents();
      expect(offered).not.toContain("16:00");
      expect(offered).toContain("15:30");
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached" });
    });

    it("reschedules and cancels, changing the server's rows", async () => {
      const day = await freeDay(offset + 3, "10:00");
      const target = await freeDay(offset + 6, "11:00");
      const a = await book("HMG3C21", day, "10:00");
      const b = await book("QWE5R67", day, "10:00");
      const page = await openAgenda(ctx, range(day, target));

      await actions(page, a.NumeroOS).getByRole("button", { name: "Reagendar" }).click();
      const re = page.getByRole("dialog", { name: `Reagendar OS #${a.NumeroOS}` });
      await re.getByRole("button", { name: "Salvar" }).click();
      await re.getByText("Por favor, preencha todos os campos obrigatórios.").waitFor();
      await re.getByLabel("Nova data").fill(target);
      const time = re.getByLabel("Novo horário");
      await expect.poll(() => time.isEnabled()).toBe(true);
      await time.selectOption("11:00");
      await re.getByLabel("Motivo").fill("Sócio pediu outro dia");
      await re.getByRole("button", { name: "Salvar" }).click();
      await page.getByText("Agendamento reagendado com sucesso!").waitFor();
      const moved = (await rowsOf(day, target)).find((r) => r.IdSocioVeiculoAgenda === a.idSocioVeiculoAgenda)!;
      expect([moved.DataAgendamento, moved.HoraAgendamento]).toEqual([br(target), "11:00"]);

      await actions(page, b.NumeroOS).getByRole("button", { name: "Cancelar" }).click();
      const cancel = page.getByRole("dialog", { name: `Cancelar Agendamento OS #${b.NumeroOS}` });
      await cancel.getByLabel("Motivo do cancelamento").fill("   ");
      await cancel.getByRole("button", { name: "Continuar" }).click();
      await cancel.getByText("Por favor, informe o motivo do cancelamento.").waitFor();
      await cancel.getByLabel("Motivo do cancelamento").fill("  Sócio desistiu  ");
      await cancel.getByRole("button", { name: "Continuar" }).click();
      await cancel.getByRole("button", { name: "Sim, cancelar" }).click();
      await page.getByText("Agendamento cancelado com sucesso!").waitFor();
      expect((await rowsOf(day, target)).some((r) => r.IdSocioVeiculoAgenda === b.idSocioVeiculoAgenda)).toBe(false);
      const details = await api<{ agendamento: { StatusAgendamento: string; MotivoCancelamento: string } }>(
        `/agendamentos/get/${b.idSocioVeiculoAgenda}`,
      );
      expect(details.agendamento).toMatchObject({ StatusAgendamento: "E", MotivoCancelamento: "Sócio desistiu" });
      await actions(page, b.NumeroOS).waitFor({ state: "detached" });
    });

    it("shows an appointment made by another session within one 10 s poll, without a reload, keeping an open modal", async () => {
      const day = await freeDay(offset + 9, "09:00");
      const page = await openAgenda(ctx, range(day, day));
      await page.getByText("Nenhum agendamento encontrado.").waitFor();
      await page.getByRole("button", { name: "Novo Agendamento" }).click();
      // The dialog's code loads on first open: Escape is only meaningful once it is there.
      await page.getByRole("dialog", { name: "Novo Agendamento" }).waitFor();
      const created = await book("BRA2E19", day, "09:00");
      await page.keyboard.press("Escape");
      await actions(page, created.NumeroOS).waitFor({ timeout: 12_000 });
      await page.getByRole("button", { name: "Novo Agendamento" }).click();
      const row = await book("PEX7788", day, "09:30");
      // Behind the open modal the page is inert, so the row is looked up in the DOM rather than by role.
      await page.locator(`[aria-label="Ações da OS #${row.NumeroOS}"]`).first().waitFor({ state: "attached", timeout: 12_000 });
      await expect(page.getByRole("dialog", { name: "Novo Agendamento" }).isVisible()).resolves.toBe(true);
    });

    it("has zero axe violations on the agenda and on each of its modals", async () => {
      const day = await freeDay(offset + 12, "14:00");
      const a = await book("ABC1234", day, "14:00");
      const page = await openAgenda(ctx, range(day, day));
      await actions(page, a.NumeroOS).waitFor();
      expect(await violations(page)).toEqual([]);
      await page.getByRole("button", { name: "Novo Agendamento" }).click();
      await page.getByRole("dialog", { name: "Novo Agendamento" }).getByRole("combobox", { name: "Motivação do serviço" }).click();
      await page.getByRole("option", { name: "FREIOS" }).waitFor();
      expect(await violations(page)).toEqual([]);
      await page.keyboard.press("Escape");
      await page.keyboard.press("Escape");
      await actions(page, a.NumeroOS).getByRole("button", { name: "Reagendar" }).click();
      await page.getByRole("dialog").getByLabel("Nova data").waitFor();
      expect(await violations(page)).toEqual([]);
      await page.keyboard.press("Escape");
      await actions(page, a.NumeroOS).getByRole("button", { name: "Cancelar" }).click();
      await page.getByRole("dialog").getByLabel("Motivo do cancelamento").fill("Teste");
      expect(await violations(page)).toEqual([]);
      await page.getByRole("dialog").getByRole("button", { name: "Continuar" }).click();
      await page.getByRole("button", { name: "Sim, cancelar" }).waitFor();
      expect(await violations(page)).toEqual([]);
    });
  });
}
