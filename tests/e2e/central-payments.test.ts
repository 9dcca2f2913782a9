// Central do Programa, Pagamentos end to end (built app, real server, real Chromium, desktop and Pixel 7): the central user signs
// in on /login and lands on /central/pagamentos; defaults (every point, execution date, this month in Brasília, pending), rows
// (each with its situation's tag) and the headline (payable today, held, waiting for execution, in a run; issue 49) equal to the
// server's /central/pagamentos; filters (point, reference date, status); the
// error state; one pending payout selected (by keyboard) and marked paid with today's date and a reference, seen PAGO with its
// reference here and PagamentoFeito 'S' on the point's own /espelho/lista, its history, its batch in 'Lotes pagos' with a proof
// attached and downloaded and its CSV exported again, then undone by a double click that reports no failure (back to 'N'); the
// export of a selection (one transfer per beneficiary, a total line) as CSV, the bank's file being the server's now (never a held
// payout: the other point has no bank data, so its rows are held and cannot be selected); axe on the section and each dialog.
// Leaves the data as it found it (the payment it makes is undone, also after a failure); starts by confirming the demo point's
// payment data when another file changed it (tests/e2e/payee.ts), so its payouts are payable.
import fs from "node:fs";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, BrowserContext, Page, Request } from "playwright-core";
import { addDays, apiCall, apiToken, brasiliaToday, demoPoint, DESKTOP, launch, MOBILE, signIn, violations } from "./browser";
import { CENTRAL, releasePayouts } from "./payee";
import type { Payout, PayoutTotals } from "../../src/features/central/api/central";
import type { EspelhoRow } from "../../src/features/espelho/api/espelho";

const base = inject("baseUrl");
let browser: Browser;
let centralToken = "";
let pointToken = "";
let pointId = "";
/** Payouts this file paid: undone in afterAll if a failed test left one paid. */
const paidHere = new Set<string>();

const today = brasiliaToday();
/** The section's default period: this month in Brasília. */
const monthFirst = `${today.slice(0, 7)}-01`;
const monthLast = (() => {
  const [y, m] = today.split("-").map(Number);
  return `${today.slice(0, 7)}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, "0")}`;
})();
/**
 * The period the other tests open: the seed's concluded orders are 6 to 20 days old whatever the day (server/seed/plan.ts),
 * so early in a month this month holds none of them; 60 days either side of today holds them and every order of this run.
 */
const first = addDays(today, -60);
const last = addDays(today, 60);
const PERIOD = `?inicio=${first}&fim=${last}`;

type Listing = { data: Payout[]; totais: PayoutTotals };
const serverPayouts = (q: Record<string, string>, period = { dataInicio: first, dataFim: last }) =>
  apiCall<Listing>(base, centralToken, `/central/pagamentos?${new URLSearchParams({ ...period, dataReferencia: "execucao", ...q })}`);
const espelhoFlag = async (id: string) => {
  const rows = await apiCall<EspelhoRow[]>(base, pointToken, "/espelho/lista", {
    idPontoAtendimento: pointId,
    dataInicio: first,
    dataFim: last,
  });
  return rows.find((r) => r.IdFinanceiroEspelho === id)?.PagamentoFeito;
};

// Expected texts computed here, independently of the app's code.
const spaces = (s: string | null) => (s ?? "").replace(/\s+/g, " ").trim();
const brl = (n: number) => spaces(new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" }).format(n));
const br = (iso: string) => iso.split("-").reverse().join("/");
const cnpj = (d: string) => d.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, "$1.$2.$3/$4-$5");
const plate = (p: string) => (/^[A-Z]{3}\d{4}$/.test(p) ? `${p.slice(0, 3)}-${p.slice(3)}` : p);
const rowName = (p: Payout) => `OS ${p.NumeroOS} — ${p.NomeServico}`;
/** A pending row's tag by its situation (a paid one reads 'PAGO em …'). */
const TAGS: Record<Payout["Situacao"], string> = {
  pagavel: "PAGÁVEL",
  retido: "RETIDO",
  aguardando_execucao: "AGUARDANDO EXECUÇÃO",
  em_remessa: "EM REMESSA",
  pago: "PAGO",
};
/** A small PDF, the proof of payment the tests attach. */
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n");

beforeAll(async () => {
  browser = await launch();
  centralToken = await apiToken(base, CENTRAL);
  ({ token: pointToken, pointId } = await demoPoint(base));
  // Another file may have changed the demo point's bank data: its payouts are held until the central confirms it.
  await releasePayouts(base, pointId, centralToken);
});
afterAll(async () => {
  for (const id of paidHere) await apiCall(base, centralToken, `/central/pagamentos/${id}/desfazer`, { motivo: "Registrado por engano" });
  await browser?.close();
});

const isListCall = (r: Request) => r.method() === "GET" && new URL(r.url()).pathname.endsWith("/api/central/pagamentos");
const paramsOf = (r: Request) => Object.fromEntries(new URL(r.url()).searchParams);

for (const [name, options, mobile] of [
  ["desktop", DESKTOP, false],
  ["Pixel 7", MOBILE, true],
] as const) {
  describe(`central payments on ${name}`, () => {
    let ctx: BrowserContext;
    beforeAll(async () => {
      ctx = await browser.newContext({ ...options, acceptDownloads: true, bypassCSP: true });
    });
    afterAll(async () => {
      // A failed test may have left its payment made: undone before the next viewport counts the pending rows.
      for (const id of paidHere)
        await apiCall(base, centralToken, `/central/pagamentos/${id}/desfazer`, { motivo: "Registrado por engano" });
      paidHere.clear();
      await ctx?.close();
    });

    /** Opens the section (signing in as the central user when the app asks), once its heading shows. */
    /** Opens the section on `q` (the seed's period by default; "" for the section's own defaults). */
    async function openPayments(q = PERIOD): Promise<Page> {
      const page = ctx.pages()[0] ?? (await ctx.newPage());
      // A closed dialog takes its history entry back (modal.tsx): let it, or it could abort this navigation.
      if (page.url().startsWith("http")) {
        await page
          .waitForFunction(() => !(history.state as { modal?: unknown } | null)?.modal, undefined, { timeout: 5_000 })
          .catch(() => {});
      }
      await page.goto(`${base}/central/pagamentos${q}`);
      const heading = page.getByRole("heading", { name: "Pagamentos", level: 1 });
      const login = page.getByLabel("E-mail");
      await heading.or(login).first().waitFor({ timeout: 15_000 });
      if (await login.isVisible()) await signIn(page, CENTRAL.email, CENTRAL.password);
      await heading.waitFor({ timeout: 15_000 });
      return page;
    }
    const visibleRows = (page: Page) =>
      page.locator(mobile ? ".payments-cards > li" : ".payments-table tbody tr").filter({ visible: true });
    const rowOf = (page: Page, id: string) => visibleRows(page).and(page.locator(`[data-id="${id}"]`));

    async function expectScreenEquals(page: Page, listing: Listing) {
      const { data: rows, totais } = listing;
      if (rows.length === 0) {
        await page.getByText("Nenhum repasse encontrado para os filtros selecionados.").waitFor();
      } else {
        await expect
          .poll(() => visibleRows(page).evaluateAll((els) => els.map((e) => e.getAttribute("data-id"))), { timeout: 10_000 })
          .toEqual(rows.map((r) => r.IdFinanceiroEspelho));
        const texts = (await visibleRows(page).allTextContents()).map(spaces);
        rows.forEach((r, i) => {
          for (const part of [
            r.NomeFantasia,
            String(r.NumeroOS),
            plate(r.Placa),
            r.NomeServico,
            br(r.DataAgendamento),
            brl(r.ValorRepasse ?? 0),
          ]) {
            expect(texts[i]).toContain(part);
          }
          expect(texts[i]).toContain(r.PagamentoFeito === "S" ? `PAGO em ${br(r.DataPagamento!)}` : TAGS[r.Situacao]);
          // A held row says so, with the server's reason; the others do not.
          if (r.Retido) {
            expect(texts[i]).toContain("RETIDO");
            expect(texts[i]).toContain(spaces(r.MotivoRetencao));
          } else expect(texts[i]).not.toContain("RETIDO");
          if (r.DataExecucao) expect(texts[i]).toContain(br(r.DataExecucao));
        });
      }
      const total = async (label: string) => spaces(await page.getByRole("region", { name: label, exact: true }).textContent());
      // The headline (issue 49), each card a region named by its button: what can be paid today, what is held, what waits for
      // its execution, what is in a run at the bank.
      const payable = rows.filter((r) => r.Situacao === "pagavel");
      const held = rows.filter((r) => r.Situacao === "retido");
      const sum = (list: Payout[]) => Math.round(list.reduce((n, r) => n + (r.ValorRepasse ?? 0), 0) * 100) / 100;
      expect([totais.pagavel, totais.pagaveis, totais.retido, totais.retidos]).toEqual([
        sum(payable),
        payable.length,
        sum(held),
        held.length,
      ]);
      const payableCard = `Pagável em ${br(today)}`;
      await expect
        .poll(() => total(payableCard))
        .toBe(`${payableCard}${brl(totais.pagavel)}${payable.length} ${payable.length === 1 ? "repasse" : "repasses"}`);
      expect(await total("Retido")).toContain(`Retido${brl(totais.retido)}${held.length} ${held.length === 1 ? "repasse" : "repasses"} de`);
      expect(await total("Aguardando execução")).toContain(`Aguardando execução${brl(totais.aguardandoExecucao)}`);
      expect(await total("Em remessa")).toContain(`Em remessa${brl(totais.emRemessa)}`);
      expect(await page.getByRole("region", { name: "Pago", exact: true }).count()).toBe(0);
    }

    it("signs in on /login and lands on the section: defaults, rows and totals equal the server's; axe finds nothing", async () => {
      const page = await openPayments("");
      expect(new URL(page.url()).pathname).toBe("/central/pagamentos");
      await expect(page.getByLabel("Ponto de atendimento").inputValue()).resolves.toBe("");
      await expect(page.getByLabel("Ponto de atendimento").locator("option:checked").textContent()).resolves.toBe("Todos os pontos");
      await expect(page.getByLabel("Data inicial").inputValue()).resolves.toBe(monthFirst);
      await expect(page.getByLabel("Data final").inputValue()).resolves.toBe(monthLast);
      await expect(page.getByLabel("Status").inputValue()).resolves.toBe("PENDENTE");
      await expect(page.getByLabel("Data de referência").locator("option:checked").textContent()).resolves.toBe("Data de execução");
      // Whatever this month holds (none of the seed's orders early in a month): the screen shows the server's rows.
      await expectScreenEquals(page, await serverPayouts({ status: "PENDENTE" }, { dataInicio: monthFirst, dataFim: monthLast }));
      // The seed's period holds unpaid orders (two of them at the demo point).
      const listing = await serverPayouts({ status: "PENDENTE" });
      expect(listing.data.filter((r) => r.IdPontoAtendimento === pointId).length).toBeGreaterThanOrEqual(2);
      await page.goto(`${base}/central/pagamentos${PERIOD}`);
      await expectScreenEquals(page, listing);
      // Nothing selected yet: the batch buttons wait for a selection.
      await expect(page.getByRole("button", { name: "Marcar como pago" }).isDisabled()).resolves.toBe(true);
      await expect(page.getByRole("button", { name: "Exportar", exact: true }).isDisabled()).resolves.toBe(true);
      expect(await violations(page)).toEqual([]);
      if (mobile) {
        // Comfortable at 360 px: nothing wider than the screen.
        await page.setViewportSize({ width: 360, height: 740 });
        await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
        await page.setViewportSize(options.viewport!);
      }
    });

    it("filters by point and status, keeps them in the URL, refuses a reversed period; a failed load retries", async () => {
      const page = await openPayments();
      await visibleRows(page).first().waitFor();
      let call = page.waitForRequest(isListCall);
      await page.getByLabel("Ponto de atendimento").selectOption(pointId);
      expect(paramsOf(await call)).toEqual({
        idPontoAtendimento: pointId,
        dataInicio: first,
        dataFim: last,
        status: "PENDENTE",
        dataReferencia: "execucao",
      });
      await expectScreenEquals(page, await serverPayouts({ idPontoAtendimento: pointId, status: "PENDENTE" }));

      call = page.waitForRequest(isListCall);
      await page.getByLabel("Status").selectOption("PAGO");
      expect(paramsOf(await call)).toEqual({
        idPontoAtendimento: pointId,
        dataInicio: first,
        dataFim: last,
        status: "PAGO",
        dataReferencia: "execucao",
      });
      const paid = await serverPayouts({ idPontoAtendimento: pointId, status: "PAGO" });
      expect(paid.data.length).toBeGreaterThan(0);
      await expectScreenEquals(page, paid);
      expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ ponto: pointId, inicio: first, fim: last, status: "PAGO" });

      call = page.waitForRequest(isListCall);
      await page.getByLabel("Status").selectOption("TODOS");
      expect(paramsOf(await call)).toEqual({ idPontoAtendimento: pointId, dataInicio: first, dataFim: last, dataReferencia: "execucao" });
      await expectScreenEquals(page, await serverPayouts({ idPontoAtendimento: pointId }));

      // The appointment's date instead of the execution's.
      call = page.waitForRequest(isListCall);
      await page.getByLabel("Data de referência").selectOption("agendamento");
      expect(paramsOf(await call)).toEqual({
        idPontoAtendimento: pointId,
        dataInicio: first,
        dataFim: last,
        dataReferencia: "agendamento",
      });
      await expectScreenEquals(page, await serverPayouts({ idPontoAtendimento: pointId, dataReferencia: "agendamento" }));
      expect(new URL(page.url()).searchParams.get("data")).toBe("agendamento");

      // Reload keeps the filters.
      await page.reload();
      await expect(page.getByLabel("Ponto de atendimento").inputValue()).resolves.toBe(pointId);
      await expect(page.getByLabel("Status").inputValue()).resolves.toBe("TODOS");
      await expect(page.getByLabel("Data de referência").inputValue()).resolves.toBe("agendamento");

      // A start after the end: the error under the dates; back returns to the valid period.
      await page.getByLabel("Data inicial").fill(addDays(last, 1));
      await page.getByRole("alert").filter({ hasText: "A data inicial não pode ser posterior à data final." }).waitFor();
      await expect(page.getByLabel("Data inicial").getAttribute("aria-invalid")).resolves.toBe("true");
      await page.goBack();
      await expect(page.getByLabel("Data inicial").inputValue()).resolves.toBe(first);

      await page.route("**/api/central/pagamentos?**", (r) =>
        r.fulfill({ status: 503, contentType: "application/json", body: '{"message":"Serviço indisponível"}' }),
      );
      await page.goto(`${base}/central/pagamentos?inicio=2001-01-01&fim=2001-01-31&status=TODOS`);
      const retry = page.getByRole("button", { name: "Tentar novamente" });
      await retry.waitFor({ timeout: 15_000 });
      await page.getByText("Erro ao carregar os pagamentos: Serviço indisponível").waitFor();
      await page.unroute("**/api/central/pagamentos?**");
      await retry.click();
      await page.getByText("Nenhum repasse encontrado para os filtros selecionados.").waitFor();
    });

    it("marks a pending payout paid today: PAGO here, 'S' on the point's espelho, its history; then undoes it", async () => {
      const page = await openPayments();
      const pending = await serverPayouts({ status: "PENDENTE" });
      await expectScreenEquals(page, pending);
      // Payable today (its situation): not held, executed by today, in no run.
      const target = pending.data.find((r) => r.IdPontoAtendimento === pointId && r.Situacao === "pagavel")!;
      expect(await espelhoFlag(target.IdFinanceiroEspelho)).toBe("N");

      // By keyboard: the row's labelled checkbox takes Space.
      const box = page.getByRole("checkbox", { name: `Selecionar ${rowName(target)} (${target.NomeFantasia})` });
      await box.focus();
      await page.keyboard.press("Space");
      await expect(box.isChecked()).resolves.toBe(true);
      await page
        .getByRole("status")
        .filter({ hasText: `1 selecionado · ${brl(target.ValorRepasse ?? 0)}` })
        .waitFor();

      await page.getByRole("button", { name: "Marcar como pago" }).click();
      const dialog = page.getByRole("dialog", { name: "Marcar como pago" });
      await dialog.waitFor();
      const date = dialog.getByLabel("Data do pagamento");
      await expect(date.inputValue()).resolves.toBe(today);
      await expect(date.getAttribute("max")).resolves.toBe(today);
      expect(spaces(await dialog.textContent())).toContain(`1 repasse selecionado, total de ${brl(target.ValorRepasse ?? 0)}.`);
      expect(await violations(page)).toEqual([]);
      // The reference is required: refused in the dialog before any call.
      await dialog.getByRole("button", { name: "Confirmar pagamento" }).click();
      await dialog.getByRole("alert").filter({ hasText: "Informe a referência do pagamento." }).waitFor();
      const reference = `E2E-TED-${mobile ? "M" : "D"}-${Date.now() % 100000}`;
      await dialog.getByLabel("Referência do pagamento").fill(reference);
      await dialog
        .getByLabel("Comprovante (opcional)")
        .setInputFiles({ name: "comprovante.pdf", mimeType: "application/pdf", buffer: PDF });
      expect(await violations(page)).toEqual([]);
      await dialog.getByRole("button", { name: "Confirmar pagamento" }).click();
      paidHere.add(target.IdFinanceiroEspelho);
      await page.getByText(`Pagamento registrado: 1 repasse no lote ${reference}.`).first().waitFor();
      await dialog.waitFor({ state: "detached" });
      // Pending only: the paid row has left the list, and nothing stays selected.
      await expect.poll(() => rowOf(page, target.IdFinanceiroEspelho).count()).toBe(0);
      await page.getByRole("status").filter({ hasText: "Nenhum repasse selecionado" }).waitFor();
      expect(await espelhoFlag(target.IdFinanceiroEspelho)).toBe("S");

      // The point's filter, all statuses: the row is PAGO, paid today.
      await page.getByLabel("Status").selectOption("TODOS");
      await expectScreenEquals(page, await serverPayouts({}));
      expect(spaces(await rowOf(page, target.IdFinanceiroEspelho).textContent())).toContain(`PAGO em ${br(today)} · Ref. ${reference}`);

      await page.getByRole("button", { name: `Histórico da ${rowName(target)}` }).click();
      const history = page.getByRole("dialog", { name: `Histórico da ${rowName(target)}` });
      await history.getByText("Pagamento registrado").first().waitFor();
      const newest = spaces(await history.locator("li").first().textContent());
      expect(newest).toContain("Pagamento registrado");
      expect(newest).toContain("Equipe Central (demonstração)");
      expect(newest).toContain(`Em${br(today)}`);
      expect(newest).toContain(`Data do pagamento: ${br(today)} · Referência: ${reference}`);
      expect(await violations(page)).toEqual([]);
      // Escape closes it, and the focus is back on its button.
      await page.keyboard.press("Escape");
      await history.waitFor({ state: "detached" });
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label")))
        .toBe(`Histórico da ${rowName(target)}`);

      // Its batch in 'Lotes pagos': the reference, one payout, the proof sent with the payment, downloaded back.
      const batches = page.getByRole("region", { name: "Lotes pagos" });
      const batchRow = batches
        .locator(mobile ? ".batches-cards > li" : ".batches-table tbody tr")
        .filter({ visible: true })
        .filter({ hasText: reference });
      await batchRow.waitFor();
      const batchText = spaces(await batchRow.textContent());
      expect(batchText).toContain(br(today));
      expect(batchText).toContain("1 repasse · 1 ponto");
      expect(batchText).toContain(brl(target.ValorRepasse ?? 0));
      expect(batchText).toContain("Equipe Central (demonstração)");
      let download = page.waitForEvent("download");
      await batchRow.getByRole("button", { name: `comprovante.pdf: baixar o comprovante do lote ${reference}` }).click();
      let file = await download;
      expect(file.suggestedFilename()).toBe("comprovante.pdf");
      expect(fs.readFileSync((await file.path())!).equals(PDF)).toBe(true);

      // Exported again after paying: the same transfer, from what it was paid to.
      await batchRow.getByRole("button", { name: `Exportar o lote ${reference} de novo` }).click();
      const again = page.getByRole("dialog", { name: `Exportar lote ${reference}` });
      await again.waitFor();
      expect(await violations(page)).toEqual([]);
      download = page.waitForEvent("download");
      await again.getByRole("button", { name: "Baixar arquivo" }).click();
      file = await download;
      expect(file.suggestedFilename()).toBe(`pagamentos-lote-${reference}-${today}.csv`);
      const lines = Papa.parse<string[]>(
        fs
          .readFileSync((await file.path())!)
          .toString("utf8")
          .slice(1),
        {
          delimiter: ";",
          skipEmptyLines: true,
        },
      ).data;
      expect(lines.map((l) => [l[0], l[11], l[12], l[13], l[14]])).toEqual([
        ["Ponto", "Qtde repasses", "Números OS", "IDs dos repasses", "Valor"],
        [
          target.NomeFantasia,
          "1",
          String(target.NumeroOS),
          target.IdFinanceiroEspelho,
          (target.ValorRepasse ?? 0).toFixed(2).replace(".", ","),
        ],
        ["TOTAL", "1", "", "", (target.ValorRepasse ?? 0).toFixed(2).replace(".", ",")],
      ]);

      // Undone from the row: its whole batch. A double click reports the undo once, and no failure.
      await page.getByRole("button", { name: `Desfazer pagamento da ${rowName(target)}` }).click();
      const undo = page.getByRole("dialog", { name: "Desfazer pagamento" });
      await undo.waitFor();
      await undo.getByText(`O lote ${reference} (1 repasse`).waitFor();
      expect(await violations(page)).toEqual([]);
      // The reason is required (it goes to the journal of money actions): without it, the dialog says so and sends nothing.
      await undo.getByRole("button", { name: "Desfazer pagamento" }).click();
      await undo.getByText("Informe o motivo para desfazer o pagamento.").waitFor();
      expect(await violations(page)).toEqual([]);
      await undo.getByLabel("Motivo (obrigatório)").fill("Referência do banco digitada errada");
      await undo.getByRole("button", { name: "Desfazer pagamento" }).dblclick();
      await page.getByText("Lote desfeito: 1 repasse voltou a ficar pendente.").first().waitFor();
      await undo.waitFor({ state: "detached" });
      expect(await page.getByText("Não foi possível desfazer").count()).toBe(0);
      paidHere.delete(target.IdFinanceiroEspelho);
      await expect.poll(async () => spaces(await rowOf(page, target.IdFinanceiroEspelho).textContent())).toContain(TAGS.pagavel);
      await expect.poll(async () => spaces(await batchRow.textContent())).toContain("DESFEITO");
      expect(await espelhoFlag(target.IdFinanceiroEspelho)).toBe("N");
    });

    it("offers no undo for an older payment (the server refuses it: tests/server/central.test.ts)", async () => {
      const page = await openPayments(`${PERIOD}&status=PAGO`);
      const paid = await serverPayouts({ status: "PAGO" });
      await expectScreenEquals(page, paid);
      // The seed's paid payouts were paid when their orders finished, not by a central action today.
      const old = paid.data.find((r) => !r.PodeDesfazer)!;
      await page.getByRole("button", { name: `Histórico da ${rowName(old)}` }).waitFor();
      expect(await page.getByRole("button", { name: `Desfazer pagamento da ${rowName(old)}` }).count()).toBe(0);
      expect(await violations(page)).toEqual([]);
    });

    it("Exportar writes one transfer per beneficiary as the CSV (BOM, ';', decimal comma, ids, total); no bank file here", async () => {
      const page = await openPayments();
      const pending = await serverPayouts({ status: "PENDENTE" });
      await expectScreenEquals(page, pending);
      // The other point has no bank data: its rows are held, so 'Selecionar todos' takes the payable rows only.
      const payable = pending.data.filter((r) => r.Situacao === "pagavel");
      const held = pending.data.filter((r) => r.Situacao === "retido");
      expect(payable.length).toBeGreaterThanOrEqual(2);
      expect(held.length).toBeGreaterThan(0);
      await page.getByLabel("Selecionar todos").check();
      const all = Math.round(payable.reduce((n, r) => n + (r.ValorRepasse ?? 0), 0) * 100) / 100;
      await page
        .getByRole("status")
        .filter({ hasText: `${payable.length} selecionados · ${brl(all)}` })
        .waitFor();
      for (const r of held) {
        await expect(page.getByRole("checkbox", { name: `Selecionar ${rowName(r)} (${r.NomeFantasia})` }).isChecked()).resolves.toBe(false);
      }
      // One row left out of the batch.
      const [left, ...batch] = payable;
      await page.getByRole("checkbox", { name: `Selecionar ${rowName(left)} (${left.NomeFantasia})` }).uncheck();
      await expect(page.getByLabel("Selecionar todos").evaluate((el: HTMLInputElement) => el.indeterminate)).resolves.toBe(true);

      // The transfers computed here: the batch's rows grouped by point, in the order they first appear.
      const points = [...new Set(batch.map((r) => r.IdPontoAtendimento))];
      const groups = points.map((id) => batch.filter((r) => r.IdPontoAtendimento === id));
      const cents = (list: Payout[]) => list.reduce((n, r) => n + Math.round((r.ValorRepasse ?? 0) * 100), 0);
      const comma = (c: number) => (c / 100).toFixed(2).replace(".", ",");

      await page.getByRole("button", { name: "Exportar", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Exportar lote" });
      await dialog.waitFor();
      expect(spaces(await dialog.textContent())).toContain(
        `${groups.length} ${groups.length === 1 ? "transferência" : "transferências"} (${batch.length} ${batch.length === 1 ? "repasse" : "repasses"}), total de ${brl(cents(batch) / 100)}.`,
      );
      expect(await violations(page)).toEqual([]);
      const download = page.waitForEvent("download");
      await dialog.getByRole("button", { name: "Baixar arquivo" }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe(`pagamentos-lote-${today}.csv`);
      const bytes = fs.readFileSync((await file.path())!);
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = bytes.toString("utf8").slice(1);
      expect(text.split("\r\n")[0]).toBe(
        "Ponto;Razão social;CNPJ;Titular;Documento do titular;Banco;Agência;Conta;Tipo de conta;Tipo de chave PIX;Chave PIX;Qtde repasses;Números OS;IDs dos repasses;Valor",
      );
      const parsed = Papa.parse<string[]>(text, { delimiter: ";", skipEmptyLines: true });
      expect(parsed.errors).toEqual([]);
      const [, ...data] = parsed.data;
      const KEY_TYPES: Record<string, string> = {
        CPF: "CPF",
        CNPJ: "CNPJ",
        EMAIL: "E-mail",
        TELEFONE: "Telefone",
        CHAVE_ALEATORIA: "Chave aleatória",
      };
      const doc = (d: string | null) => (d && /^\d{14}$/.test(d) ? cnpj(d) : (d ?? ""));
      expect(data).toEqual([
        ...groups.map((g) => {
          const r = g[0];
          return [
            r.NomeFantasia,
            r.RazaoSocial,
            cnpj(r.Cnpj),
            r.NomeTitular ?? "",
            doc(r.DocumentoTitular),
            r.Banco ?? "",
            r.Agencia ?? "",
            r.Conta ?? "",
            r.TipoConta ? { CORRENTE: "Corrente", POUPANCA: "Poupança" }[r.TipoConta] : "",
            r.TipoChavePix ? KEY_TYPES[r.TipoChavePix] : "",
            r.TipoChavePix === "CNPJ" ? doc(r.ChavePix) : (r.ChavePix ?? ""),
            String(g.length),
            [...new Set(g.map((x) => x.NumeroOS))].join(", "),
            g.map((x) => x.IdFinanceiroEspelho).join(" "),
            comma(cents(g)),
          ];
        }),
        [
          "TOTAL",
          `${groups.length} ${groups.length === 1 ? "transferência" : "transferências"}`,
          "",
          "",
          "",
          "",
          "",
          "",
          "",
          "",
          "",
          String(batch.length),
          "",
          "",
          comma(cents(batch)),
        ],
      ]);
      await page.getByText(`${groups.length} ${groups.length === 1 ? "transferência exportada" : "transferências exportadas"}.`).waitFor();

      // The bank's file (CNAB 240) is written by the server for a payment run (issue 49): the dialog offers the CSV only.
      await page.getByRole("button", { name: "Exportar", exact: true }).click();
      await dialog.waitFor();
      expect(await dialog.getByText("Remessa CNAB 240").count()).toBe(0);
      expect(await dialog.locator("input").count()).toBe(0);
      await dialog.getByText("O arquivo do banco (CNAB 240) é gerado pelo servidor, numa remessa").waitFor();
      await dialog.getByRole("button", { name: "Cancelar" }).click();
      await dialog.waitFor({ state: "detached" });
      // The export changes nothing: the rows are still pending.
      expect((await serverPayouts({ status: "PENDENTE" })).data.length).toBe(pending.data.length);
    });
  });
}
