// Role gate, record of changes and held payouts end to end (built app, real server, real Chromium, desktop and Pixel 7): an
// attendant (not an administrator) sees neither Dados Bancários, Dados Cadastrais nor Registro de alterações and gets the
// restricted screen at their URLs, with no call for their data; the administrator changes the PIX key of the selected bank
// entry and 'Registro de alterações' shows it (masked before and after, the administrator's name, the server's entry); the
// central's Pagamentos shows the point's pending payouts RETIDO with the reason, not selectable (the server refuses to pay them
// too), checks 'Conferir dados de pagamento' (full data, the record's entry; a point without bank data has nothing to
// confirm), confirms, and pays the rows now payable; the confirmation is in the central's record and the point's. axe on every
// screen and dialog; a 360 px phone never scrolls sideways. Leaves the data as it found it: payments undone, the bank entry put
// back and confirmed.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import {
  addDays,
  apiCall,
  apiToken,
  brasiliaToday,
  DEMO,
  demoPoint,
  DESKTOP,
  launch,
  listRows,
  MOBILE,
  openMenu,
  openSignedIn,
  signIn,
  violations,
} from "./browser";
import { CENTRAL, payeeOf, releasePayouts } from "./payee";
import type { Payout, PayoutTotals } from "../../src/features/central/api/central";
import type { AuditPage } from "../../src/lib/audit-log";

const base = inject("baseUrl");
const ATTENDANT = { email: "carlos@credenciado.com.br", password: DEMO.password };
const POINT_NAME = "Auto Center Boa Viagem";
const OTHER_POINT = "Oficina Serra Azul";
const RESTRICTED = "Acesso restrito aos administradores do ponto.";
const LIST = "Alterações registradas";
let browser: Browser;
let adminToken = "";
let centralToken = "";
let pointId = "";

type Bank = Record<string, string> & { IdDadoBancario: string; NomeTitular: string; Selecionado: string };
/** The selected bank entry as it was before this file: put back at the end. */
let original: Bank;
/** Payouts this file paid: undone after each viewport (and after a failure). */
const paidHere = new Set<string>();

const selectedBank = async () =>
  (await apiCall<{ dadosBancarios: Bank[] }>(base, adminToken, `/ponto-atendimento/get-dados-bancarios/${pointId}`)).dadosBancarios.find(
    (b) => b.Selecionado === "S",
  )!;
const serverAudit = (q: string, token = adminToken) => apiCall<AuditPage>(base, token, `/auditoria?pagina=1&porPagina=20${q}`);
const serverPayouts = (q: Record<string, string>) =>
  apiCall<{ data: Payout[]; totais: PayoutTotals }>(base, centralToken, `/central/pagamentos?${new URLSearchParams(q)}`);
const spaces = (s: string | null) => (s ?? "").replace(/\s+/g, " ").trim();
const brl = (n: number) => spaces(new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" }).format(n));
const rowName = (p: Payout) => `OS ${p.NumeroOS} — ${p.NomeServico}`;
const today = brasiliaToday();
/**
 * The payouts' period these tests look at: the seed's concluded orders are 6 to 20 days old whatever the day
 * (server/seed/plan.ts), so early in a month this month (the screen's default) holds none of them.
 */
const PERIOD = { dataInicio: addDays(today, -60), dataFim: addDays(today, 60) };
const PERIOD_QUERY = `?inicio=${PERIOD.dataInicio}&fim=${PERIOD.dataFim}`;

async function undoPayments() {
  for (const id of paidHere) await apiCall(base, centralToken, `/central/pagamentos/${id}/desfazer`, { motivo: "Registrado por engano" });
  paidHere.clear();
}

beforeAll(async () => {
  browser = await launch();
  ({ token: adminToken, pointId } = await demoPoint(base));
  centralToken = await apiToken(base, CENTRAL);
  // Another file may have changed the bank data without confirming it: start from payable payouts.
  await releasePayouts(base, pointId, centralToken);
  original = await selectedBank();
});
afterAll(async () => {
  await undoPayments();
  if (original) {
    await apiCall(base, adminToken, "/ponto-atendimento/edit-dado-bancario", { ...original, IdPontoAtendimento: pointId });
    await releasePayouts(base, pointId, centralToken);
  }
  await browser?.close();
});

for (const [name, options, mobile] of [
  ["desktop", DESKTOP, false],
  ["Pixel 7", MOBILE, true],
] as const) {
  describe(`roles, record of changes and held payouts on ${name}`, () => {
    const contexts: BrowserContext[] = [];
    const newContext = async () => {
      const ctx = await browser.newContext({ ...options, bypassCSP: true }); // bypassCSP only to load axe
      contexts.push(ctx);
      return ctx;
    };
    let admin: BrowserContext;
    let central: BrowserContext;
    /** This viewport's new PIX key: a random key, whose last characters tell it from the other viewport's. */
    const newKey = randomUUID();
    beforeAll(async () => {
      admin = await newContext();
      central = await newContext();
    });
    afterAll(async () => {
      await undoPayments();
      for (const ctx of contexts) await ctx.close();
    });

    const menu = (page: Page) => openMenu(page, mobile);
    const heading = (page: Page, title: string) => page.getByRole("heading", { name: title, level: 1 });
    /** The record's entries in this viewport's layout: the cards (not the field changes listed inside them) or the table rows. */
    const entries = (page: Page): Locator =>
      mobile ? page.getByRole("list", { name: LIST, exact: true }).locator(":scope > li") : listRows(page, false, LIST);
    /** Opens `url` as the central user (signing in when the app asks), once `ready` shows. */
    async function openCentral(url: string, ready: (page: Page) => Locator): Promise<Page> {
      const page = central.pages()[0] ?? (await central.newPage());
      // A closed dialog takes its history entry back (modal.tsx): let it, or it could abort this navigation.
      if (page.url().startsWith("http")) {
        await page
          .waitForFunction(() => !(history.state as { modal?: unknown } | null)?.modal, undefined, { timeout: 5_000 })
          .catch(() => {});
      }
      await page.goto(url);
      const login = page.getByLabel("E-mail");
      await ready(page).or(login).first().waitFor({ timeout: 15_000 });
      if (await login.isVisible()) await signIn(page, CENTRAL.email, CENTRAL.password);
      await ready(page).waitFor({ timeout: 15_000 });
      return page;
    }
    async function fitsAt360(page: Page) {
      if (!mobile) return;
      await page.setViewportSize({ width: 360, height: 740 });
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await page.setViewportSize(options.viewport!);
    }

    it("an attendant sees no administrators' entries and gets the restricted screen at their URLs, with no call for their data", async () => {
      const ctx = await newContext();
      const page = await ctx.newPage();
      const calls: string[] = [];
      page.on("request", (r) => {
        const path = new URL(r.url()).pathname;
        if (/\/api\/(ponto-atendimento\/(get-dados-bancarios|dados-cadastrais)|auditoria)/.test(path)) calls.push(path);
      });
      await page.goto(`${base}/login`);
      await signIn(page, ATTENDANT.email, ATTENDANT.password);
      await page.waitForURL(`${base}/`);
      const nav = await menu(page);
      await nav.getByRole("link", { name: "Retorno de Serviço", exact: true }).waitFor();
      await nav.getByRole("link", { name: "Espelho", exact: true }).waitFor();
      for (const label of ["Dados Bancários", "Registro de alterações", "Equipe"]) {
        expect(await nav.getByRole("link", { name: label, exact: true }).count(), label).toBe(0);
      }
      if (mobile) {
        await nav.getByRole("button", { name: "Fechar menu" }).click();
        await nav.waitFor({ state: "detached" });
      }
      await page.getByRole("button", { name: /Carlos Lima/ }).click();
      const account = page.getByRole("menu", { name: "Conta" });
      await account.getByRole("menuitem", { name: "Sair" }).waitFor();
      expect(await account.getByRole("menuitem", { name: "Dados Cadastrais" }).count()).toBe(0);
      await page.keyboard.press("Escape");

      for (const [path, title] of [
        ["/dados-bancarios", "Dados Bancários"],
        ["/dados-cadastrais", "Dados Cadastrais"],
        ["/registro-alteracoes", "Registro de alterações"],
      ] as const) {
        await page.goto(`${base}${path}`);
        await heading(page, title).waitFor({ timeout: 15_000 });
        await page.getByRole("status").filter({ hasText: RESTRICTED }).waitFor();
        expect(await page.getByRole("button", { name: /Novo Dado|Editar/ }).count(), path).toBe(0);
        expect(await violations(page)).toEqual([]);
      }
      await page.waitForLoadState("networkidle");
      expect(calls).toEqual([]);
      // The server refuses the bank data and the record to them too.
      const attendant = await apiToken(base, ATTENDANT);
      const bank = await fetch(`${base}/api/ponto-atendimento/get-dados-bancarios/${pointId}`, { headers: { authToken: attendant } });
      expect(bank.status).toBe(403);
      expect((await fetch(`${base}/api/auditoria`, { headers: { authToken: attendant } })).status).toBe(403);
    });

    it("the administrator changes the PIX key; 'Registro de alterações' shows it masked, with the administrator's name; filters", async () => {
      const before = await selectedBank();
      const page = await openSignedIn(admin, `${base}/dados-bancarios`, (p) => heading(p, "Dados Bancários"));
      await page.getByRole("button", { name: `Editar ${before.NomeTitular}` }).click();
      const form = page.getByRole("dialog", { name: "Editar Dados Bancários" });
      await form.waitFor();
      await form.getByLabel("Tipo de Pagamento").selectOption("PIX");
      await form.getByLabel("Tipo de Chave PIX").selectOption("CHAVE_ALEATORIA");
      // The other viewport left a random key already: the field is emptied before typing this one.
      await form.getByLabel("Chave PIX", { exact: true }).fill("");
      await form.getByLabel("Chave PIX", { exact: true }).pressSequentially(newKey);
      await form.getByRole("button", { name: "Atualizar" }).click();
      await page.getByText("Dados bancários atualizados com sucesso!").first().waitFor();
      await form.waitFor({ state: "detached" });
      expect(await selectedBank()).toMatchObject({ TipoChavePix: "CHAVE_ALEATORIA", ChavePix: newKey });

      // The server's newest entry: this change, its sensitive values masked.
      const newest = (await serverAudit("")).data[0]!;
      expect(newest).toMatchObject({ Entidade: "dado_bancario", Acao: "editar", Autor: "Marina Souza", TipoAutor: "ponto" });
      const keyChange = newest.Alteracoes.find((c) => c.Campo === "Chave PIX")!;
      expect(keyChange.Depois).toMatch(new RegExp(`^•+${newKey.slice(-4)}$`));
      expect(keyChange.Antes).not.toBe(before.ChavePix);

      // From the menu, the administrators' entry.
      await (await menu(page)).getByRole("link", { name: "Registro de alterações", exact: true }).click();
      await page.waitForURL(`${base}/registro-alteracoes`);
      await heading(page, "Registro de alterações").waitFor();
      const rows = entries(page);
      await rows.first().waitFor();
      const first = spaces(await rows.first().textContent());
      // 'de … para …' is what a screen reader hears around the arrow.
      for (const part of [
        "Dados bancários alterados.",
        "Dados bancários",
        "Marina Souza",
        `Chave PIX: de ${keyChange.Antes}`,
        `para ${keyChange.Depois}`,
      ]) {
        expect(first).toContain(part);
      }
      expect(await page.getByText(newKey).count()).toBe(0);
      const total = (await serverAudit("")).total;
      await page
        .getByRole("status")
        .filter({ hasText: `Mostrando 1–${Math.min(20, total)} de ${total}` })
        .waitFor();
      expect(await violations(page)).toEqual([]);
      await fitsAt360(page);

      // Only bank data, kept in the URL; then the central's confirmations (maybe none yet).
      await page.getByLabel("Tipo de alteração").selectOption("dado_bancario");
      await page.waitForURL(/entidade=dado_bancario/);
      const bankOnly = await serverAudit("&entidade=dado_bancario");
      await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(Math.min(20, bankOnly.data.length));
      // A change of the point's bank data, or the central's confirmation of it (written under the same entity, with its own
      // summary; present when a central file ran before this one).
      for (const text of await rows.allTextContents())
        expect(text).toMatch(/Dados bancários|Dados de pagamento conferidos e confirmados pela central/);
      await page.reload();
      await expect(page.getByLabel("Tipo de alteração").inputValue()).resolves.toBe("dado_bancario");
      await rows.first().waitFor();
      await page.getByLabel("Tipo de alteração").selectOption("usuario");
      const team = await serverAudit("&entidade=usuario");
      if (team.total === 0) await page.getByText("Nenhuma alteração registrada com estes filtros.").waitFor();
      else await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(Math.min(20, team.data.length));
      expect(await violations(page)).toEqual([]);
    });

    it("the central sees the point's payouts held with the reason, not selectable; the server refuses to pay them", async () => {
      const page = await openCentral(`${base}/central/pagamentos${PERIOD_QUERY}&ponto=${pointId}`, (p) => heading(p, "Pagamentos"));
      const listing = await serverPayouts({ idPontoAtendimento: pointId, status: "PENDENTE", ...PERIOD });
      expect(listing.data.length).toBeGreaterThan(0);
      expect(listing.data.every((r) => r.Retido)).toBe(true);
      expect(listing.totais.retido).toBe(listing.totais.pendente);
      const reason = listing.data[0]!.MotivoRetencao!;
      expect(reason).toMatch(/^Dados de pagamento alterados em \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}/);
      const shown = listRows(page, mobile, "Repasses");
      await expect.poll(() => shown.count(), { timeout: 10_000 }).toBe(listing.data.length);
      for (const r of listing.data) {
        const row = shown.and(page.locator(`[data-id="${r.IdFinanceiroEspelho}"]`));
        const text = spaces(await row.textContent());
        expect(text).toContain("RETIDO");
        expect(text).toContain(reason);
        if (r.DataExecucao) expect(text).toContain(r.DataExecucao.split("-").reverse().join("/"));
        // The checkbox is there, disabled, and says why.
        const box = page.getByRole("checkbox", { name: `Selecionar ${rowName(r)} (${r.NomeFantasia})` });
        await expect(box.isDisabled()).resolves.toBe(true);
        const described = await box.getAttribute("aria-describedby");
        expect(spaces(await page.locator(`[id="${described}"]`).textContent())).toBe(reason);
      }
      await expect(page.getByLabel("Selecionar todos").isDisabled()).resolves.toBe(true);
      // The headline's card (issue 49), named by its button.
      const retained = spaces(await page.getByRole("region", { name: "Retido", exact: true }).textContent());
      expect(retained).toContain(`Retido${brl(listing.totais.retido)}`);
      const held = page.getByRole("region", { name: "Pontos com repasses retidos" });
      expect(spaces(await held.textContent())).toContain(POINT_NAME);
      expect(await violations(page)).toEqual([]);
      await fitsAt360(page);

      const refused = await fetch(`${base}/api/central/pagamentos/pagar`, {
        method: "POST",
        headers: { authToken: centralToken, "content-type": "application/json" },
        body: JSON.stringify({ ids: listing.data.map((r) => r.IdFinanceiroEspelho), dataPagamento: today, referencia: "TED-1" }),
      });
      expect(refused.status).toBe(409);
      expect(((await refused.json()) as { message: string }).message).toBe(
        `Repasses retidos de ${POINT_NAME}: confirme os dados de pagamento do ponto antes de pagar (veja o motivo na lista).`,
      );
      expect(
        (await serverPayouts({ idPontoAtendimento: pointId, status: "PAGO", ...PERIOD })).data.map((r) => r.IdFinanceiroEspelho),
      ).not.toEqual(expect.arrayContaining(listing.data.map((r) => r.IdFinanceiroEspelho)));
    });

    it("a point without bank data: the dialog says so and offers no confirmation", async () => {
      const page = await openCentral(`${base}/central/pagamentos${PERIOD_QUERY}`, (p) => heading(p, "Pagamentos"));
      const review = page.getByRole("button", { name: `Conferir dados de pagamento de ${OTHER_POINT}` });
      await review.waitFor();
      // By keyboard.
      await review.focus();
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name: "Conferir dados de pagamento" });
      await dialog.getByText("Este ponto não tem dados bancários selecionados", { exact: false }).waitFor();
      // The payee's company name among the data (the record below may name it too, with other suites' entries).
      await dialog
        .getByRole("definition")
        .filter({ hasText: /^Serra Azul Mecânica Eireli$/ })
        .first()
        .waitFor();
      await dialog
        .getByText("Nenhuma alteração de dados de pagamento registrada.")
        .or(dialog.getByRole("list", { name: "Alterações recentes" }))
        .waitFor();
      expect(await dialog.getByRole("button", { name: "Confirmar dados" }).count()).toBe(0);
      expect(await violations(page)).toEqual([]);
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached" });
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label")))
        .toBe(`Conferir dados de pagamento de ${OTHER_POINT}`);
    });

    it("the central checks the point's new data, confirms it, and pays the rows now payable", async () => {
      const page = await openCentral(`${base}/central/pagamentos${PERIOD_QUERY}&ponto=${pointId}`, (p) => heading(p, "Pagamentos"));
      const payee = await payeeOf(base, centralToken, pointId);
      expect(payee).toMatchObject({ Retido: true, TipoChavePix: "CHAVE_ALEATORIA", ChavePix: newKey });
      await page.getByRole("button", { name: `Conferir dados de pagamento de ${POINT_NAME}` }).click();
      const dialog = page.getByRole("dialog", { name: "Conferir dados de pagamento" });
      await dialog.getByText(newKey, { exact: true }).waitFor();
      await dialog.getByText(payee.MotivoRetencao!).waitFor();
      const recent = dialog.getByRole("list", { name: "Alterações recentes" });
      await recent.waitFor();
      const newestChange = spaces(await recent.getByRole("listitem").first().textContent());
      expect(newestChange).toContain("Dados bancários alterados.");
      expect(newestChange).toContain("Marina Souza");
      expect(newestChange).toContain(newKey.slice(-4));
      expect(await violations(page)).toEqual([]);
      if (mobile) {
        await page.setViewportSize({ width: 360, height: 740 });
        await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
        await page.setViewportSize(options.viewport!);
      }

      await dialog.getByRole("button", { name: "Confirmar dados" }).click();
      await page.getByText("Dados de pagamento confirmados.").first().waitFor();
      await dialog.waitFor({ state: "detached" });
      const listing = await serverPayouts({ idPontoAtendimento: pointId, status: "PENDENTE", ...PERIOD });
      expect(listing.data.every((r) => !r.Retido)).toBe(true);
      expect(listing.totais.retido).toBe(0);
      await expect.poll(() => page.getByRole("region", { name: "Pontos com repasses retidos" }).count(), { timeout: 10_000 }).toBe(0);
      expect(spaces(await page.getByRole("region", { name: "Retido", exact: true }).textContent())).toContain(`Retido${brl(0)}`);

      // Payable now: the rows executed by today are selected (a payment cannot be dated before an execution) and paid.
      const payable = listing.data.filter((r) => !r.DataExecucao || r.DataExecucao <= today);
      expect(payable.length).toBeGreaterThan(0);
      for (const r of payable) {
        const box = page.getByRole("checkbox", { name: `Selecionar ${rowName(r)} (${r.NomeFantasia})` });
        await expect.poll(() => box.isEnabled(), { timeout: 10_000 }).toBe(true);
        expect(await box.getAttribute("aria-describedby")).toBeNull();
        await box.check();
      }
      const sum = Math.round(payable.reduce((n, r) => n + (r.ValorRepasse ?? 0), 0) * 100) / 100;
      await page
        .getByRole("status")
        .filter({ hasText: `${payable.length} ${payable.length === 1 ? "selecionado" : "selecionados"} · ${brl(sum)}` })
        .waitFor();
      await page.getByRole("button", { name: "Marcar como pago" }).click();
      const pay = page.getByRole("dialog", { name: "Marcar como pago" });
      // Never before the latest execution among them: the date's minimum, and a clear refusal before any call.
      const latest = payable.filter((r) => r.DataExecucao).sort((a, b) => b.DataExecucao!.localeCompare(a.DataExecucao!))[0];
      if (latest) {
        const date = pay.getByLabel("Data do pagamento");
        await expect(date.getAttribute("min")).resolves.toBe(latest.DataExecucao);
        const before = new Date(Date.parse(`${latest.DataExecucao}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
        await date.fill(before);
        await pay.getByRole("button", { name: "Confirmar pagamento" }).click();
        await pay
          .getByRole("alert")
          .filter({
            hasText: `A data do pagamento não pode ser anterior à execução da OS ${latest.NumeroOS} (${latest.DataExecucao!.split("-").reverse().join("/")}).`,
          })
          .waitFor();
        await date.fill(today);
      }
      await pay.getByLabel("Referência do pagamento").fill("TED-AUDITORIA");
      await pay.getByRole("button", { name: "Confirmar pagamento" }).click();
      for (const r of payable) paidHere.add(r.IdFinanceiroEspelho);
      await page
        .getByText(/^Pagamento registrado: .* no lote TED-AUDITORIA\.$/)
        .first()
        .waitFor();
      await pay.waitFor({ state: "detached" });
      const paid = await serverPayouts({ idPontoAtendimento: pointId, status: "PAGO", ...PERIOD });
      const paidRows = paid.data.filter((r) => paidHere.has(r.IdFinanceiroEspelho));
      expect(paidRows.length).toBe(payable.length);
      // Each records what it was paid to: the data just confirmed.
      for (const r of paidRows) expect(r.PagoPara).toMatchObject({ TipoChavePix: "CHAVE_ALEATORIA", ChavePix: newKey });

      // The history of a paid row shows it.
      await page.getByLabel("Status").selectOption("PAGO");
      const target = paidRows[0]!;
      await page.getByRole("button", { name: `Histórico da ${rowName(target)}` }).click();
      const history = page.getByRole("dialog", { name: `Histórico da ${rowName(target)}` });
      await history.getByRole("heading", { name: "Pago para" }).waitFor();
      await history.getByText(newKey, { exact: true }).waitFor();
      expect(await violations(page)).toEqual([]);
      await page.keyboard.press("Escape");
      await history.waitFor({ state: "detached" });
    });

    it("the confirmation is in the central's record (with the point's name) and in the point's", async () => {
      const confirmed = (await serverAudit(`&idPontoAtendimento=${pointId}&entidade=dados_pagamento`, centralToken)).data[0]!;
      expect(confirmed).toMatchObject({ Acao: "confirmar", TipoAutor: "central", Autor: "Equipe Central (demonstração)" });

      const page = await openCentral(`${base}/central/pagamentos${PERIOD_QUERY}`, (p) => heading(p, "Pagamentos"));
      const tabs = page.getByRole("navigation", { name: "Central do Programa" });
      await tabs.getByRole("link", { name: "Alterações" }).click();
      await page.waitForURL(`${base}/central/registro-alteracoes`);
      await heading(page, "Registro de alterações").waitFor();
      await expect(tabs.getByRole("link", { name: "Alterações" }).getAttribute("aria-current")).resolves.toBe("page");
      const rows = entries(page);
      await rows.first().waitFor();
      await page.getByLabel("Ponto de atendimento").selectOption(pointId);
      await page.waitForURL(new RegExp(`ponto=${pointId}`));
      const newestCentral = (await serverAudit(`&idPontoAtendimento=${pointId}`, centralToken)).data[0]!;
      expect(newestCentral.Id).toBe(confirmed.Id);
      await expect.poll(async () => rows.first().getAttribute("data-id"), { timeout: 10_000 }).toBe(String(confirmed.Id));
      const text = spaces(await rows.first().textContent());
      for (const part of [confirmed.Resumo, "Equipe Central (demonstração)", "Central", POINT_NAME, "Confirmação da central"]) {
        expect(text).toContain(part);
      }
      // Full data to the central, masked in the record: the key's last characters only.
      expect(text).toContain(newKey.slice(-4));
      expect(text).not.toContain(newKey);
      expect(await violations(page)).toEqual([]);
      await fitsAt360(page);

      const point = await openSignedIn(admin, `${base}/registro-alteracoes?entidade=dados_pagamento`, (p) =>
        heading(p, "Registro de alterações"),
      );
      const own = entries(point);
      await expect.poll(async () => own.first().getAttribute("data-id"), { timeout: 10_000 }).toBe(String(confirmed.Id));
      expect(spaces(await own.first().textContent())).toContain(confirmed.Resumo);
      expect(await violations(point)).toEqual([]);
    });
  });
}
