// Bank and PIX payout data: the spec's required fields plus what a bank would refuse (CPF/CNPJ check digits, e-mail and
// mobile-phone keys in valid form, random keys as UUIDs, agency and account digits). Shared by the form and the server (pure TS).

export const PIX_KEY_TYPES = ["CPF", "CNPJ", "EMAIL", "TELEFONE", "CHAVE_ALEATORIA"] as const;
export type PixKeyType = (typeof PIX_KEY_TYPES)[number];
export const ACCOUNT_TYPES = ["CORRENTE", "POUPANCA"] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
export type PaymentType = "PIX" | "TRANSFERENCIA";

/** How the form and the record of changes name each key and account type. */
export const PIX_KEY_TYPE_LABELS: Record<PixKeyType, string> = {
  CPF: "CPF",
  CNPJ: "CNPJ",
  EMAIL: "E-mail",
  TELEFONE: "Telefone",
  CHAVE_ALEATORIA: "Chave aleatória",
};
export const ACCOUNT_TYPE_LABELS: Record<AccountType, string> = { CORRENTE: "Corrente", POUPANCA: "Poupança" };

/** The contract's field names (the form's payload and the server's body). */
export interface BankDataFields {
  TipoChavePix: string;
  ChavePix: string;
  Banco: string;
  NumeroAgencia: string;
  NumeroConta: string;
  TipoConta: string;
  NomeTitular: string;
  DocumentoTitular: string;
  Selecionado: string;
}
export type BankField = keyof BankDataFields;
export interface BankDataError {
  field: BankField;
  message: string;
  required: boolean;
}

/** Messages of the rules; the required ones are the spec's, word for word. */
export const BANK_RULES = {
  pixTypeRequired: "Tipo de chave PIX é obrigatório",
  pixKeyRequired: "Chave PIX é obrigatória",
  bankRequired: "Nome do banco é obrigatório",
  agencyRequired: "Número da agência é obrigatório",
  accountRequired: "Número da conta é obrigatório",
  accountTypeRequired: "Tipo de conta é obrigatório",
  holderRequired: "Nome do titular é obrigatório",
  documentRequired: "CPF do titular é obrigatório",
  pixTypeInvalid: "Tipo de chave PIX inválido.",
  accountTypeInvalid: "Tipo de conta inválido.",
  selectedInvalid: "Selecionado deve ser S ou N.",
  pixKeyInvalid: {
    CPF: "Chave PIX inválida: informe um CPF válido (confira os dígitos).",
    CNPJ: "Chave PIX inválida: informe um CNPJ válido (confira os dígitos).",
    EMAIL: "Chave PIX inválida: informe um e-mail válido, como nome@empresa.com.br.",
    TELEFONE: "Chave PIX inválida: informe um celular com DDD, como (81) 99999-0000.",
    CHAVE_ALEATORIA: "Chave PIX inválida: a chave aleatória tem 32 caracteres no formato xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx.",
  } satisfies Record<PixKeyType, string>,
  agencyInvalid: "Número da agência inválido: use 4 dígitos e o dígito verificador, se houver (0000-0).",
  accountInvalid: "Número da conta inválido: informe o número com o dígito verificador (0000000-0).",
  documentInvalid: "CPF/CNPJ do titular inválido: confira os dígitos.",
} as const;

const allSame = (s: string) => [...s].every((c) => c === s[0]);

/** CPF: 11 digits, optionally as 000.000.000-00, not a repeated digit, both check digits right. */
export function isValidCpf(value: string): boolean {
  if (!/^[\d.\-\s]+$/.test(value)) return false;
  const d = value.replace(/\D/g, "");
  if (d.length !== 11 || allSame(d)) return false;
  const digit = (len: number) => {
    let sum = 0;
    for (let i = 0; i < len; i++) sum += Number(d[i]) * (len + 1 - i);
    const r = (sum * 10) % 11;
    return r === 10 ? 0 : r;
  };
  return digit(9) === Number(d[9]) && digit(10) === Number(d[10]);
}

/**
 * CNPJ: 14 characters, optionally as 00.000.000/0000-00. Since July 2026 the first 12 may be letters (alphanumeric CNPJ); each
 * character counts as its code minus 48, so for digits the rule is the classic one. The two check digits are always digits.
 */
export function isValidCnpj(value: string): boolean {
  if (!/^[\dA-Za-z./\-\s]+$/.test(value)) return false;
  const c = value.replace(/[./\-\s]/g, "").toUpperCase();
  if (!/^[\dA-Z]{12}\d{2}$/.test(c) || allSame(c)) return false;
  const digit = (len: number) => {
    let sum = 0;
    for (let i = 0; i < len; i++) sum += (c.charCodeAt(i) - 48) * (((len - 1 - i) % 8) + 2);
    const r = sum % 11;
    return r < 2 ? 0 : 11 - r;
  };
  return digit(12) === Number(c[12]) && digit(13) === Number(c[13]);
}

/** The holder's document: a CPF (11 digits) or a CNPJ (14 characters). */
export function isValidDocument(value: string): boolean {
  const len = value.replace(/[./\-\s]/g, "").length;
  return len === 11 ? isValidCpf(value) : len === 14 && isValidCnpj(value);
}

const LOCAL = /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+$/i;
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

/** A PIX e-mail key: at most 77 characters (DICT), local@domain.tld, no spaces, a top-level domain of letters. Linear checks. */
export function isValidPixEmail(value: string): boolean {
  if (value.length > 77) return false;
  const at = value.indexOf("@");
  if (at < 1 || at !== value.lastIndexOf("@")) return false;
  const local = value.slice(0, at);
  const labels = value.slice(at + 1).split(".");
  if (local.length > 64 || !LOCAL.test(local) || local.startsWith(".") || local.endsWith(".") || local.includes("..")) return false;
  return labels.length >= 2 && labels.every((l) => LABEL.test(l)) && /^[a-z]{2,}$/i.test(labels[labels.length - 1]!);
}

/** Brazilian area codes (DDD) in use. */
const DDD = new Set([
  11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 24, 27, 28, 31, 32, 33, 34, 35, 37, 38, 41, 42, 43, 44, 45, 46, 47, 48, 49, 51, 53, 54, 55,
  61, 62, 63, 64, 65, 66, 67, 68, 69, 71, 73, 74, 75, 77, 79, 81, 82, 83, 84, 85, 86, 87, 88, 89, 91, 92, 93, 94, 95, 96, 97, 98, 99,
]);

/** A PIX phone key is a mobile number: (DD) 9XXXX-XXXX, also written with +55 or as digits only. */
export function isValidMobilePhone(value: string): boolean {
  if (!/^[\d\s()+-]+$/.test(value)) return false;
  let d = value.replace(/\D/g, "");
  if (d.length === 13 && d.startsWith("55")) d = d.slice(2);
  return d.length === 11 && DDD.has(Number(d.slice(0, 2))) && d[2] === "9";
}

/** A random (EVP) key: a UUID, 8-4-4-4-12 hexadecimal characters. */
export const isValidRandomKey = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

export function isValidPixKey(type: PixKeyType, key: string): boolean {
  switch (type) {
    case "CPF":
      return isValidCpf(key);
    case "CNPJ":
      return isValidCnpj(key);
    case "EMAIL":
      return isValidPixEmail(key);
    case "TELEFONE":
      return isValidMobilePhone(key);
    case "CHAVE_ALEATORIA":
      return isValidRandomKey(key);
  }
}

/** Agency: 4 digits, then its check digit (a digit or X) when the bank uses one: 0000-0. */
export const isValidAgency = (value: string) => /^\d{4}(?:-?[\dX])?$/i.test(value);
/** Account: 3 to 12 digits, a hyphen and the check digit (a digit or X): 0000000-0. */
export const isValidAccount = (value: string) => /^\d{3,12}-[\dX]$/i.test(value);

export const isPixKeyType = (v: string): v is PixKeyType => (PIX_KEY_TYPES as readonly string[]).includes(v);
export const isAccountType = (v: string): v is AccountType => (ACCOUNT_TYPES as readonly string[]).includes(v);

/** The spec's display rule: PIX when the entry has both a key and a key type, otherwise TRANSFERENCIA. */
export const paymentTypeOf = (row: Pick<BankDataFields, "TipoChavePix" | "ChavePix">): PaymentType =>
  row.TipoChavePix && row.ChavePix ? "PIX" : "TRANSFERENCIA";

/** Values as stored: trimmed; e-mail and random keys lower-cased (the DICT compares them so); types and flags upper-cased. */
export function normalizeBankData(f: Partial<Record<BankField, string | null | undefined>>): BankDataFields {
  const t = (v: string | null | undefined) => (v ?? "").trim();
  const type = t(f.TipoChavePix).toUpperCase();
  const key = t(f.ChavePix);
  return {
    TipoChavePix: type,
    ChavePix: type === "EMAIL" || type === "CHAVE_ALEATORIA" ? key.toLowerCase() : key,
    Banco: t(f.Banco),
    NumeroAgencia: t(f.NumeroAgencia).toUpperCase(),
    NumeroConta: t(f.NumeroConta).toUpperCase(),
    TipoConta: t(f.TipoConta).toUpperCase(),
    NomeTitular: t(f.NomeTitular),
    DocumentoTitular: t(f.DocumentoTitular).toUpperCase(),
    Selecionado: t(f.Selecionado).toUpperCase() || "N",
  };
}

/**
 * Every problem of normalized values, in form order, one per field. PIX checks only the PIX fields and a transfer only the bank
 * fields (the other method's fields are sent empty). Callers that show one message show a required one first.
 */
export function bankDataErrors(kind: PaymentType, f: BankDataFields): BankDataError[] {
  const out: BankDataError[] = [];
  const need = (field: BankField, message: string) => out.push({ field, message, required: true });
  const bad = (field: BankField, message: string) => out.push({ field, message, required: false });
  if (kind === "PIX") {
    if (!f.TipoChavePix) need("TipoChavePix", BANK_RULES.pixTypeRequired);
    else if (!isPixKeyType(f.TipoChavePix)) bad("TipoChavePix", BANK_RULES.pixTypeInvalid);
    if (!f.ChavePix) need("ChavePix", BANK_RULES.pixKeyRequired);
    else if (isPixKeyType(f.TipoChavePix) && !isValidPixKey(f.TipoChavePix, f.ChavePix))
      bad("ChavePix", BANK_RULES.pixKeyInvalid[f.TipoChavePix]);
  } else {
    if (!f.Banco) need("Banco", BANK_RULES.bankRequired);
    if (!f.NumeroAgencia) need("NumeroAgencia", BANK_RULES.agencyRequired);
    else if (!isValidAgency(f.NumeroAgencia)) bad("NumeroAgencia", BANK_RULES.agencyInvalid);
    if (!f.NumeroConta) need("NumeroConta", BANK_RULES.accountRequired);
    else if (!isValidAccount(f.NumeroConta)) bad("NumeroConta", BANK_RULES.accountInvalid);
    if (!f.TipoConta) need("TipoConta", BANK_RULES.accountTypeRequired);
    else if (!isAccountType(f.TipoConta)) bad("TipoConta", BANK_RULES.accountTypeInvalid);
  }
  if (!f.NomeTitular) need("NomeTitular", BANK_RULES.holderRequired);
  if (!f.DocumentoTitular) need("DocumentoTitular", BANK_RULES.documentRequired);
  else if (!isValidDocument(f.DocumentoTitular)) bad("DocumentoTitular", BANK_RULES.documentInvalid);
  if (f.Selecionado !== "S" && f.Selecionado !== "N") bad("Selecionado", BANK_RULES.selectedInvalid);
  return out;
}

/** The one message a single-answer caller (the server) gives: the first missing field, else the first invalid one. */
export const firstBankDataError = (errors: BankDataError[]) => errors.find((e) => e.required) ?? errors[0];
