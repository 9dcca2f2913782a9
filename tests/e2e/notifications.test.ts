// The notifications inbox end to end (built app, real server, real Chromium, Pixel 7): the central refuses a service an
// attendant linked, with a reason; the attendant, on the agenda, gets the toast ('recusado') and the bell's count; the
// Notificações screen lists it with its reason, who and when, and a link to the OS; opening the screen marks nothing, opening
// the OS marks it read for that attendant only (a colleague of the point still has it unread); axe is clean on the screen.
// Push: this Chromium has no push service (no internet), so subscribing fails and the screen says so; the service worker's
// display of a push is checked by delivering one through CDP (ServiceWorker.deliverPushMessage).
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { apiCall, apiToken, launch, MOBILE, signIn, startedOrderByApi, violations } from "./browser";

const base = inject("baseUrl");
const DEMO = { email: "demo@credenciado.com.br", password: "demo1234" };
const COLLEAGUE = { email: "carlos@credenciado.com.br", password: "demo1234" };
const CENTRAL = { email: "central@programa.com.br", password: "demo1234" };
const REASON = "Foto da peça trocada ilegível (teste das notificações).";
let browser: Browser;
let token = "";
let colleague = "";
let central = "";
let pointId = "";
let order = { id: "", os: 0 };
let link = { id: "", label: "" };

type Notice = { IdNotificacao: string; Tipo: string; Titulo: string; Motivo: string | null; Autor: string | null; Lida: boolean };
type Page_ = { data: Notice[]; naoLidas: number };
const inboxOf = (t: string) => apiCall<Page_>(base, t, "/notificacoes?limite=50");

/** Books the Onix (PEX-7788) on a free weekday far ahead at 15:00 (no other file books that hour there), starts it, links a service. */
async function orderAwaitingApproval() {
  const api = <T>(p: string, body?: unknown) => apiCall<T>(base, token, p, body);
  const me = await api<{ data: { IdPontoAtendimento: string; IdPontoAtendimentoUsuario: string } }>("/credenciado/get");
  pointId = me.data.IdPontoAtendimento;
  // 15:00 far ahead: no other file books that hour there.
  const started = await startedOrderByApi(base, token, { pointId, userId: me.data.IdPontoAtendimentoUsuario, offset: 400, hour: "15:00" });
  order = { id: started.id, os: started.os };
  expect(order.id).not.toBe("");
  const catalogue = (
    await api<{ servicos: { IdServico: string; label: string; FornecidoPelaVcar: string }[] }>(`/ponto-atendimento/servicos/${pointId}`)
  ).servicos.filter((s) => s.FornecidoPelaVcar !== "S");
  for (const s of catalogue) {
    const res = await fetch(`${base}/api/agendamentos/vincular-servico`, {
      method: "POST",
      headers: { authToken: token, "content-type": "application/json" },
      body: JSON.stringify({ idSocioVeiculoAgenda: order.id, idServico: s.IdServico, descricao: `Notificações: ${s.label}` }),
    });
    if (res.ok) {
      link = {
        id: ((await res.json()) as { idSocioVeiculoAgendaExecucaoServico: string }).idSocioVeiculoAgendaExecucaoServico,
        label: s.label,
      };
      return;
    }
  }
  throw new Error("no service could be linked");
}

async function signedInAt(page: Page, path: string, who: { email: string; password: string }) {
  await page.goto(`${base}${path}`);
  await signIn(page, who.email, who.password);
}

beforeAll(async () => {
  browser = await launch();
  token = await apiToken(base, DEMO);
  colleague = await apiToken(base, COLLEAGUE);
  central = await apiToken(base, CENTRAL);
  await orderAwaitingApproval();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

describe("notifications", () => {
  it("tells the attendant of a refusal (toast, bell, inbox with reason, who, when and the OS); read state is each user's", async () => {
    const ctx = await browser.newContext({ ...MOBILE, bypassCSP: true }); // only to load axe
    const page = await ctx.newPage();
    // The first poll of the signed-in attendant is answered before the decision: what it saw is not told again.
    const firstPoll = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/notificacoes" && r.ok(), { timeout: 30_000 });
    await signedInAt(page, "/", DEMO);
    await page.waitForURL((u) => u.pathname === "/");
    await firstPoll;

    const refused = await fetch(`${base}/api/central/aprovacoes/${link.id}/recusar`, {
      method: "POST",
      headers: { authToken: central, "content-type": "application/json" },
      body: JSON.stringify({ observacao: REASON }),
    });
    expect(refused.status).toBe(200);

    // The toast within a poll, saying 'recusado'.
    const toast = page.getByText(`Serviço recusado: ${link.label}`, { exact: false }).first();
    await toast.waitFor({ timeout: 45_000 });
    expect(await toast.textContent()).toContain("recusado");
    // The bell's count is the server's.
    const unread = (await inboxOf(token)).naoLidas;
    expect(unread).toBeGreaterThan(0);
    const bell = page.getByRole("link", { name: unread === 1 ? "Notificações, 1 não lida" : `Notificações, ${unread} não lidas` });
    await bell.waitFor({ timeout: 15_000 });
    expect(await bell.textContent()).toBe(unread > 99 ? "99+" : String(unread));

    // The inbox: the refusal with its reason, who, when (Brasília) and the OS link; opening the screen marks nothing.
    await bell.click();
    await page.getByRole("heading", { name: "Notificações", level: 1 }).waitFor();
    const list = page.getByRole("list", { name: "Notificações, da mais recente à mais antiga" });
    const item = list
      .getByRole("listitem")
      .filter({ hasText: `Serviço recusado: ${link.label}` })
      .first();
    await item.waitFor();
    await item.getByText("Recusado", { exact: true }).waitFor();
    await item.getByText("Não lida", { exact: true }).waitFor();
    await item.getByText(REASON, { exact: true }).waitFor();
    await item.getByText("Equipe Central (demonstração)", { exact: true }).waitFor();
    const time = await item.locator("time").getAttribute("datetime");
    const shown = new Intl.DateTimeFormat("pt-BR", { timeZone: "America/Sao_Paulo", dateStyle: "short", timeStyle: "short" }).format(
      new Date(time!),
    );
    expect(await item.locator("time").textContent()).toBe(shown);
    expect(Math.abs(Date.parse(time!) - Date.now())).toBeLessThan(5 * 60_000);
    const openOs = item.getByRole("link", { name: `Abrir OS #${order.os}` });
    expect(await openOs.getAttribute("href")).toBe(`/execucao-os/${order.id}`);
    expect(await violations(page)).toEqual([]);
    const mine = (await inboxOf(token)).data.find((n) => n.Titulo === `Serviço recusado: ${link.label}`)!;
    expect(mine).toMatchObject({ Tipo: "recusado", Motivo: REASON, Lida: false });

    // Push here: no push service reachable (no internet), so the screen says it could not, or that the browser has none.
    await ctx.grantPermissions(["notifications"], { origin: base });
    const push = page.getByRole("region", { name: "Notificações neste aparelho" });
    await push.getByRole("button", { name: "Receber notificações neste aparelho" }).click();
    await push
      .getByText(/Não foi possível ativar: o serviço de notificações do navegador não respondeu|Indisponível neste navegador/)
      .waitFor({ timeout: 30_000 });
    expect(await violations(page)).toEqual([]);

    // Opening the OS marks it read, for this attendant only.
    await openOs.click();
    await page.getByRole("heading", { name: `OS #${order.os}`, level: 1 }).waitFor();
    await expect.poll(async () => (await inboxOf(token)).data.find((n) => n.IdNotificacao === mine.IdNotificacao)?.Lida).toBe(true);
    expect((await inboxOf(colleague)).data.find((n) => n.IdNotificacao === mine.IdNotificacao)?.Lida).toBe(false);

    // The colleague, on their own phone, still sees it unread in the inbox and can mark it there.
    const other = await browser.newContext(MOBILE);
    const theirs = await other.newPage();
    await signedInAt(theirs, "/notificacoes", COLLEAGUE);
    await theirs.getByRole("heading", { name: "Notificações", level: 1 }).waitFor();
    const theirItem = theirs
      .getByRole("list", { name: "Notificações, da mais recente à mais antiga" })
      .getByRole("listitem")
      .filter({ hasText: `Serviço recusado: ${link.label}` })
      .first();
    await theirItem.getByText("Não lida", { exact: true }).waitFor();
    await theirItem.getByRole("button", { name: "Marcar como lida" }).click();
    await theirItem.getByText("Não lida", { exact: true }).waitFor({ state: "detached" });
    expect((await inboxOf(colleague)).data.find((n) => n.IdNotificacao === mine.IdNotificacao)?.Lida).toBe(true);
    await other.close();
    await ctx.close();
  }, 120_000);

  it("shows a push delivered to the service worker as a system notification carrying its screen's address", async () => {
    const ctx = await browser.newContext(MOBILE);
    await ctx.grantPermissions(["notifications"], { origin: base });
    const page = await ctx.newPage();
    await signedInAt(page, "/notificacoes", DEMO);
    await page.getByRole("heading", { name: "Notificações", level: 1 }).waitFor();
    await page.waitForFunction(() => navigator.serviceWorker.controller?.state === "activated", undefined, { timeout: 30_000 });
    const cdp = await ctx.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) =>
      cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
        const r = registrations.find((x) => x.scopeURL.startsWith(base) && !x.isDeleted);
        if (r) resolve(r.registrationId);
      }),
    );
    await cdp.send("ServiceWorker.enable");
    const payload = {
      title: `Serviço recusado: ${link.label}`,
      body: `OS ${order.os}: ${REASON}`,
      url: `/execucao-os/${order.id}`,
      tag: "e2e",
    };
    await cdp.send("ServiceWorker.deliverPushMessage", {
      origin: new URL(base).origin,
      registrationId: await registrationId,
      data: JSON.stringify(payload),
    });
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const reg = await navigator.serviceWorker.ready;
            return (await reg.getNotifications()).map((n) => ({ title: n.title, body: n.body, url: (n.data as { url: string }).url }));
          }),
        { timeout: 15_000 },
      )
      .toEqual([{ title: payload.title, body: payload.body, url: payload.url }]);
    await ctx.close();
  }, 60_000);
});
