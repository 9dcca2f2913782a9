// Payment runs end to end (issue 49; built app, real server, real Chromium, desktop): the central user selects one payable
// payout of the demo point on Pagamentos, makes a run of it from the seeded paying account ("Nova remessa"), generates its
// CNAB 240 file (downloaded: the demo account's bank code and the next NSA in its header, the run's "seu número" in its
// segment A), marks it sent, and imports the bank's return REJECTING the transfer: the payout is payable again with the bank's
// reason. A second run of the same payout goes the same way and its return PAYS it: PAGO, with the bank's number as the point's
// reference on its own espelho. The journal lists the runs' steps. Axe on the run's page and each dialog. The return files are
// built from the downloaded remessa by src/domain/cnab240-return.ts (tests/unit/cnab240-return.test.ts reads them back).
// This file pays one demo payout through the bank (no undo exists for that: the money left), so it picks a payout of the
// demo point and leaves the others as they were.
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { addDays, apiCall, apiToken, brasiliaToday, demoPoint, DESKTOP, launch, signIn, violations } from "./browser";
import { CENTRAL, releasePayouts } from "./payee";
import { cnabReturnFrom } from "../../src/domain/cnab240-return";
import type { Payout, PayoutTotals } from "../../src/features/central/api/central";
import type { EspelhoRow } from "../../src/features/espelho/api/espelho";

const base = inject("baseUrl");
let browser: Browser;
let ctx: BrowserContext;
let page: Page;
let centralToken = "";
let pointToken = "";
let pointId = "";
const today = brasiliaToday();
const first = addDays(today, -60);
const last = addDays(today, 60);
const at = (line: string, from: number, to: number) => line.slice(from - 1, to);
const br = (iso: string) => iso.split("-").reverse().join("/");

type Listing = { data: Payout[]; totais: PayoutTotals };
const payoutOf = async (id: string) =>
  (
    await apiCall<Listing>(
      base,
      centralToken,
      `/central/pagamentos?${new URLSearchParams({ dataInicio: first, dataFim: last, idPontoAtendimento: pointId })}`,
    )
  ).data.find((r) => r.IdFinanceiroEspelho === id)!;

beforeAll(async () => {
  browser = await launch();
  centralToken = await apiToken(base, CENTRAL);
  ({ token: pointToken, pointId } = await demoPoint(base));
  // Another file may have changed the demo point's bank data: its payouts are held until the central confirms it.
  await releasePayouts(base, pointId, centralToken);
  ctx = await browser.newContext({ ...DESKTOP, acceptDownloads: true, bypassCSP: true });
  page = await ctx.newPage();
  await page.goto(`${base}/login`);
  await signIn(page, CENTRAL.email, CENTRAL.password);
  await page.waitForURL(/\/central\//);
});
afterAll(async () => {
  await ctx?.close();
  await browser?.close();
});

/** Selects the payout on the list (its labelled checkbox) and makes a run of it with the demo paying account; the run's number. */
async function makeRun(payout: Payout): Promise<number> {
  await page.goto(`${base}/central/pagamentos?inicio=${first}&fim=${last}&ponto=${pointId}`);
  await page.getByRole("heading", { name: "Pagamentos", level: 1 }).waitFor();
  const box = page.getByRole("checkbox", { name: `Selecionar OS ${payout.NumeroOS} — ${payout.NomeServico} (${payout.NomeFantasia})` });
  await box.first().check();
  await page.getByRole("button", { name: "Nova remessa" }).click();
  const dialog = page.getByRole("dialog", { name: "Nova remessa" });
  await dialog.waitFor();
  const account = dialog.getByLabel("Conta pagadora");
  const demo = account.locator("option", { hasText: "Banco do Brasil - pagamentos" });
  await demo.waitFor({ state: "attached" });
  await account.selectOption((await demo.getAttribute("value"))!);
  expect(await violations(page)).toEqual([]);
  await dialog.getByRole("button", { name: "Criar remessa" }).click();
  const heading = page.getByRole("heading", { name: /^Remessa \d+$/ });
  await heading.waitFor({ timeout: 15_000 });
  return Number((await heading.textContent())!.replace(/\D/g, ""));
}

/** "Gerar arquivo": the remessa downloaded, its text. */
async function generate(): Promise<string> {
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Gerar arquivo" }).click();
  const file = await download;
  return fs.readFileSync((await file.path())!, "latin1");
}

async function markSent() {
  await page.getByRole("button", { name: "Marcar como enviada ao banco" }).click();
  const dialog = page.getByRole("dialog", { name: "Marcar como enviada ao banco" });
  await dialog.waitFor();
  expect(await violations(page)).toEqual([]);
  await dialog.getByRole("button", { name: "Marcar como enviada" }).click();
  await page.getByText(/marcada como enviada ao banco/).waitFor();
}

/** "Importar retorno do banco" with the return file's text; the dialog, left open on its result. */
async function importReturn(text: string) {
  await page.getByRole("button", { name: "Importar retorno do banco" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Importar retorno do banco" });
  await dialog.waitFor();
  await dialog
    .getByLabel("Arquivo de retorno (CNAB 240)")
    .setInputFiles({ name: "RETORNO.RET", mimeType: "text/plain", buffer: Buffer.from(text, "latin1") });
  await dialog.getByRole("button", { name: "Importar", exact: true }).click();
  await dialog.getByText(/^Retorno importado:/).waitFor({ timeout: 15_000 });
  expect(await violations(page)).toEqual([]);
  return dialog;
}

describe("payment runs on desktop", () => {
  let payout: Payout;
  it("a run's return rejects the transfer: the payout is payable again, with the bank's reason", async () => {
    const list = await apiCall<Listing>(
      base,
      centralToken,
      `/central/pagamentos?${new URLSearchParams({ dataInicio: first, dataFim: last, idPontoAtendimento: pointId, situacao: "pagavel" })}`,
    );
    expect(list.data.length).toBeGreaterThan(0);
    payout = list.data[0]!;
    const nsaBefore = (
      await apiCall<{ data: { UltimoNsa: number; CodigoBanco: string }[] }>(base, centralToken, "/central/pagamentos/contas-pagadoras")
    ).data[0]!;

    const number = await makeRun(payout);
    await page.getByText("RASCUNHO").first().waitFor();
    expect(await violations(page)).toEqual([]);
    expect((await payoutOf(payout.IdFinanceiroEspelho)).Situacao).toBe("em_remessa");

    const remessa = await generate();
    const lines = remessa.split("\r\n").filter(Boolean);
    expect(lines.every((l) => l.length === 240)).toBe(true);
    expect([at(lines[0]!, 1, 3), Number(at(lines[0]!, 158, 163))]).toEqual([nsaBefore.CodigoBanco, nsaBefore.UltimoNsa + 1]);
    const yourNumber = at(
      lines.find((l) => at(l, 8, 8) === "3" && at(l, 14, 14) === "A")!,
      74,
      93,
    ).trim();
    expect(yourNumber).toBe(`R${String(number).padStart(6, "0")}-001`);
    await page.getByText(`NSA`).first().waitFor();

    await markSent();
    const dialog = await importReturn(cnabReturnFrom(remessa, () => ({ occurrences: ["AP"] })));
    await dialog.getByText("Transferências rejeitadas").waitFor();
    await dialog.getByRole("button", { name: "Fechar" }).first().click();
    await page.getByText("REJEITADA").first().waitFor();

    const back = await payoutOf(payout.IdFinanceiroEspelho);
    expect(back).toMatchObject({ Situacao: "pagavel", PagamentoFeito: "N", IdRemessa: null });
    expect(back.MotivoRejeicao).toMatch(/^AP/);
    // The list says why, on its row.
    await page.goto(`${base}/central/pagamentos?inicio=${first}&fim=${last}&ponto=${pointId}`);
    await page
      .locator(`[data-id="${payout.IdFinanceiroEspelho}"]`)
      .filter({ visible: true })
      .getByText(/Rejeitado pelo banco: AP/)
      .waitFor();
  });

  it("a second run of it is paid by the bank's return: PAGO here, the bank's number as the point's reference, the journal", async () => {
    const number = await makeRun(payout);
    const remessa = await generate();
    await markSent();
    const dialog = await importReturn(cnabReturnFrom(remessa, () => ({ bankNumber: "BB0000E2E01", effectiveDate: today })));
    await dialog.getByText("Transferências pagas").waitFor();
    await dialog.getByRole("button", { name: "Fechar" }).first().click();
    await page.getByText("PAGA", { exact: true }).first().waitFor();
    await page.getByText("RETORNO IMPORTADO").first().waitFor();

    const paid = await payoutOf(payout.IdFinanceiroEspelho);
    expect(paid).toMatchObject({
      Situacao: "pago",
      PagamentoFeito: "S",
      DataPagamento: today,
      ReferenciaPagamento: "BB0000E2E01",
      NumeroRemessa: number,
    });
    // The point's own espelho: paid, with its own reference.
    const espelho = await apiCall<EspelhoRow[]>(base, pointToken, "/espelho/lista", {
      idPontoAtendimento: pointId,
      dataInicio: first,
      dataFim: last,
    });
    const row = espelho.find((r) => r.IdFinanceiroEspelho === payout.IdFinanceiroEspelho)!;
    expect([row.PagamentoFeito, row.ReferenciaPagamento, row.DataPagamento?.slice(0, 10)]).toEqual(["S", "BB0000E2E01", br(today)]);

    // The journal, filtered by this run: its steps in Portuguese.
    await page.goto(`${base}/central/pagamentos?ver=diario`);
    await page.getByRole("heading", { name: "Diário financeiro" }).waitFor();
    for (const act of ["Remessa criada", "Remessa enviada ao banco", "Retorno importado"]) await page.getByText(act).first().waitFor();
    expect(await violations(page)).toEqual([]);
  });
});
