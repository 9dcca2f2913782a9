// The bank batch of the Pagamentos section: the selected payouts with each point's selected bank or PIX data, as CSV for Excel
// in pt-BR (the espelho export's conventions: BOM, ';', decimal comma, no formulas); never a held payout, whose point's data
// the central has not confirmed. Its own module, imported on the first Exportar CSV, so papaparse stays off the section's
// first paint (main thread).
import { BANK_DATA_MSG } from "../../config/messages/bank-data.pt-BR";
import { wallClock } from "../../domain/dates";
import { formatDocument } from "../../lib/br-format";
import { csvDecimal, toCsv } from "../../lib/csv";
import type { Payout } from "./api/central";

/** The batch's columns, in order. */
export const PAYMENTS_CSV_COLUMNS = [
  "Ponto",
  "CNPJ",
  "Número OS",
  "Serviço",
  "Valor Repasse",
  "Banco",
  "Agência",
  "Conta",
  "Tipo de conta",
  "Tipo de chave PIX",
  "Chave PIX",
  "Titular",
  "Documento",
] as const;

const labelOf = (labels: Record<string, string>, code: string | null) => (code ? (labels[code] ?? code) : "");

/**
 * A CPF or CNPJ key with its punctuation: as bare digits Excel would read it as a number (1,23457E+13, leading zeros lost). The
 * PIX directory takes either form.
 */
const pixKey = (type: string | null, key: string | null) => (type === "CPF" || type === "CNPJ" ? formatDocument(key) : (key ?? ""));

/** One CSV line per payout: CNPJ and holder document formatted, value with a decimal comma, types by their names. */
export const paymentCsvRow = (p: Payout): string[] => [
  p.NomeFantasia,
  formatDocument(p.Cnpj),
  String(p.NumeroOS),
  p.NomeServico,
  csvDecimal(p.ValorRepasse),
  p.Banco ?? "",
  p.Agencia ?? "",
  p.Conta ?? "",
  labelOf(BANK_DATA_MSG.bankData.accountTypes, p.TipoConta),
  labelOf(BANK_DATA_MSG.bankData.keyTypes, p.TipoChavePix),
  pixKey(p.TipoChavePix, p.ChavePix),
  p.NomeTitular ?? "",
  formatDocument(p.DocumentoTitular),
];

/**
 * The batch of the payable rows among `rows`: a held one is left out even if a caller passes it (the screen never lets one be
 * selected), so a bank file never carries data the central has not confirmed.
 */
export const paymentsCsv = (rows: readonly Payout[]) =>
  toCsv(PAYMENTS_CSV_COLUMNS, rows.filter((r) => !r.Retido && r.PagamentoFeito !== "S").map(paymentCsvRow));

/** "pagamentos-lote-2025-11-18.csv", today's date in Brasília. */
export const paymentsFileName = (now: Date = new Date()) => `pagamentos-lote-${wallClock(now).date}.csv`;
