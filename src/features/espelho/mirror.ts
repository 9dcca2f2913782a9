// The financial mirror's rules: payment status, indicator totals, the display form of a transaction (pure TS; the CSV export is
// export.ts, loaded on the first Exportar).
import { legacyToBr, wallClock } from "../../domain/dates";
import { displayPlate } from "../../domain/plate";
import { formatDocument } from "../../lib/br-format";
import type { EspelhoRow } from "./api/espelho";

import type { PaymentStatus } from "./status";

/** PAGO when PagamentoFeito is S; otherwise (N) RETIDO when the server gives a hold's reason, else PENDENTE. */
export const paymentStatus = (row: Pick<EspelhoRow, "PagamentoFeito"> & Partial<Pick<EspelhoRow, "MotivoRetencao">>): PaymentStatus =>
  row.PagamentoFeito === "S" ? "PAGO" : row.MotivoRetencao ? "RETIDO" : "PENDENTE";

/** Badge colour per the spec's financial views: CONCLUÍDO (here PAGO) green, PENDENTE amber, RETIDO red, anything else grey. */
export const statusTone = (status: string): "done" | "pending" | "held" | "other" =>
  status === "PAGO" || status === "CONCLUÍDO" ? "done" : status === "PENDENTE" ? "pending" : status === "RETIDO" ? "held" : "other";

/** A null payout is the server's stored 0. */
export const payoutOf = (row: Pick<EspelhoRow, "ValorRepasse">) =>
  typeof row.ValorRepasse === "number" && Number.isFinite(row.ValorRepasse) ? row.ValorRepasse : 0;

export interface MirrorTotals {
  received: number;
  pending: number;
  average: number;
  count: number;
}

/** Total Recebido (paid payouts), Total Pendente (unpaid) and Ticket Médio (both over the number of rows, 0 without rows). */
export function mirrorTotals(rows: readonly EspelhoRow[]): MirrorTotals {
  let received = 0;
  let pending = 0;
  for (const r of rows) {
    if (paymentStatus(r) === "PAGO") received += payoutOf(r);
    else pending += payoutOf(r);
  }
  // Cents, so 0.1 + 0.2 shows as 0,30 and not 0,30000000000000004 rounded differently by the card and the CSV.
  received = Math.round(received * 100) / 100;
  pending = Math.round(pending * 100) / 100;
  return { received, pending, count: rows.length, average: rows.length ? (received + pending) / rows.length : 0 };
}

/** Legacy SQL Server date text -> dd/MM/yyyy (with HH:mm when asked); text it cannot read is shown as it came, never invented. */
export const legacyDate = (text: string | null | undefined, withTime = false) =>
  !text?.trim() ? null : (legacyToBr(text, withTime) ?? text.trim());

/**
 * The spec's display form of a transaction (statusPagamento … descricao), plus the member's name and CPF shown as the client
 * and its document, and the payment's date, reference and proof.
 */
export interface Transaction {
  id: string;
  statusPagamento: PaymentStatus;
  matricula: string | null;
  razaoSocial: string;
  cnpj: string;
  placa: string;
  numeroOS: number;
  servico: string;
  dataAgendamento: string | null;
  dataExecucao: string | null;
  valorRepasse: number;
  codigoEspelho: string;
  tipoComissao: string;
  descricao: string;
  cliente: string;
  /** The client's (member's) CPF, formatted: the row's 'Documento'. */
  documentoCliente: string;
  /** dd/MM/yyyy when paid. */
  dataPagamento: string | null;
  referenciaPagamento: string | null;
  /** The proof's file name, when the central attached one to the payment. */
  comprovante: string | null;
  /** Why an unpaid payout is held (RETIDO), in the central's words. */
  motivoRetencao: string | null;
}

export function toTransaction(row: EspelhoRow): Transaction {
  const plate = row.VeiculoPlaca || row.Placa || "";
  return {
    id: row.IdFinanceiroEspelho,
    statusPagamento: paymentStatus(row),
    matricula: row.Matricula?.trim() || null,
    razaoSocial: row.RazaoSocial ?? "",
    cnpj: formatDocument(row.Cnpj),
    placa: plate ? displayPlate(plate) : "",
    numeroOS: row.NumeroOS,
    servico: row.NomeServico ?? "",
    dataAgendamento: legacyDate(row.DataAgendamento),
    dataExecucao: legacyDate(row.DataExecucaoOS, true),
    valorRepasse: payoutOf(row),
    codigoEspelho: row.CodigoEspelho ?? "",
    tipoComissao: row.TipoComissao ?? "",
    descricao: row.Descricao ?? "",
    cliente: row.SocioNome ?? "",
    documentoCliente: formatDocument(row.SocioCpf),
    dataPagamento: paymentStatus(row) === "PAGO" ? (row.DataPagamento?.slice(0, 10) ?? null) : null,
    referenciaPagamento: row.ReferenciaPagamento ?? null,
    comprovante: paymentStatus(row) === "PAGO" ? (row.ComprovantePagamento ?? null) : null,
    motivoRetencao: paymentStatus(row) === "RETIDO" ? (row.MotivoRetencao ?? null) : null,
  };
}

/** "espelho-financeiro-2025-11-18.csv", today's date in Brasília. */
export const mirrorFileName = (now: Date = new Date()) => `espelho-financeiro-${wallClock(now).date}.csv`;
