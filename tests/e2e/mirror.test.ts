// Espelho Financeiro end to end (built app, real server, real Chromium, desktop and Pixel 7): defaults (this month in Brasília,
// PENDENTE), indicator cards and rows equal to the server's /espelho/lista re-read with the same filters, filters that reload (URL,
// empty range, reversed range), Atualizar, the error state, the details modal's fields, the CSV download parsed back (BOM, ';',
// decimal comma, dd/MM/yyyy) against the rows on screen, and axe on the page and the modal; the row's 'Documento' is the client's
// CPF; a payout the central paid (through the API, with a reference and a proof) shows the date, the reference and the proof to
// download, and the payment is undone afterwards: the file leaves the data as it found it.
import fs from "node:fs";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, BrowserContext, Page, Request } from "playwright-core";
import { addDays, apiCall, apiToken, brasiliaToday, DESKTOP, launch, MOBILE, openSignedIn, violations } from "./browser";
import { CENTRAL, releasePayouts } from "./payee";
import type { EspelhoRow } from "../../src/features/espelho/api/espelho";

const base = inject("baseUrl");
let browser: Browser;
let token = "";
let pointId = "";

type Row = EspelhoRow;
const api = <T>(p: string, body?: unknown) => apiCall<T>(base, token, p, body);
const serverRows = (from: string, to: string, flag?: "S" | "N") =>
  api<Row[]>("/espelho/lista", { idPontoAtendimento: pointId, dataInicio: from, dataFim: to, ...(flag ? { pagamentoFeito: flag } : {}) });

const today = brasiliaToday();
/** The screen's default period: this month in Brasília. */
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
const query = (from: string, to: string, status: string) => `?inicio=${from}&fim=${to}&status=${status}`;

// Expected texts computed here, independently of the app's code.
const spaces = (s: string | null) => (s ?? "").replace(/\s+/g, " ").trim();
const brl = (n: number) => spaces(new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" }).format(n));
const value = (r: Row) => r.ValorRepasse ?? 0;
const comma = (n: number) => n.toFixed(2).replace(".", ",");
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** "Nov  8 2025  9:05PM" -> "08/11/2025" or "08/11/2025 21:05". */
function legacy(text: string | null, withTime = false): string {
  const m = /^([A-Z][a-z]{2}) +(\d{1,2}) (\d{4}) +(\d{1,2}):(\d{2})(AM|PM)$/.exec((text ?? "").trim());
  if (!m) throw new Error(`not legacy date text: ${text}`);
  const day = `${m[2].padStart(2, "0")}/${String(MONTHS.indexOf(m[1]) + 1).padStart(2, "0")}/${m[3]}`;
  const hour = (Number(m[4]) % 12) + (m[6] === "PM" ? 12 : 0);
  return withTime ? `${day} ${String(hour).padStart(2, "0")}:${m[5]}` : day;
}
const cnpj = (d: string) => d.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, "$1.$2.$3/$4-$5");
/** The client's CPF as the row shows it: 000.000.000-00 whatever punctuation it was recorded with. */
const cpf = (d: string | null) => (d ?? "").replace(/\D/g, "").replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, "$1.$2.$3-$4");
const plate = (p: string) => (/^[A-Z]{3}\d{4}$/.test(p) ? `${p.slice(0, 3)}-${p.slice(3)}` : p);
const status = (r: Row) => (r.PagamentoFeito === "S" ? "PAGO" : "PENDENTE");
function totals(rows: Row[]) {
  const received = rows.filter((r) => r.PagamentoFeito === "S").reduce((s, r) => s + value(r), 0);
  const pending = rows.filter((r) => r.PagamentoFeito !== "S").reduce((s, r) => s + value(r), 0);
  return { received, pending, average: rows.length ? (received + pending) / rows.length : 0 };
}

beforeAll(async () => {
  browser = await launch();
  token = await apiToken(base);
  pointId = (await api<{ data: { IdPontoAtendimento: string } }>("/credenciado/get")).data.IdPontoAtendimento;
});
afterAll(() => browser?.close());

const openMirror = (ctx: BrowserContext, q = ""): Promise<Page> =>
  openSignedIn(ctx, `${base}/espelho${q}`, (page) => page.getByRole("heading", { name: "Espelho Financeiro", level: 1 }));
const isMirrorCall = (r: Request) => r.method() === "POST" && new URL(r.url()).pathname.endsWith("/api/espelho/lista");
const bodyOf = (r: Request) => JSON.parse(r.postData() ?? "{}") as Record<string, unknown>;

for (const [name, options, mobile] of [
  ["desktop", DESKTOP, false],
  ["Pixel 7", MOBILE, true],
] as const) {
  describe(`mirror on ${name}`, () => {
    let ctx: BrowserContext;
    beforeAll(async () => {
      ctx = await browser.newContext({ ...options, acceptDownloads: true, bypassCSP: true });
    });
    afterAll(() => ctx?.close());

    /** The rows the viewport shows (cards on a phone, the table on desktop), in order. */
    const visibleRows = (page: Page) => page.locator(mobile ? ".mirror-cards > li" : ".mirror-table tbody tr").filter({ visible: true });
    async function expectScreenEquals(page: Page, rows: Row[]) {
      if (rows.length === 0) {
        await page.getByText("Nenhum registro encontrado para os filtros selecionados.").waitFor();
      } else {
        await expect
          .poll(() => visibleRows(page).evaluateAll((els) => els.map((e) => e.getAttribute("data-id"))), { timeout: 10_000 })
          .toEqual(rows.map((r) => r.IdFinanceiroEspelho));
        const texts = (await visibleRows(page).allTextContents()).map(spaces);
        rows.forEach((r, i) => {
          expect(texts[i]).toContain(String(r.NumeroOS));
          expect(texts[i]).toContain(status(r));
          expect(texts[i]).toContain(r.SocioNome);
          // 'Documento' is the client's CPF, not the point's own CNPJ.
          expect(texts[i]).toContain(cpf(r.SocioCpf));
          expect(texts[i]).not.toContain(cnpj(r.Cnpj));
          expect(texts[i]).toContain(r.NomeServico);
          expect(texts[i]).toContain(brl(value(r)));
          // NOVO on pending rows only.
          expect(texts[i].includes("NOVO")).toBe(r.PagamentoFeito !== "S");
        });
      }
      const t = totals(rows);
      const card = async (label: string) => spaces(await page.getByRole("region", { name: label }).textContent());
      await expect.poll(() => card("Total Recebido")).toBe(`Total Recebido${brl(t.received)}`);
      expect(await card("Total Pendente")).toBe(`Total Pendente${brl(t.pending)}`);
      expect(await card("Ticket Médio")).toBe(`Ticket Médio${brl(t.average)}`);
    }

    it("defaults to this month in Brasília and PENDENTE; cards and rows equal the server's; axe finds nothing", async () => {
      const call = ctx.waitForEvent("request", { predicate: isMirrorCall, timeout: 20_000 });
      const page = await openMirror(ctx);
      expect(bodyOf(await call)).toEqual({ idPontoAtendimento: pointId, dataInicio: monthFirst, dataFim: monthLast, pagamentoFeito: "N" });
      await expect(page.getByLabel("Data Início").inputValue()).resolves.toBe(monthFirst);
      await expect(page.getByLabel("Data Final").inputValue()).resolves.toBe(monthLast);
      await expect(page.getByLabel("Status").inputValue()).resolves.toBe("PENDENTE");
      // Whatever this month holds (none of the seed's orders early in a month): the screen shows the server's rows.
      await expectScreenEquals(page, await serverRows(monthFirst, monthLast, "N"));
      expect(await violations(page)).toEqual([]);
    });

    it("reloads on every filter change (status, period), keeps the filters in the URL, refuses a reversed period", async () => {
      const page = await openMirror(ctx, query(first, last, "PENDENTE"));
      await visibleRows(page).first().waitFor();

      let call = page.waitForRequest(isMirrorCall);
      await page.getByLabel("Status").selectOption("TODOS");
      expect(bodyOf(await call)).toEqual({ idPontoAtendimento: pointId, dataInicio: first, dataFim: last });
      const all = await serverRows(first, last);
      expect(all.some((r) => r.PagamentoFeito === "S")).toBe(true);
      await expectScreenEquals(page, all);
      expect(new URL(page.url()).searchParams.get("status")).toBe("TODOS");

      call = page.waitForRequest(isMirrorCall);
      await page.getByLabel("Status").selectOption("PAGO");
      expect(bodyOf(await call)).toMatchObject({ pagamentoFeito: "S" });
      await expectScreenEquals(page, await serverRows(first, last, "S"));

      // Reload keeps the filters; the server's answer is the same.
      await page.reload();
      await expect(page.getByLabel("Status").inputValue()).resolves.toBe("PAGO");
      await expectScreenEquals(page, await serverRows(first, last, "S"));

      call = page.waitForRequest((r) => isMirrorCall(r) && bodyOf(r).dataInicio === "2001-01-01");
      await page.getByLabel("Data Início").fill("2001-01-01");
      await call;
      call = page.waitForRequest((r) => isMirrorCall(r) && bodyOf(r).dataFim === "2001-01-31");
      await page.getByLabel("Data Final").fill("2001-01-31");
      expect(bodyOf(await call)).toEqual({
        idPontoAtendimento: pointId,
        dataInicio: "2001-01-01",
        dataFim: "2001-01-31",
        pagamentoFeito: "S",
      });
      expect(await serverRows("2001-01-01", "2001-01-31", "S")).toEqual([]);
      await expectScreenEquals(page, []);

      // With no rows, Exportar says so and downloads nothing.
      let downloads = 0;
      page.on("download", () => downloads++);
      await page.getByRole("button", { name: "Exportar" }).click();
      await page.getByText("Não há dados para exportar.").waitFor();
      expect(downloads).toBe(0);

      // A start after the end: the error under the dates, no call for it.
      let reversedCalls = 0;
      page.on("request", (r) => {
        if (isMirrorCall(r) && bodyOf(r).dataInicio === "2001-02-15") reversedCalls++;
      });
      await page.getByLabel("Data Início").fill("2001-02-15");
      await page.getByRole("alert").filter({ hasText: "A data inicial não pode ser posterior à data final." }).waitFor();
      await expect(page.getByLabel("Data Início").getAttribute("aria-invalid")).resolves.toBe("true");
      expect(reversedCalls).toBe(0);

      // Back in history returns to the previous (valid) period.
      await page.goBack();
      await expect(page.getByLabel("Data Início").inputValue()).resolves.toBe("2001-01-01");
      await expect(page.getByText("A data inicial não pode ser posterior à data final.").count()).resolves.toBe(0);
    });

    it("Atualizar asks the server again with the same filters; a failed load shows the error and a working retry", async () => {
      const page = await openMirror(ctx, query(first, last, "TODOS"));
      await visibleRows(page).first().waitFor();
      const call = page.waitForRequest(isMirrorCall);
      await page.getByRole("button", { name: "Atualizar" }).click();
      expect(bodyOf(await call)).toEqual({ idPontoAtendimento: pointId, dataInicio: first, dataFim: last });
      await expectScreenEquals(page, await serverRows(first, last));

      await page.route("**/api/espelho/lista", (r) =>
        r.fulfill({ status: 503, contentType: "application/json", body: '{"message":"Serviço indisponível"}' }),
      );
      await page.goto(`${base}/espelho${query(first, addDay(first), "TODOS")}`);
      const retry = page.getByRole("button", { name: "Tentar novamente" });
      await retry.waitFor({ timeout: 15_000 });
      await page.getByText("Erro ao carregar o espelho financeiro: Serviço indisponível").waitFor();
      await page.unroute("**/api/espelho/lista");
      await retry.click();
      await expectScreenEquals(page, await serverRows(first, addDay(first)));
    });

    it("'Ver Detalhes' shows every field of the transaction; axe finds nothing with the modal open", async () => {
      const page = await openMirror(ctx, query(first, last, "TODOS"));
      const rows = await serverRows(first, last);
      await expectScreenEquals(page, rows);
      // A paid one and an unpaid one.
      for (const r of [rows.find((x) => x.PagamentoFeito === "S")!, rows.find((x) => x.PagamentoFeito === "N")!]) {
        await page
          .getByRole("button", { name: `Ver Detalhes da OS #${r.NumeroOS}, ${r.NomeServico}` })
          .filter({ visible: true })
          .click();
        const dialog = page.getByRole("dialog", { name: "Detalhes da Transação" });
        await dialog.waitFor();
        const fields = await dialog
          .locator("dl > dt")
          .evaluateAll((dts) =>
            Object.fromEntries(
              dts.map((dt) => [dt.textContent ?? "", (dt.nextElementSibling?.textContent ?? "").replace(/\s+/g, " ").trim()]),
            ),
          );
        expect(fields).toEqual({
          "Status do pagamento": status(r),
          "Número da OS": String(r.NumeroOS),
          Cliente: r.SocioNome,
          "CPF do cliente": cpf(r.SocioCpf),
          Placa: plate(r.VeiculoPlaca || r.Placa),
          Serviço: r.NomeServico,
          "Data do agendamento": legacy(r.DataAgendamento),
          "Data de execução": r.DataExecucaoOS ? legacy(r.DataExecucaoOS, true) : "Não informado",
          "Valor do repasse": brl(value(r)),
          "Código do espelho": r.CodigoEspelho,
          "Tipo de comissão": r.TipoComissao,
          Descrição: r.Descricao,
          "Razão social": r.RazaoSocial,
          CNPJ: cnpj(r.Cnpj),
          Matrícula: r.Matricula?.trim() || "Não informado",
          ...(r.PagamentoFeito === "S"
            ? {
                "Data do pagamento": r.DataPagamento?.slice(0, 10) ?? "Não informado",
                "Referência do pagamento": r.ReferenciaPagamento ?? "Não informado",
                Comprovante: r.ComprovantePagamento ? `Baixar ${r.ComprovantePagamento}` : "Não informado",
              }
            : {}),
        });
        expect(await violations(page)).toEqual([]);
        await dialog.getByRole("button", { name: "Fechar", exact: true }).last().click();
        await dialog.waitFor({ state: "detached" });
      }
    });

    it("Exportar downloads today's CSV: BOM, ';', decimal comma, dd/MM/yyyy, the spec's columns, the rows on screen", async () => {
      const page = await openMirror(ctx, query(first, last, "TODOS"));
      const rows = await serverRows(first, last);
      await expectScreenEquals(page, rows);
      const onScreen = await visibleRows(page).evaluateAll((els) => els.map((e) => e.getAttribute("data-id")));

      const download = page.waitForEvent("download");
      await page.getByRole("button", { name: "Exportar" }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe(`espelho-financeiro-${today}.csv`);
      const bytes = fs.readFileSync((await file.path())!);
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = bytes.toString("utf8").slice(1);
      const lines = text.split("\r\n");
      expect(lines[0]).toBe(
        "Número OS;Status Pagamento;Cliente;CNPJ;Placa;Data Agendamento;Data Execução;Serviço;Valor Repasse;Código Espelho;Tipo Comissão;Descrição;Matrícula;Razão Social;CPF Cliente;Data Pagamento;Referência Pagamento",
      );
      const parsed = Papa.parse<string[]>(text, { delimiter: ";", skipEmptyLines: true });
      expect(parsed.errors).toEqual([]);
      const [, ...data] = parsed.data;
      expect(data).toHaveLength(onScreen.length);
      expect(data.map((d) => rows.find((r) => String(r.NumeroOS) === d[0] && r.NomeServico === d[7])?.IdFinanceiroEspelho)).toEqual(
        onScreen,
      );
      data.forEach((d, i) => {
        const r = rows[i];
        expect(d).toEqual([
          String(r.NumeroOS),
          status(r),
          r.SocioNome,
          cnpj(r.Cnpj),
          plate(r.VeiculoPlaca || r.Placa),
          legacy(r.DataAgendamento),
          r.DataExecucaoOS ? legacy(r.DataExecucaoOS) : "",
          r.NomeServico,
          comma(value(r)),
          r.CodigoEspelho,
          r.TipoComissao,
          r.Descricao,
          r.Matricula ?? "",
          r.RazaoSocial,
          cpf(r.SocioCpf),
          r.PagamentoFeito === "S" ? (r.DataPagamento?.slice(0, 10) ?? "") : "",
          r.PagamentoFeito === "S" ? (r.ReferenciaPagamento ?? "") : "",
        ]);
        expect(d[5]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
        expect(d[8]).toMatch(/^\d+,\d{2}$/);
      });
      await page.getByText(`${rows.length} registro${rows.length === 1 ? "" : "s"} exportado${rows.length === 1 ? "" : "s"}.`).waitFor();
    });

    it("a payout the central paid shows the date, the reference and the proof, which the point downloads", async () => {
      const central = await apiToken(base, CENTRAL);
      await releasePayouts(base, pointId, central);
      type Listing = {
        data: {
          IdFinanceiroEspelho: string;
          IdPontoAtendimento: string;
          Retido: boolean;
          PagamentoFeito: string;
          DataExecucao: string | null;
        }[];
      };
      const listing = await apiCall<Listing>(
        base,
        central,
        `/central/pagamentos?${new URLSearchParams({ idPontoAtendimento: pointId, dataInicio: first, dataFim: last, status: "PENDENTE" })}`,
      );
      const target = listing.data.find((r) => !r.Retido && (r.DataExecucao ?? "") <= today)!;
      expect(target).toBeDefined();
      const reference = `E2E-ESPELHO-${mobile ? "M" : "D"}`;
      const paid = await apiCall<{ idLote: string }>(base, central, "/central/pagamentos/pagar", {
        ids: [target.IdFinanceiroEspelho],
        dataPagamento: today,
        referencia: reference,
      });
      try {
        const form = new FormData();
        const pdf = "%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n";
        form.append("file", new Blob([pdf], { type: "application/pdf" }), "comprovante-ted.pdf");
        const sent = await fetch(`${base}/api/central/pagamentos/lotes/${paid.idLote}/comprovante`, {
          method: "POST",
          headers: { authToken: central },
          body: form,
        });
        expect(sent.status).toBe(200);

        const page = await openMirror(ctx, query(first, last, "PAGO"));
        const rows = await serverRows(first, last, "S");
        await expectScreenEquals(page, rows);
        const row = rows.find((r) => r.IdFinanceiroEspelho === target.IdFinanceiroEspelho)!;
        expect([row.ReferenciaPagamento, row.ComprovantePagamento]).toEqual([reference, "comprovante-ted.pdf"]);
        const text = spaces(
          await visibleRows(page)
            .and(page.locator(`[data-id="${row.IdFinanceiroEspelho}"]`))
            .textContent(),
        );
        expect(text).toContain(`${today.split("-").reverse().join("/")} · Ref. ${reference}`);

        await page
          .getByRole("button", { name: `Ver Detalhes da OS #${row.NumeroOS}, ${row.NomeServico}` })
          .filter({ visible: true })
          .click();
        const dialog = page.getByRole("dialog", { name: "Detalhes da Transação" });
        await dialog.waitFor();
        const download = page.waitForEvent("download");
        await dialog.getByRole("button", { name: "Baixar comprovante-ted.pdf" }).click();
        const file = await download;
        expect(file.suggestedFilename()).toBe("comprovante-ted.pdf");
        expect(fs.readFileSync((await file.path())!).toString("latin1")).toBe(pdf);
        expect(await violations(page)).toEqual([]);
      } finally {
        await apiCall(base, central, `/central/pagamentos/lotes/${paid.idLote}/desfazer`, { motivo: "Registrado por engano" });
      }
    });
  });
}

function addDay(iso: string) {
  return new Date(Date.parse(`${iso}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}
