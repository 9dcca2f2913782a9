// The agenda opens on today's work (issue 36), end to end on a phone (Pixel 7, and a 360x740 screen) and on desktop: the Hoje
// chip pressed with the orders in progress first and then by time, the Amanhã / Semana / Atrasadas chips showing the server's
// rows for their days, the chip in the URL through reload and back, the keyboard, two compact cards per phone screen and axe.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { addDays, apiCall, brasiliaToday, DESKTOP, launch, MOBILE, openSignedIn, violations, bookByApi } from "./browser";

const base = inject("baseUrl");
let browser: Browser;
let token = "";
let pointId = "";
let userId = "";

const api = <T>(p: string, body?: unknown) => apiCall<T>(base, token, p, body);
type Row = {
  IdSocioVeiculoAgenda: string;
  NumeroOS: number;
  DataAgendamento: string;
  HoraAgendamento: string;
  StatusAgendamento: string;
  IdSocioVeiculoAgendaExecucao: string | null;
};
const list = async (query: string) => (await api<{ data: Row[] }>(`/agendamentos/lista/${pointId}?${query}`)).data;
const slotsOf = (day: string) =>
  api<string[]>("/agendamentos/lista-horarios-disponiveis", { idPontoAtendimento: pointId, dataAgendamento: day });

const book = (plate: string, data: string, hora: string) => bookByApi(base, token, pointId, plate, data, hora);

/** Starts a booked order through the API as the app does: the initial video (a minimal WebM), then iniciar. */
async function start(order: { idSocioVeiculoAgenda: string; idSocio: string }) {
  const form = new FormData();
  const webm = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84, ...Buffer.from("webm"), ...new Array(200).fill(0)]);
  form.append("file", new Blob([webm], { type: "video/webm" }), "inicial.webm");
  const res = await fetch(`${base}/api/uploads/upload`, { method: "POST", headers: { authToken: token }, body: form });
  const up = (await res.json()) as { file: string };
  await api("/agendamentos/atualizar-video-inicial", { idSocioVeiculoAgenda: order.idSocioVeiculoAgenda, videoInicial: up.file });
  await api("/agendamentos/iniciar", {
    idSocioVeiculoAgenda: order.idSocioVeiculoAgenda,
    idPontoAtendimentoUsuario: userId,
    idSocio: order.idSocio,
  });
}

const isoOf = (br: string) => br.split("/").reverse().join("-");
const inProgress = (r: Row) => r.StatusAgendamento === "A" && Boolean(r.IdSocioVeiculoAgendaExecucao);
/** The order the attendant works in, written out here on its own: in progress, then pending, then finished; each by date and time. */
const expectedOrder = (rows: Row[]) =>
  [...rows]
    .sort(
      (a, b) =>
        (inProgress(a) ? 0 : a.StatusAgendamento === "A" ? 1 : 2) - (inProgress(b) ? 0 : b.StatusAgendamento === "A" ? 1 : 2) ||
        `${isoOf(a.DataAgendamento)} ${a.HoraAgendamento}`.localeCompare(`${isoOf(b.DataAgendamento)} ${b.HoraAgendamento}`) ||
        a.NumeroOS - b.NumeroOS,
    )
    .map((r) => r.NumeroOS);

const today = brasiliaToday();
const tomorrow = addDays(today, 1);
/** What the test booked: today (a pending one early, a started one later) when the day still has free slots; tomorrow. */
const own = { pendingToday: 0, startedToday: 0, tomorrow: 0 };

beforeAll(async () => {
  browser = await launch();
  const login = await fetch(`${base}/api/credenciado/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "demo@credenciado.com.br", password: "demo1234" }),
  });
  token = ((await login.json()) as { token: string }).token;
  const me = await api<{ data: { IdPontoAtendimento: string; IdPontoAtendimentoUsuario: string } }>("/credenciado/get");
  ({ IdPontoAtendimento: pointId, IdPontoAtendimentoUsuario: userId } = me.data);
  // Today's free slots depend on the real clock (none after closing time) and on what other files booked.
  const todaySlots = await slotsOf(today);
  if (todaySlots.length >= 2) {
    const pending = await book("QWE5R67", today, todaySlots[0]!);
    const started = await book("PEX7788", today, todaySlots[todaySlots.length - 1]!);
    await start(started);
    own.pendingToday = pending.NumeroOS;
    own.startedToday = started.NumeroOS;
  }
  const tomorrowSlots = await slotsOf(tomorrow);
  if (tomorrowSlots.length) own.tomorrow = (await book("RFT4G56", tomorrow, tomorrowSlots[0]!)).NumeroOS;
});
afterAll(() => browser?.close());

const openAgenda = (ctx: BrowserContext, query = ""): Promise<Page> =>
  openSignedIn(ctx, `${base}/${query}`, (page) => page.getByRole("heading", { name: "Agenda", level: 1 }));
const chips = (page: Page) => page.getByRole("group", { name: "Dia dos agendamentos" });
const chip = (page: Page, name: string) => chips(page).getByRole("button", { name, exact: true });
const pressed = async (page: Page) => (await chips(page).locator('[aria-pressed="true"]').allTextContents()).map((t) => t.trim());

/** The OS numbers the screen shows, in order: the cards' titles on a phone, the table's first column on desktop. */
const shownOs = async (page: Page, mobile: boolean) =>
  (
    await page.locator(mobile ? ".agenda-page .agenda-card-title" : ".agenda-page .agenda-table tbody tr td:first-child").allTextContents()
  ).map((t) => Number(t.replace(/\D/g, "")));
/** Waits until the screen lists exactly `expected`, in that order (the list may still show the previous chip's rows). */
const expectShown = (page: Page, mobile: boolean, expected: number[]) =>
  expect.poll(() => shownOs(page, mobile), { timeout: 15_000 }).toEqual(expected);

for (const [name, options, mobile] of [
  ["Pixel 7", MOBILE, true],
  ["desktop", DESKTOP, false],
] as const) {
  describe(`agenda opens on today (${name})`, () => {
    let ctx: BrowserContext;
    beforeAll(async () => {
      ctx = await browser.newContext({ ...options, bypassCSP: true }); // bypassCSP only to load axe
    });
    afterAll(() => ctx?.close());

    it("opens on Hoje: only today's orders, in progress first and then by time, with zero axe violations", async () => {
      const page = await openAgenda(ctx);
      expect(new URL(page.url()).search).toBe("");
      await expect(pressed(page)).resolves.toEqual(["Hoje"]);
      const todays = await list(`dataInicio=${today}&dataFim=${today}`);
      // The demo month seeds two orders in progress today (09:30 and 11:00) and one pending (15:00).
      expect(todays.some(inProgress)).toBe(true);
      expect(todays.some((r) => r.StatusAgendamento === "A" && !inProgress(r))).toBe(true);
      const expected = expectedOrder(todays);
      await expectShown(page, mobile, expected);
      const shown = await shownOs(page, mobile);
      const firstPending = shown.findIndex((os) => !inProgress(todays.find((r) => r.NumeroOS === os)!));
      expect(shown.slice(0, firstPending).every((os) => inProgress(todays.find((r) => r.NumeroOS === os)!))).toBe(true);
      if (own.startedToday) {
        // Booked later in the day than the pending one, yet listed before it: it is on a lift now.
        expect(shown.indexOf(own.startedToday)).toBeLessThan(shown.indexOf(own.pendingToday));
      }
      expect(shown).not.toContain(own.tomorrow || -1);
      expect(await violations(page)).toEqual([]);
    });

    it("Amanhã, Semana and Atrasadas show the server's rows for their days; the URL keeps the chip through reload and back", async () => {
      const page = await openAgenda(ctx);
      await chip(page, "Amanhã").click();
      await page.waitForURL(/\?dia=amanha$/);
      await expect(pressed(page)).resolves.toEqual(["Amanhã"]);
      const tomorrows = await list(`dataInicio=${tomorrow}&dataFim=${tomorrow}`);
      if (tomorrows.length) {
        await expectShown(page, mobile, expectedOrder(tomorrows));
        if (own.tomorrow) expect(await shownOs(page, mobile)).toContain(own.tomorrow);
      } else {
        await page.getByText("Nenhum agendamento para amanhã.", { exact: false }).waitFor();
      }

      await page.reload();
      await page.getByRole("heading", { name: "Agenda", level: 1 }).waitFor();
      await expect(pressed(page)).resolves.toEqual(["Amanhã"]);
      if (tomorrows.length) await expectShown(page, mobile, expectedOrder(tomorrows));

      // Semana: today and the six days after it, one list in the same order.
      const week = addDays(today, 6);
      await chip(page, "Semana").click();
      await page.waitForURL(/\?dia=semana$/);
      await expectShown(page, mobile, expectedOrder(await list(`dataInicio=${today}&dataFim=${week}`)));

      // Atrasadas: open orders (pending or in progress) before today, asked of the server as such (not the whole history).
      const lateCall = page.waitForRequest((r) =>
        r.url().includes(`/api/agendamentos/lista/${pointId}?status=A&dataFim=${addDays(today, -1)}`),
      );
      await chip(page, "Atrasadas").click();
      await lateCall;
      await page.waitForURL(/\?dia=atrasadas$/);
      const late = (await list(`dataFim=${addDays(today, -1)}`)).filter((r) => r.StatusAgendamento === "A");
      if (late.length) await expectShown(page, mobile, expectedOrder(late));
      else await page.getByText("Nenhum agendamento atrasado.", { exact: false }).waitFor();
      const shown = await shownOs(page, mobile);
      // Finished and cancelled orders of past days are not overdue; today's and tomorrow's are not either.
      const past = await list(`dataFim=${addDays(today, -1)}`);
      for (const r of past.filter((x) => x.StatusAgendamento !== "A")) expect(shown).not.toContain(r.NumeroOS);
      for (const os of [own.pendingToday, own.startedToday, own.tomorrow].filter(Boolean)) expect(shown).not.toContain(os);

      // Back walks the chips in reverse: Semana, Amanhã, then the opening Hoje (the bare URL).
      await page.goBack();
      await page.waitForURL(/\?dia=semana$/);
      await expect(pressed(page)).resolves.toEqual(["Semana"]);
      await page.goBack();
      await page.waitForURL(/\?dia=amanha$/);
      await expect(pressed(page)).resolves.toEqual(["Amanhã"]);
      await page.goBack();
      await page.waitForURL(`${base}/`);
      await expect(pressed(page)).resolves.toEqual(["Hoje"]);
      await expectShown(page, mobile, expectedOrder(await list(`dataInicio=${today}&dataFim=${today}`)));
    });

    it("chips are 44 px buttons operated by the keyboard; an empty view names the other chips", async () => {
      const page = await openAgenda(ctx);
      for (const label of ["Hoje", "Amanhã", "Semana", "Atrasadas"]) {
        const box = (await chip(page, label).boundingBox())!;
        expect(box.height, label).toBeGreaterThanOrEqual(44);
        expect(box.width, label).toBeGreaterThanOrEqual(44);
      }
      await chip(page, "Hoje").focus();
      await page.keyboard.press("Tab");
      await page.keyboard.press("Enter");
      await page.waitForURL(/\?dia=amanha$/);
      await chip(page, "Semana").focus();
      await page.keyboard.press("Space");
      await page.waitForURL(/\?dia=semana$/);
      await expect(pressed(page)).resolves.toEqual(["Semana"]);

      // The server lists only open orders for Atrasadas, so none is CONCLUÍDO: the empty line and where else to look.
      await openAgenda(ctx, "?dia=atrasadas&status=CONCLU%C3%8DDO");
      await expect(pressed(page)).resolves.toEqual(["Atrasadas"]);
      await page
        .getByText(
          "Nenhum agendamento atrasado. Veja também Hoje, Amanhã e Semana, ou escolha um período em “Status e período”. Ou mude o status para Todos.",
        )
        .waitFor();
      if (mobile) await expect(page.getByLabel("Status").isVisible()).resolves.toBe(true); // opened: the URL narrows the status
      expect(await violations(page)).toEqual([]);
    });
  });
}

describe("compact cards on a 360x740 phone", () => {
  it("shows at least two whole cards below the header and the filters", async () => {
    const ctx = await browser.newContext({
      ...MOBILE,
      viewport: { width: 360, height: 740 },
      screen: { width: 360, height: 740 },
      bypassCSP: true,
    });
    try {
      const page = await openAgenda(ctx, "?dia=semana");
      const todays = await list(`dataInicio=${today}&dataFim=${addDays(today, 6)}`);
      expect(todays.length).toBeGreaterThanOrEqual(2);
      await expectShown(page, true, expectedOrder(todays));
      const cards = page.locator(".agenda-page .agenda-card");
      const [first, second] = [(await cards.nth(0).boundingBox())!, (await cards.nth(1).boundingBox())!];
      const bar = (await page.getByRole("navigation", { name: "Menu inferior" }).boundingBox())!;
      const filters = (await page.locator(".agenda-filters").boundingBox())!;
      const header = (await page.locator(".app-header").boundingBox())!;
      // The screen left for cards: below the app header, the page title and the filters, above the bottom bar.
      const room = bar.y - first.y;
      console.info(
        `360x740: header ${header.height} px, filters ${Math.round(filters.height)} px, cards from ${Math.round(first.y)} px, ` +
          `bar at ${bar.y} px; card heights ${Math.round(first.height)} and ${Math.round(second.height)} px (room ${Math.round(room)} px)`,
      );
      expect(first.height).toBeLessThanOrEqual(room / 2);
      // The four chips share one row without clipping their words or pushing the screen sideways.
      const chipBoxes = await Promise.all(["Hoje", "Amanhã", "Semana", "Atrasadas"].map(async (n) => (await chip(page, n).boundingBox())!));
      expect(new Set(chipBoxes.map((b) => Math.round(b.y))).size).toBe(1);
      await expect(
        chips(page)
          .getByRole("button")
          .evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth).map((el) => el.textContent)),
      ).resolves.toEqual([]);
      await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(360);
      expect(second.y + second.height).toBeLessThanOrEqual(bar.y);
      // Still on the card: OS, time, plate, vehicle, member, status and the actions.
      const card = cards.nth(0);
      const text = await card.innerText();
      expect(text).toMatch(/OS #\d+/);
      expect(text).toMatch(/\d{2}:\d{2}/);
      expect(text).toMatch(/[A-Z]{3}-?\d[A-Z0-9]\d{2}/);
      expect(text).toMatch(/PENDENTE|EM ANDAMENTO|CONCLUÍDO/);
      await expect(card.getByRole("button").or(card.getByRole("link")).count()).resolves.toBeGreaterThan(0);
      expect(await violations(page)).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});
