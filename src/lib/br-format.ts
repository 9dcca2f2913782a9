// Brazilian display formats: a document as CPF or CNPJ by its digit count and a CEP (@brazilian-utils), an instant as Brasília's
// date and time (Intl) (main thread).
import { formatCep } from "@brazilian-utils/brazilian-utils/format-cep";
import { formatCnpj } from "@brazilian-utils/brazilian-utils/format-cnpj";
import { formatCpf } from "@brazilian-utils/brazilian-utils/format-cpf";
import { BRAZIL_TZ } from "../domain/dates";

/** 11 digits -> 000.000.000-00, 14 -> 00.000.000/0000-00; anything else is shown as it came (never invented). */
export function formatDocument(value: string | null | undefined): string {
  const digits = (value ?? "").replace(/\D/g, "");
  if (digits.length === 11) return formatCpf(digits);
  if (digits.length === 14) return formatCnpj(digits);
  return value ?? "";
}

/** 8 digits -> 00000-000; anything else as it came (never invented). */
export function formatCepText<T extends string | null | undefined>(value: T): string | T {
  const digits = (value ?? "").replace(/\D/g, "");
  return digits.length === 8 ? formatCep(digits) : value;
}

// Made on first use, not when the module loads: the first Intl object of a page starts ICU (src/domain/dates.ts).
let dateTime: Intl.DateTimeFormat | undefined;

/** An instant (ISO) as Brasília's date and time, '23/11/2026, 14:05'; null when it is not a date (each screen says what then). */
export function dateTimeText(iso: string | null | undefined): string | null {
  const d = iso ? new Date(iso) : null;
  return d && !Number.isNaN(d.getTime())
    ? (dateTime ??= new Intl.DateTimeFormat("pt-BR", { dateStyle: "short", timeStyle: "short", timeZone: BRAZIL_TZ })).format(d)
    : null;
}
