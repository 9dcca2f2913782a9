// Offline data end to end (built app, real server, real Chromium, desktop and Pixel 7): after one online visit of the agenda and
// an OS, the network drops (context offline, then every /api request aborted across a reload): the same rows and OS cards come from
// the cache with 'Sem conexão — dados de HH:MM' (Brasília time of the oldest data shown), actions that need the server disabled
// and described by the explanation, starting (outbox) still enabled; back online the notice goes and a row booked meanwhile
// appears. Logout empties the device's store; another point's user then sees none of the first user's data, online or offline,
// and the store holds only theirs. Service workers are blocked here: this file tests the data layer (pwa.test.ts the shell).
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import {
  addDays,
  apiCall,
  DEMO,
  demoPoint,
  DESKTOP,
  inProgressOrder,
  launch,
  MOBILE,
  openSignedIn,
  signIn,
  violations,
  bookByApi,
} from "./browser";

const base = inject("baseUrl");
const OTHER = { email: "outro@credenciado.com.br", password: DEMO.password };
let browser: Browser;
let token = "";
let pointId = "";
let order = { id: "", number: 0 };

const api = <T>(p: string, body?: unknown) => apiCall<T>(base, token, p, body);
const slotsOf = (day: string) =>
  api<string[]>("/agendamentos/lista-horarios-disponiveis", { idPontoAtendimento: pointId, dataAgendamento: day });
const book = (plate: string, data: string, hora: string) => bookByApi(base, token, pointId, plate, data, hora);
/** A weekday of the given far month (no other test uses it) with two free slots. */
async function freeDay(month: string): Promise<string> {
  for (let d = 1; d <= 28; d++) {
    const day = addDays(`${month}-01`, d - 1);
    const wd = new Date(`${day}T12:00:00Z`).getUTCDay();
    const slots = wd !== 0 && wd !== 6 ? await slotsOf(day) : [];
    if (slots.includes("09:00") && slots.includes("10:00")) return day;
  }
  throw new Error("no free day");
}

/** Brasília HH:MM of every minute from `since` to now: the notice's time must be one of them. */
function minutesSince(since: number): string[] {
  const fmt = new Intl.DateTimeFormat("pt-BR", { timeZone: "America/Sao_Paulo", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  const out: string[] = [];
  for (let t = since - 60_000; t <= Date.now() + 60_000; t += 30_000) out.push(fmt.format(t));
  return out;
}

/** Wouter follows history.pushState: the app moves to `path` without loading a document (works offline without a service worker). */
const goInApp = (page: Page, path: string) => page.evaluate((p) => history.pushState(null, "", p), path);

/** Every record of the offline store as JSON (owner keys and the cached API data). */
const storedRecords = (page: Page) =>
  page.evaluate(async () => {
    const open = indexedDB.open("portal-offline-cache");
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    if (!db.objectStoreNames.contains("queries")) return [] as { owner: string; json: string }[];
    const all = db.transaction("queries").objectStore("queries").getAll();
    const rows = await new Promise<{ owner: string }[]>((resolve) => void (all.onsuccess = () => resolve(all.result)));
    db.close();
    return rows.map((r) => ({ owner: r.owner, json: JSON.stringify(r) }));
  });

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  let v = await read();
  while (!ok(v) && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 200));
    v = await read();
  }
  return v;
}

beforeAll(async () => {
  browser = await launch();
  ({ token, pointId } = await demoPoint(base));
  const inProgress = await inProgressOrder(base);
  const details = await api<{ agendamento: { NumeroOS: number } }>(`/agendamentos/get/${inProgress.orderId}`);
  order = { id: inProgress.orderId, number: details.agendamento.NumeroOS };
});
afterAll(() => browser?.close());

const viewports: [string, BrowserContextOptions, boolean, string][] = [
  ["desktop", DESKTOP, false, "2037-03"],
  ["Pixel 7", MOBILE, true, "2037-04"],
];

describe.each(viewports)("offline data (%s)", (_label, options, mobile, month) => {
  let ctx: BrowserContext;
  let page: Page;
  let day = "";
  let first = { idSocioVeiculoAgenda: "", NumeroOS: 0 };
  const agendaPath = () => `/?inicio=${month}-01&fim=${month}-28&status=TODOS`;
  const notice = () => page.locator(".offline-notice");
  const hint = () => page.getByText("Sem conexão: esta ação precisa da internet", { exact: false });
  const rowSelector = mobile ? ".agenda-card" : ".agenda-table tbody tr";
  const rowOf = (os: number) => page.locator(rowSelector).filter({ hasText: `${os}` });

  beforeAll(async () => {
    day = await freeDay(month);
    first = await book("ABC1234", day, "09:00");
    ctx = await browser.newContext({ ...options, bypassCSP: true, serviceWorkers: "block" }); // bypassCSP only to load axe
  });
  afterAll(() => ctx?.close());

  it("shows the last agenda and OS data with the notice, disables the server actions, and refreshes once back online", async () => {
    const visitedAt = Date.now();
    page = await openSignedIn(ctx, `${base}${agendaPath()}`, (p) =>
      p
        .locator(rowSelector)
        .filter({ hasText: `${first.NumeroOS}` })
        .first(),
    );
    await goInApp(page, `/execucao-os/${order.id}`);
    await page.getByRole("heading", { name: `OS #${order.number}` }).waitFor();
    const grid = page.locator(".order-grid");
    // Every card settled (services, evidence, notes): what is on screen now is what the cache must give back offline. The
    // services, evidence and notes cards come in a deferred pass after the header (order-page.tsx): wait for them first.
    await grid.getByText("Serviços", { exact: true }).first().waitFor();
    await until(
      () => grid.innerText(),
      (t) => !/Carregando/.test(t),
    );
    const onlineCards = await grid.innerText();
    expect(onlineCards).toContain("Serviços");
    await goInApp(page, agendaPath());
    await rowOf(first.NumeroOS).first().waitFor();
    await expect(notice().innerText()).resolves.toBe("");

    // The phone loses its network: the notice, the same rows, booking/rescheduling/cancelling disabled and explained.
    await ctx.setOffline(true);
    await notice().filter({ hasText: "Sem conexão" }).waitFor();
    const text = await notice().innerText();
    expect(text).toMatch(/^Sem conexão — dados de \d{2}:\d{2}$/);
    expect(minutesSince(visitedAt)).toContain(text.slice(-5));
    await expect(page.locator(".offline-notice[role=status]").count()).resolves.toBe(1);
    const row = rowOf(first.NumeroOS).first();
    await expect(row.isVisible()).resolves.toBe(true);
    for (const name of ["Reagendar", "Cancelar"]) {
      const button = row.getByRole("button", { name, exact: true });
      await expect(button.isDisabled()).resolves.toBe(true);
      const described = await button.getAttribute("aria-describedby");
      await expect(page.locator(`[id="${described}"]`).innerText()).resolves.toMatch(/^Sem conexão: esta ação precisa da internet/);
    }
    // Starting goes through the outbox with its video: still possible offline.
    await expect(row.getByRole("button", { name: "Iniciar" }).isEnabled()).resolves.toBe(true);
    await expect(page.getByRole("button", { name: "Novo Agendamento" }).isDisabled()).resolves.toBe(true);
    await expect(hint().isVisible()).resolves.toBe(true);
    await expect(violations(page)).resolves.toEqual([]);

    // In-app to the OS while offline: the same cards, cancel and finish disabled (desktop) or out of the menu (phone).
    await goInApp(page, `/execucao-os/${order.id}`);
    await page.getByRole("heading", { name: `OS #${order.number}` }).waitFor();
    await expect(grid.innerText()).resolves.toBe(onlineCards);
    await expect(notice().innerText()).resolves.toMatch(/^Sem conexão — dados de \d{2}:\d{2}$/);
    if (mobile) {
      await page.getByRole("button", { name: "Ações", exact: true }).click();
      const items = await page.getByRole("menuitem").allInnerTexts();
      expect(items).not.toContain("Finalizar OS");
      expect(items).not.toContain("Cancelar OS");
      expect(items).toContain("Detalhes financeiros");
      await page.keyboard.press("Escape");
    } else {
      const actions = page.getByRole("group", { name: /^Ações da OS/ });
      for (const name of ["Cancelar OS", "Finalizar OS"])
        await expect(actions.getByRole("button", { name }).isDisabled()).resolves.toBe(true);
    }
    await expect(page.getByRole("button", { name: "Adicionar serviço" }).isDisabled()).resolves.toBe(true);
    await expect(hint().isVisible()).resolves.toBe(true);
    await expect(violations(page)).resolves.toEqual([]);

    // The device's store holds this user's data (the row and the order) under their user and point.
    const records = await storedRecords(page);
    expect(records.length).toBe(1);
    expect(records[0]!.json).toContain(first.idSocioVeiculoAgenda);
    expect(records[0]!.json).toContain(order.id);

    // Network back on the phone, but every API request fails (one bar of signal): a reload still opens the OS from the store.
    await page.route("**/api/**", (r) => r.abort("internetdisconnected"));
    await ctx.setOffline(false);
    await page.reload();
    await page.getByRole("heading", { name: `OS #${order.number}` }).waitFor({ timeout: 15_000 });
    await notice().filter({ hasText: "Sem conexão — dados de" }).waitFor({ timeout: 15_000 });
    await expect(grid.innerText()).resolves.toBe(onlineCards);
    if (!mobile)
      await expect(
        page
          .getByRole("group", { name: /^Ações da OS/ })
          .getByRole("button", { name: "Finalizar OS" })
          .isDisabled(),
      ).resolves.toBe(true);

    // Meanwhile a row is booked on the server: not shown from the cache, shown once the API answers again.
    const second = await book("RFT4G56", day, "10:00");
    await goInApp(page, agendaPath());
    await row.waitFor();
    await expect(rowOf(second.NumeroOS).count()).resolves.toBe(0);
    await expect(page.getByRole("button", { name: "Novo Agendamento" }).isDisabled()).resolves.toBe(true);

    await page.unroute("**/api/**");
    await rowOf(second.NumeroOS).first().waitFor({ timeout: 25_000 });
    await until(
      () => notice().innerText(),
      (t) => t === "",
    );
    await expect(notice().innerText()).resolves.toBe("");
    await expect(page.getByRole("button", { name: "Novo Agendamento" }).isEnabled()).resolves.toBe(true);
    await expect(row.getByRole("button", { name: "Reagendar" }).isEnabled()).resolves.toBe(true);
    await expect(hint().count()).resolves.toBe(0);
    // Clean up the rows of this month.
    for (const r of [first, second]) {
      await api("/agendamentos/cancelar", { idSocioVeiculoAgenda: r.idSocioVeiculoAgenda, motivo: "teste offline" });
    }
  });

  it("logout empties the store; another point's user sees none of the first user's data, online or offline", async () => {
    await page.getByRole("button", { name: /Marina Souza/ }).click();
    await page.getByRole("menuitem", { name: "Sair" }).click();
    await page.waitForURL(/\/login/);
    await expect(
      until(
        () => storedRecords(page),
        (r) => r.length === 0,
      ),
    ).resolves.toEqual([]);

    await signIn(page, OTHER.email, OTHER.password);
    await page.getByRole("heading", { name: "Agenda" }).waitFor();
    await page.getByRole("button", { name: /Paulo Mendes/ }).waitFor();
    // The first user's order: refused by the server, and nothing of it comes from a cache.
    await goInApp(page, `/execucao-os/${order.id}`);
    await page.getByText("Erro ao obter agendamento", { exact: false }).waitFor();
    await expect(page.getByRole("heading", { name: `OS #${order.number}` }).count()).resolves.toBe(0);
    await goInApp(page, agendaPath());
    await page.getByText("Nenhum agendamento encontrado.").waitFor();

    // Offline as the new user: the first user's order still shows nothing of theirs.
    await ctx.setOffline(true);
    await notice().filter({ hasText: "Sem conexão" }).waitFor();
    await goInApp(page, `/execucao-os/${order.id}`);
    await page.getByRole("heading", { name: "Ordem de Serviço" }).waitFor();
    await expect(page.getByRole("heading", { name: `OS #${order.number}` }).count()).resolves.toBe(0);
    await ctx.setOffline(false);

    const records = await until(
      () => storedRecords(page),
      (r) => r.length > 0,
    );
    expect(records.map((r) => r.owner)).toHaveLength(1);
    expect(records[0]!.owner).not.toContain(pointId);
    for (const r of records) {
      expect(r.json).not.toContain(order.id);
      expect(r.json).not.toContain(first.idSocioVeiculoAgenda);
      expect(r.json).not.toContain(pointId);
    }
  });
});
