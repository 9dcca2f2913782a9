// Brazilian display formats from @brazilian-utils: a document as CPF or CNPJ by its digit count (main thread).
import { formatCnpj } from "@brazilian-utils/brazilian-utils/format-cnpj";
import { formatCpf } from "@brazilian-utils/brazilian-utils/format-cpf";

/** 11 digits -> 000.000.000-00, 14 -> 00.000.000/0000-00; anything else is shown as it came (never invented). */
export function formatDocument(value: string | null | undefined): string {
  const digits = (value ?? "").replace(/\D/g, "");
  if (digits.length === 11) return formatCpf(digits);
  if (digits.length === 14) return formatCnpj(digits);
  return value ?? "";
}
