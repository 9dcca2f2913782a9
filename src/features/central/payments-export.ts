// The bank batch of the Pagamentos section: one transfer per beneficiary (a point's payouts grouped and summed, with their OS
// numbers and ids), as CSV for Excel in pt-BR (BOM, ';', decimal comma, no formulas, a total line) or as a FEBRABAN CNAB 240
// remessa; never a held payout. A paid batch is exported again from what it was paid to (PagoPara), not from today's data.
// Its own module, imported on the first export, so papaparse stays off the section's first paint (main thread).
import { BANK_DATA_MSG } from "../../config/messages/bank-data.pt-BR";
import { PAYMENTS_MSG } from "../../config/messages/central-payments.pt-BR";
import { wallClock } from "../../domain/dates";
import { bankCodeOf, cnab240, CnabError, splitDigit, type CnabPayer, type CnabTransfer, type PixKeyType } from "../../domain/cnab240";
import { formatDocument } from "../../lib/br-format";
import { csvDecimal, toCsv } from "../../lib/csv";
import type { Transfer } from "./payment-transfers";

const cents = (n: number) => Math.round(n * 100) / 100;

/** The batch's columns, in order: one line per transfer, then the total line. */
export const PAYMENTS_CSV_COLUMNS = [
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
] as const;

const labelOf = (labels: Record<string, string>, code: string | null) => (code ? (labels[code] ?? code) : "");

/**
 * A CPF or CNPJ key with its punctuation: as bare digits Excel would read it as a number (1,23457E+13, leading zeros lost). The
 * PIX directory takes either form.
 */
const pixKey = (type: string | null, key: string | null) => (type === "CPF" || type === "CNPJ" ? formatDocument(key) : (key ?? ""));

const osList = (t: Transfer) => [...new Set(t.rows.map((r) => r.NumeroOS))].join(", ");

/** One CSV line per transfer: documents formatted, the sum with a decimal comma, the OS numbers and the payouts' ids. */
export const transferCsvRow = (t: Transfer): string[] => [
  t.pointName,
  t.payee.RazaoSocial,
  formatDocument(t.payee.Cnpj),
  t.payee.NomeTitular ?? "",
  formatDocument(t.payee.DocumentoTitular),
  t.payee.Banco ?? "",
  t.payee.NumeroAgencia ?? "",
  t.payee.NumeroConta ?? "",
  labelOf(BANK_DATA_MSG.bankData.accountTypes, t.payee.TipoConta),
  labelOf(BANK_DATA_MSG.bankData.keyTypes, t.payee.TipoChavePix),
  pixKey(t.payee.TipoChavePix, t.payee.ChavePix),
  String(t.rows.length),
  osList(t),
  t.rows.map((r) => r.IdFinanceiroEspelho).join(" "),
  csvDecimal(t.total),
];

/** The CSV of the transfers, with a last line "TOTAL": how many payouts and their sum. */
export function paymentsCsv(transfers: readonly Transfer[]): string {
  const rows = transfers.reduce((n, t) => n + t.rows.length, 0);
  const total = cents(transfers.reduce((n, t) => n + t.total, 0));
  const totalLine = [
    "TOTAL",
    `${transfers.length} ${transfers.length === 1 ? "transferência" : "transferências"}`,
    "",
    "",
    "",
    "",
    "",
    "",
    "",
    "",
    "",
    String(rows),
    "",
    "",
    csvDecimal(total),
  ];
  return toCsv(PAYMENTS_CSV_COLUMNS, [...transfers.map(transferCsvRow), totalLine]);
}

/** The transfers as CNAB's, each "seu número" the batch's tag and its order; throws CnabError on a bank with no known code. */
export function cnabTransfers(transfers: readonly Transfer[], tag: string): CnabTransfer[] {
  return transfers.map((t, i) => {
    const p = t.payee;
    const base = {
      name: p.NomeTitular || p.RazaoSocial,
      document: p.DocumentoTitular || p.Cnpj,
      amount: t.total,
      yourNumber: `${tag}-${String(i + 1).padStart(3, "0")}`.slice(-20),
      info: `OS ${osList(t)}`,
    };
    if (p.TipoChavePix && p.ChavePix) return { ...base, pix: { type: p.TipoChavePix as PixKeyType, key: p.ChavePix } };
    const code = bankCodeOf(p.Banco);
    if (!code) throw new CnabError(PAYMENTS_MSG.export.noBankCode(t.pointName, p.Banco ?? ""));
    const agency = splitDigit(p.NumeroAgencia);
    const account = splitDigit(p.NumeroConta);
    return {
      ...base,
      bank: {
        code,
        agency: agency.number,
        agencyDigit: agency.digit,
        account: account.number,
        accountDigit: account.digit,
        savings: p.TipoConta === "POUPANCA",
      },
    };
  });
}

/** The remessa of the transfers, generated now (Brasília), to be paid on `paymentDate`. */
export function paymentsCnab(transfers: readonly Transfer[], payer: CnabPayer, paymentDate: string, fileNumber: number, tag: string) {
  const now = wallClock();
  return cnab240(payer, cnabTransfers(transfers, tag), {
    paymentDate,
    generatedDate: now.date,
    generatedTime: `${now.time}:${String(new Date().getSeconds()).padStart(2, "0")}`,
    fileNumber,
  });
}

/** "pagamentos-lote-2025-11-18.csv" / "remessa-pagamentos-2025-11-18.rem", today's date in Brasília (or the batch's tag). */
export const paymentsFileName = (ext: "csv" | "rem", tag?: string, now: Date = new Date()) =>
  `${ext === "csv" ? "pagamentos-lote" : "remessa-pagamentos"}-${tag ? `${tag}-` : ""}${wallClock(now).date}.${ext}`;
