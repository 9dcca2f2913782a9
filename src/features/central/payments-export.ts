// The Pagamentos section's CSV files for Excel in pt-BR (BOM, ';', decimal comma, no formulas): the bank batch, one transfer per
// beneficiary (a point's payouts grouped and summed, with their OS numbers and ids) and a total line, never a held payout (a paid
// batch is exported again from what it was paid to, PagoPara, not from today's data); and the journal of money actions. The
// bank's own file (CNAB 240) is written by the server for a payment run (issue 49). Its own module, imported on the first
// export, so papaparse stays off the section's first paint (main thread).
import { BANK_DATA_MSG } from "../../config/messages/bank-data.pt-BR";
import { PAYMENTS_MSG } from "../../config/messages/central-payments.pt-BR";
import { wallClock } from "../../domain/dates";
import { dateTimeText, formatDocument } from "../../lib/br-format";
import { csvDecimal, toCsv } from "../../lib/csv";
import type { JournalEntry } from "./api/payment-runs";
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

/** "pagamentos-lote-2025-11-18.csv", today's date in Brasília (or "pagamentos-lote-<reference>-2025-11-18.csv" for a batch). */
export const paymentsFileName = (tag?: string, now: Date = new Date()) =>
  `pagamentos-lote-${tag ? `${tag}-` : ""}${wallClock(now).date}.csv`;

const J = PAYMENTS_MSG.journal;

/** The journal's columns, in order: one line per action, the codes translated, the ids kept for a reconciliation. */
export const JOURNAL_CSV_COLUMNS = [
  J.cols.when,
  J.cols.user,
  J.cols.action,
  J.cols.entity,
  J.cols.entityId,
  J.cols.point,
  J.cols.run,
  J.cols.before,
  J.cols.after,
  J.cols.note,
] as const;

/** One CSV line per money action (Brasília date and time); a cell that looks like a formula is written as text by toCsv. */
export const journalCsv = (entries: readonly JournalEntry[]) =>
  toCsv(
    JOURNAL_CSV_COLUMNS,
    entries.map((e) => [
      dateTimeText(e.Em) ?? e.Em,
      e.Usuario,
      J.actions[e.Acao] ?? e.Acao,
      J.entities[e.Entidade] ?? e.Entidade,
      e.IdEntidade,
      e.NomeFantasia,
      e.NumeroRemessa === null ? "" : String(e.NumeroRemessa),
      e.Antes,
      e.Depois,
      e.Observacao,
    ]),
  );

/** "diario-financeiro-2025-11-18.csv", today's date in Brasília. */
export const journalFileName = (now: Date = new Date()) => `diario-financeiro-${wallClock(now).date}.csv`;
