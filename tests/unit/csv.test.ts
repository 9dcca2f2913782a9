// CSV writer for Excel in pt-BR (BOM, ';', CRLF, quoting, formula escaping) and the mirror's export rows and totals (node, unit).
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { CSV_BOM, csvDecimal, toCsv } from "../../src/lib/csv";
import type { EspelhoRow } from "../../src/features/espelho/api/espelho";
import { mirrorFileName, mirrorTotals, toTransaction } from "../../src/features/espelho/mirror";
import { paidFlagOf } from "../../src/features/espelho/status";
import { CSV_COLUMNS, mirrorCsv } from "../../src/features/espelho/export";

const parse = (text: string) => Papa.parse<string[]>(text.slice(CSV_BOM.length), { delimiter: ";", skipEmptyLines: true }).data;

describe("toCsv", () => {
  it("starts with the UTF-8 BOM, separates with ';' and ends lines with CRLF", () => {
    const text = toCsv(
      ["A", "B"],
      [
        ["1", "ção"],
        ["2", "x"],
      ],
    );
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(Buffer.from(text, "utf8").subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(text.slice(1)).toBe("A;B\r\n1;ção\r\n2;x");
  });

  it("quotes only cells with ';', '\"' or line breaks, doubling quotes, and they parse back unchanged", () => {
    const cells = ["a;b", 'diz "oi"', "linha 1\nlinha 2", "cr\r\nlf", "simples"];
    const text = toCsv(["c1", "c2", "c3", "c4", "c5"], [cells]);
    expect(text.slice(text.indexOf("\r\n") + 2)).toBe('"a;b";"diz ""oi""";"linha 1\nlinha 2";"cr\r\nlf";simples');
    expect(parse(text)[1]).toEqual(cells);
  });

  it("escapes cells Excel would run as formulas with a leading apostrophe, multi-line ones included", () => {
    const risky = ["=1+1", "+55 11", "@SUM(A1)", "-2+3", '=HYPERLINK("http://x")\nsegunda linha', "\tTAB"];
    const text = toCsv(
      risky.map((_, i) => `h${i}`),
      [risky],
    );
    const back = parse(text)[1];
    expect(back).toEqual(risky.map((c) => `'${c}`));
    // No cell of the data line starts with a formula character once unquoted.
    for (const cell of back) expect(cell).toMatch(/^'/);
  });

  it("leaves plain numbers with a decimal comma (also negative ones), text in the middle and empty cells alone", () => {
    const text = toCsv(["v", "n", "t", "e"], [["-12,50", "1234,00", "a=b", null]]);
    expect(text.split("\r\n")[1]).toBe("-12,50;1234,00;a=b;");
  });

  it("csvDecimal writes two decimals with a comma and no thousands separator; null is 0,00", () => {
    expect(csvDecimal(1234.5)).toBe("1234,50");
    expect(csvDecimal(0.1 + 0.2)).toBe("0,30");
    expect(csvDecimal(null)).toBe("0,00");
    expect(csvDecimal(Number.NaN)).toBe("0,00");
  });
});

const row = (over: Partial<EspelhoRow>): EspelhoRow => ({
  IdFinanceiroEspelho: "f1",
  IdSocioVeiculoAgenda: "a1",
  IdSocioVeiculo: "v1",
  IdPontoAtendimento: "p1",
  IdSocioVeiculoAgendaExecucaoServico: "s1",
  Matricula: "M-001",
  RazaoSocial: 'Auto Center; Silva & "Filhos"',
  Cnpj: "11222333000181",
  Placa: "ABC1D23",
  VeiculoPlaca: "ABC1D23",
  DataAgendamento: "Nov  8 2025 12:00AM",
  DataExecucaoOS: "Nov  8 2025  9:05PM",
  NomeServico: "TROCA DE ÓLEO",
  NumeroOS: 1042,
  ValorRepasse: 85.5,
  PagamentoFeito: "N",
  CodigoEspelho: "000123456",
  TipoComissao: "Básica",
  Descricao: "Comissao Basica Serviço - V1",
  SocioNome: "=cmd|' /C calc'!A0",
  ComprovantePagamento: null,
  DataPagamento: null,
  StatusAgendamento: "C",
  TipoEspelho: "Mensal",
  IdDadoBancario: null,
  SocioCpf: "52998224725",
  ReferenciaPagamento: null,
  MotivoRetencao: null,
  ...over,
});

describe("mirror export", () => {
  it("shows an unpaid row the central holds as RETIDO with its reason, still pending in the totals (issue 49)", () => {
    const reason = "Dados de pagamento alterados em 27/11/2026 às 10:15: o repasse fica retido até a central conferir.";
    const held = toTransaction(row({ MotivoRetencao: reason }));
    expect([held.statusPagamento, held.motivoRetencao]).toEqual(["RETIDO", reason]);
    expect(toTransaction(row({})).statusPagamento).toBe("PENDENTE");
    // A paid row is never held, whatever the field says.
    expect(toTransaction(row({ PagamentoFeito: "S", MotivoRetencao: reason })).motivoRetencao).toBeNull();
    expect(mirrorTotals([row({ MotivoRetencao: reason }), row({ PagamentoFeito: "S" })])).toMatchObject({ received: 85.5, pending: 85.5 });
    const [, line] = Papa.parse<string[]>(mirrorCsv([held]).replace(CSV_BOM, ""), { delimiter: ";" }).data;
    expect(line![1]).toBe("RETIDO");
  });

  it("writes the spec's columns with dd/MM/yyyy dates, decimal comma, formatted CNPJ and an escaped formula cell", () => {
    const text = mirrorCsv([
      toTransaction(row({})),
      toTransaction(
        row({ IdFinanceiroEspelho: "f2", NumeroOS: 7, PagamentoFeito: "S", ValorRepasse: null, DataExecucaoOS: null, SocioNome: "Maria" }),
      ),
    ]);
    const [header, first, second] = parse(text);
    expect(header).toEqual([...CSV_COLUMNS]);
    expect(first).toEqual([
      "1042",
      "PENDENTE",
      "'=cmd|' /C calc'!A0",
      "11.222.333/0001-81",
      "ABC1D23",
      "08/11/2025",
      "08/11/2025",
      "TROCA DE ÓLEO",
      "85,50",
      "000123456",
      "Básica",
      "Comissao Basica Serviço - V1",
      "M-001",
      'Auto Center; Silva & "Filhos"',
      "529.982.247-25",
      "",
      "",
    ]);
    expect(second.slice(0, 9)).toEqual(["7", "PAGO", "Maria", "11.222.333/0001-81", "ABC1D23", "08/11/2025", "", "TROCA DE ÓLEO", "0,00"]);
  });

  it("shows the execution time in the display form and unreadable legacy text as it came", () => {
    expect(toTransaction(row({})).dataExecucao).toBe("08/11/2025 21:05");
    expect(toTransaction(row({ DataAgendamento: "2025-11-08" })).dataAgendamento).toBe("2025-11-08");
    expect(toTransaction(row({ VeiculoPlaca: "", Placa: "ABC1234" })).placa).toBe("ABC-1234");
  });

  it("totals: paid and unpaid sums, ticket over all rows, 0 without rows", () => {
    const rows = [
      row({ ValorRepasse: 100, PagamentoFeito: "S" }),
      row({ ValorRepasse: 0.1 }),
      row({ ValorRepasse: 0.2 }),
      row({ ValorRepasse: null }),
    ];
    expect(mirrorTotals(rows)).toEqual({ received: 100, pending: 0.3, count: 4, average: 100.3 / 4 });
    expect(mirrorTotals([])).toEqual({ received: 0, pending: 0, count: 0, average: 0 });
  });

  it("names the file with today's date in Brasília and maps the status filter to pagamentoFeito", () => {
    // 02:00 UTC on Dec 1st is still Nov 30th in Brasília.
    expect(mirrorFileName(new Date("2025-12-01T02:00:00Z"))).toBe("espelho-financeiro-2025-11-30.csv");
    expect([paidFlagOf("TODOS"), paidFlagOf("PAGO"), paidFlagOf("PENDENTE")]).toEqual([undefined, "S", "N"]);
  });
});
