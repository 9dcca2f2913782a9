// How a bank data row reads on screen: payment type, PIX and bank summaries, holder document and the pt-BR date (main thread).
import { BANK_DATA_MSG } from "../../config/messages/bank-data.pt-BR";
import { BRAZIL_TZ } from "../../domain/dates";
import { isAccountType, isPixKeyType, paymentTypeOf } from "../../domain/bank-data";
import { formatDocument } from "../../lib/br-format";
import type { DadoBancario } from "./api/dados-bancarios";

const M = BANK_DATA_MSG.bankData;
const day = new Intl.DateTimeFormat("pt-BR", { timeZone: BRAZIL_TZ, day: "2-digit", month: "2-digit", year: "numeric" });

export const typeLabel = (r: DadoBancario) => (paymentTypeOf(r) === "PIX" ? M.pix : M.transfer);
export const keyTypeLabel = (t: string) => (isPixKeyType(t) ? M.keyTypes[t] : t);
export const accountTypeLabel = (t: string) => (isAccountType(t) ? M.accountTypes[t] : t);
export const selectedLabel = (r: DadoBancario) => (r.Selecionado === "S" ? M.yes : M.no);

/** "CPF: 529.982.247-25", or "" for a transfer. */
export const pixSummary = (r: DadoBancario) => (paymentTypeOf(r) === "PIX" ? `${keyTypeLabel(r.TipoChavePix)}: ${r.ChavePix}` : "");

/** ["001 - Banco do Brasil S.A.", "Ag. 1234-5 · Conta 1234567-8 (Corrente)"], or [] when the entry has no bank. */
export function bankSummary(r: DadoBancario): string[] {
  if (!r.Banco) return [];
  const type = r.TipoConta ? ` (${accountTypeLabel(r.TipoConta)})` : "";
  return [r.Banco, `${M.agencyLine(r.NumeroAgencia, r.NumeroConta)}${type}`];
}

export const documentOf = (r: DadoBancario) => formatDocument(r.DocumentoTitular);

export function createdOn(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : day.format(d);
}
