// The central's bank batch (features/central/payments-export.ts): one transfer per beneficiary with its OS numbers, ids and sum,
// a total line, and never a held payout nor a paid one, whatever rows it is given: the screen does not let them be selected,
// and the file refuses them too; a paid batch again uses what it was paid to (browser tests, real Chromium).
import { describe, expect, it } from "vitest";
import Papa from "papaparse";
import { paymentsCsv } from "../../src/features/central/payments-export";
import { transfersOf } from "../../src/features/central/payment-transfers";
import { payout } from "./central-payments-fixtures";

const parse = (text: string) => Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { delimiter: ";", skipEmptyLines: true }).data;

describe("payments batch CSV", () => {
  it("writes one transfer per beneficiary (OS numbers, ids, sum) of the payable rows only, and a total line", () => {
    const rows = [
      payout("10"),
      payout("11", { Retido: true, Situacao: "retido", MotivoRetencao: "Dados de pagamento alterados em 27/11/2026 às 10:15: …" }),
      payout("12", { PagamentoFeito: "S", Situacao: "pago", DataPagamento: "2026-11-20" }),
      payout("13", { ValorRepasse: 95.5 }),
      // Neither a payout executed after the payment date nor one already in a run is part of a new batch.
      payout("14", { Situacao: "aguardando_execucao", DataExecucao: "2026-12-01" }),
      payout("15", { Situacao: "em_remessa", IdRemessa: "r1", NumeroRemessa: 3 }),
      payout("20", { IdPontoAtendimento: "p2", NomeFantasia: "Oficina Serra Azul", ValorRepasse: 10.1 }),
    ];
    const [header, ...data] = parse(paymentsCsv(transfersOf(rows)));
    expect(header).toEqual([
      "Ponto",
      "Razão social",
      "CNPJ",
      "Titular",
      "Documento do titular",
      "Banco",
      "Agência",
      "Conta",
      "Tipo de conta",
      "Tipo de chave PIX",
      "Chave PIX",
      "Qtde repasses",
      "Números OS",
      "IDs dos repasses",
      "Valor",
    ]);
    expect(data.map((r) => [r[0], r[11], r[12], r[13], r[14]])).toEqual([
      ["Auto Center Boa Viagem", "2", "10, 13", "10 13", "175,50"],
      ["Oficina Serra Azul", "1", "20", "20", "10,10"],
      ["TOTAL", "3", "", "", "185,60"],
    ]);
    expect(data[0]![2]).toBe("11.222.333/0001-81");
    expect(data[0]![10]).toBe("11.222.333/0001-81");
    expect(data[2]![1]).toBe("2 transferências");
  });

  it("writes only the header and a zero total when every row is held", () => {
    const data = parse(paymentsCsv(transfersOf([payout("20", { Retido: true, Situacao: "retido" })])));
    expect(data).toEqual([expect.any(Array), ["TOTAL", "0 transferências", "", "", "", "", "", "", "", "", "", "0", "", "", "0,00"]]);
  });

  it("exports a paid batch again from what it was paid to, not from the point's data today", () => {
    const paidTo = {
      RazaoSocial: "Razão de Antes Ltda",
      Cnpj: "11222333000181",
      IdDadoBancario: "b1",
      TipoChavePix: "EMAIL",
      ChavePix: "antes@exemplo.com",
      Banco: null,
      NumeroAgencia: null,
      NumeroConta: null,
      TipoConta: null,
      NomeTitular: "Titular de Antes",
      DocumentoTitular: "11222333000181",
    };
    const rows = [
      payout("30", { PagamentoFeito: "S", Situacao: "pago", PagoPara: paidTo, ChavePix: "depois@exemplo.com", TipoChavePix: "EMAIL" }),
    ];
    const [, first] = parse(paymentsCsv(transfersOf(rows, true)));
    expect([first![1], first![3], first![10]]).toEqual(["Razão de Antes Ltda", "Titular de Antes", "antes@exemplo.com"]);
  });
});
