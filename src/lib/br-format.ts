// Brazilian display formats: a document as CPF or CNPJ by its digit count and a CEP (@brazilian-utils), an instant as Brasília's
// date and time (Intl) (main thread).
import { formatCep } from "@brazilian-utils/brazilian-utils/format-cep";
import { formatCnpj } from "@brazilian-utils/brazilian-utils/format-cnpj";
import { formatCpf } from "@brazilian-utils/brazilian-utils/format-cpf";
import { isoToBr, wallClock } from "../domain/dates";

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

/**
 * An instant (ISO) as Brasília's date and time, '23/11/2026, 14:05' (Intl's pt-BR short date and time); null when it is not a
 * date (each screen says what then). From Brasília's fixed offset (wallClock, src/domain/dates.ts), not an Intl formatter: the
 * first pt-BR date-time formatter in America/Sao_Paulo of a page cost 40 ms here, 160 ms at 4x, inside the OS screen's first
 * render with data (issue 52's profile). tests/unit/brasilia-clock.test.ts holds it to Intl's text hour by hour.
 */
export function dateTimeText(iso: string | null | undefined): string | null {
  const d = iso ? new Date(iso) : null;
  if (!d || Number.isNaN(d.getTime())) return null;
  const { date, time } = wallClock(d);
  return `${isoToBr(date)}, ${time}`;
}
