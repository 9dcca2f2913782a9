// The financial mirror's CSV export: the spec's columns, then the client's CPF and the payment's date and reference, one line per
// transaction (pure TS). Its own module, imported on the
// first Exportar, so papaparse stays off the screen's first paint.
import { csvDecimal, toCsv } from "../../lib/csv";
import type { Transaction } from "./mirror";

/** The spec's export columns, in its order. */
export const CSV_COLUMNS = [
  "Número OS",
  "Status Pagamento",
  "Cliente",
  "CNPJ",
  "Placa",
  "Data Agendamento",
  "Data Execução",
  "Serviço",
  "Valor Repasse",
  "Código Espelho",
  "Tipo Comissão",
  "Descrição",
  "Matrícula",
  "Razão Social",
  "CPF Cliente",
  "Data Pagamento",
  "Referência Pagamento",
] as const;

/** "18/11/2025 21:05" -> "18/11/2025"; text that is no such date stays whole. */
const dayOnly = (text: string | null) => (text && /^\d{2}\/\d{2}\/\d{4} /.test(text) ? text.slice(0, 10) : (text ?? ""));

/** One CSV line per transaction: dates dd/MM/yyyy, payout with a decimal comma. */
export const csvRow = (t: Transaction): string[] => [
  String(t.numeroOS),
  t.statusPagamento,
  t.cliente,
  t.cnpj,
  t.placa,
  t.dataAgendamento ?? "",
  dayOnly(t.dataExecucao),
  t.servico,
  csvDecimal(t.valorRepasse),
  t.codigoEspelho,
  t.tipoComissao,
  t.descricao,
  t.matricula ?? "",
  t.razaoSocial,
  t.documentoCliente,
  t.dataPagamento ?? "",
  t.referenciaPagamento ?? "",
];

export const mirrorCsv = (transactions: readonly Transaction[]) => toCsv(CSV_COLUMNS, transactions.map(csvRow));
