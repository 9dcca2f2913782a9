// What a point's payouts go to (the payee), as the central compares it before confirming a change (issue 49): the fields set side
// by side, whether the holder is a natural person (then two central users confirm), whether the holder is the point's own
// CNPJ, a phone as a tel: address and an instant as the review's sentences say it. Shared by the server and the console (pure
// TS).
import { isoToBr, wallClock } from "./dates.ts";

/** The payee's values compared, in the contract's names (a snapshot of it is the same shape). */
export interface PayeeValues {
  RazaoSocial: string;
  Cnpj: string;
  Banco: string | null;
  NumeroAgencia: string | null;
  NumeroConta: string | null;
  TipoConta: string | null;
  TipoChavePix: string | null;
  ChavePix: string | null;
  NomeTitular: string | null;
  DocumentoTitular: string | null;
}

/** The point's own fields: compared only when they changed (the point's CNPJ is shown on its own). */
const POINT_FIELDS = ["RazaoSocial", "Cnpj"] as const;
/** The account's fields, in the order the review shows them. */
const ACCOUNT_FIELDS = [
  "Banco",
  "NumeroAgencia",
  "NumeroConta",
  "TipoConta",
  "TipoChavePix",
  "ChavePix",
  "NomeTitular",
  "DocumentoTitular",
] as const;
export const PAYEE_DIFF_FIELDS = [...POINT_FIELDS, ...ACCOUNT_FIELDS] as const;
export type PayeeDiffField = (typeof PAYEE_DIFF_FIELDS)[number];

export interface PayeeDiffRow {
  Campo: PayeeDiffField;
  Antes: string | null;
  Depois: string | null;
  Alterado: boolean;
}

export const digitsOf = (value: string | null | undefined) => (value ?? "").replace(/\D/g, "");
const valueOf = (value: string | null | undefined) => (value ?? "").trim() || null;

/** A CPF by its length (11 digits; a CNPJ has 14): the check digits were verified when the data were saved. */
export const isCpf = (document: string | null | undefined) => digitsOf(document).length === 11;

/**
 * The holder is a natural person: a CPF as the holder's document, or a PIX key of type CPF (a key only a person holds). A key
 * of type e-mail, phone or random with a CPF holder is covered by the first. The server's SQL says the same
 * (server/rules/payout-hold.ts personPayeeSql).
 */
export const holderIsPerson = (p: Pick<PayeeValues, "TipoChavePix" | "DocumentoTitular">) =>
  isCpf(p.DocumentoTitular) || p.TipoChavePix === "CPF";

/** The holder's document is the point's own CNPJ (digits compared). */
export const holderIsPoint = (p: Pick<PayeeValues, "Cnpj" | "DocumentoTitular">) => {
  const holder = digitsOf(p.DocumentoTitular);
  return holder !== "" && holder === digitsOf(p.Cnpj);
};

/**
 * The payee before and after, field by field: the account's fields when either side has a value, the point's company name and
 * CNPJ only when they changed. Without a known "before" nothing is marked changed (there is nothing to compare with).
 */
export function payeeDiff(before: PayeeValues | null, after: PayeeValues): PayeeDiffRow[] {
  const rows: PayeeDiffRow[] = [];
  for (const field of PAYEE_DIFF_FIELDS) {
    const a = before ? valueOf(before[field]) : null;
    const b = valueOf(after[field]);
    const changed = before !== null && a !== b;
    const pointField = (POINT_FIELDS as readonly string[]).includes(field);
    if (pointField ? !changed : a === null && b === null) continue;
    rows.push({ Campo: field, Antes: a, Depois: b, Alterado: changed });
  }
  return rows;
}

/** A Brazilian phone as a tel: address (+55 and its digits; a number already with 55 kept); null without 10-13 digits. */
export function phoneHref(phone: string | null | undefined): string | null {
  let digits = digitsOf(phone);
  if ((digits.length === 11 || digits.length === 12) && digits.startsWith("0")) digits = digits.slice(1);
  if (digits.length === 10 || digits.length === 11) return `tel:+55${digits}`;
  if ((digits.length === 12 || digits.length === 13) && digits.startsWith("55")) return `tel:+${digits}`;
  return null;
}

/** An instant (ISO) in Brasília as a sentence says it: "27/11/2026 às 10:15"; "" when it is not one. */
export function atText(iso: string | null | undefined): string {
  const d = iso ? new Date(iso) : null;
  if (!d || Number.isNaN(d.getTime())) return "";
  const w = wallClock(d);
  return `${isoToBr(w.date)} às ${w.time}`;
}
