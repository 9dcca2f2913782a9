// The central's bank batch (features/central/payments-export.ts) never carries a held payout, nor a paid one, whatever rows it
// is given: the screen does not let them be selected, and the file refuses them too (browser tests, real Chromium).
import { describe, expect, it } from "vitest";
import Papa from "papaparse";
import { paymentsCsv } from "../../src/features/central/payments-export";
import type { Payout } from "../../src/features/central/api/central";

const payout = (id: string, over: Partial<Payout> = {}): Payout => ({
  IdFinanceiroEspelho: id,
  IdPontoAtendimento: "p1",
  NomeFantasia: "Auto Center Boa Viagem",
  RazaoSocial: "Auto Center Boa Viagem Ltda",
  Cnpj: "11222333000181",
  NumeroOS: Number(id.replace(/\D/g, "")) || 1,
  Placa: "ABC1234",
  NomeServico: "TROCA DE ÓLEO",
  DataAgendamento: "2026-11-05",
  ValorRepasse: 80,
  PagamentoFeito: "N",
  DataPagamento: null,
  PodeDesfazer: false,
  Banco: null,
  Agencia: null,
  Conta: null,
  TipoConta: null,
  TipoChavePix: "CNPJ",
  ChavePix: "11222333000181",
  NomeTitular: "Auto Center Boa Viagem Ltda",
  DocumentoTitular: "11222333000181",
  Retido: false,
  MotivoRetencao: null,
  DadosPagamentoAlteradosEm: null,
  DataExecucao: "2026-11-05",
  PagoPara: null,
  ...over,
});

describe("payments batch CSV", () => {
  it("writes the payable rows only: a held or paid row given to it is left out", () => {
    const rows = [
      payout("10"),
      payout("11", { Retido: true, MotivoRetencao: "Dados de pagamento alterados em 27/11/2026 às 10:15: …" }),
      payout("12", { PagamentoFeito: "S", DataPagamento: "2026-11-20" }),
      payout("13", { ValorRepasse: 95.5 }),
    ];
    const text = paymentsCsv(rows).replace(/^\uFEFF/, "");
    const [header, ...data] = Papa.parse<string[]>(text, { delimiter: ";", skipEmptyLines: true }).data;
    expect(header![2]).toBe("Número OS");
    expect(data.map((r) => r[2])).toEqual(["10", "13"]);
    expect(data[1]![4]).toBe("95,50");
  });

  it("writes only the header when every row is held", () => {
    const text = paymentsCsv([payout("20", { Retido: true })]).replace(/^\uFEFF/, "");
    expect(Papa.parse<string[]>(text, { delimiter: ";", skipEmptyLines: true }).data).toHaveLength(1);
  });
});
