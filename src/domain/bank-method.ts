// Which fields a bank record keeps by its payment method, shared by the form and the server (pure TS). Its own module, not
// bank-data.ts: the string catalogue imports bank-data's messages, which puts that module in the entry chunk; this is
// needed only when a record is saved.
import type { BankField, PaymentType } from "./bank-data";

/** The record's fields with the other method's emptied, as the contract asks: a PIX record holds no bank account and back. */
export function methodFields<F extends Partial<Record<BankField, string>>>(kind: PaymentType, f: F): F {
  const pix = kind === "PIX";
  const empty = (fields: BankField[]) => Object.fromEntries(fields.map((k) => [k, ""]));
  return { ...f, ...(pix ? empty(["Banco", "NumeroAgencia", "NumeroConta", "TipoConta"]) : empty(["TipoChavePix", "ChavePix"])) };
}
