// The point's bank/PIX records (what its payouts go to): body rules, reads, locked writes, audit fields, mapping (server only).
import { and, desc, eq, ne } from "drizzle-orm";
import {
  ACCOUNT_TYPE_LABELS,
  bankDataErrors,
  firstBankDataError,
  normalizeBankData,
  PIX_KEY_TYPE_LABELS,
} from "../../src/domain/bank-data.ts";
import type { BankBody, DadoBancario } from "../../contract/ponto-atendimento.ts";
import type { Db } from "../db/client.ts";
import { bankAccounts } from "../db/schema.ts";
import { badRequest } from "../lib/http-errors.ts";
import { labelled, type FieldSpec } from "../rules/audit-fields.ts";
import { methodFields } from "../../src/domain/bank-method.ts";

export type BankAccountRow = typeof bankAccounts.$inferSelect;

export const toDadoBancario = (r: BankAccountRow): DadoBancario => ({
  IdDadoBancario: r.id,
  IdPontoAtendimento: r.servicePointId,
  TipoChavePix: r.pixKeyType ?? "",
  ChavePix: r.pixKey ?? "",
  Banco: r.bank ?? "",
  NumeroAgencia: r.agency ?? "",
  NumeroConta: r.account ?? "",
  TipoConta: r.accountType ?? "",
  NomeTitular: r.holderName,
  DocumentoTitular: r.holderDocument,
  Selecionado: r.selected as DadoBancario["Selecionado"],
  DataCadastro: r.createdAt.toISOString(),
});

const trimmed = (v: string | null | undefined, max = 200): string => {
  const s = (v ?? "").trim();
  if (s.length > max) throw badRequest("Um dos campos é longo demais.");
  return s;
};

/**
 * The row's values of a body: PIX when a key type or key is given (bank fields cleared), else a transfer (PIX fields
 * cleared). The rules are the form's (src/domain/bank-data.ts): the spec's required messages first, then what a bank would
 * refuse (CPF/CNPJ check digits, e-mail, mobile and random keys, agency and account digits).
 */
export function bankInput(b: BankBody) {
  for (const v of [b.TipoChavePix, b.TipoConta, b.Selecionado]) trimmed(v, 20);
  for (const v of [b.NumeroAgencia, b.NumeroConta, b.DocumentoTitular]) trimmed(v, 30);
  for (const v of [b.ChavePix, b.Banco, b.NomeTitular]) trimmed(v);
  const f = normalizeBankData(b);
  const kind = f.TipoChavePix !== "" || f.ChavePix !== "" ? "PIX" : "TRANSFERENCIA";
  const error = firstBankDataError(bankDataErrors(kind, f));
  if (error) throw badRequest(error.message);
  const m = methodFields(kind, f);
  return {
    pixKeyType: m.TipoChavePix,
    pixKey: m.ChavePix,
    bank: m.Banco,
    agency: m.NumeroAgencia,
    account: m.NumeroConta,
    accountType: m.TipoConta,
    holderName: m.NomeTitular,
    holderDocument: m.DocumentoTitular,
    selected: m.Selecionado,
  };
}
export type BankInput = ReturnType<typeof bankInput>;

/** The bank record's fields as the record of changes names them; accounts, keys and documents kept masked. */
export const BANK_FIELDS: FieldSpec<BankAccountRow>[] = [
  { key: "pixKeyType", label: "Tipo de chave PIX", text: labelled(PIX_KEY_TYPE_LABELS) },
  { key: "pixKey", label: "Chave PIX", sensitive: true },
  { key: "bank", label: "Banco" },
  { key: "agency", label: "Agência" },
  { key: "account", label: "Conta", sensitive: true },
  { key: "accountType", label: "Tipo de conta", text: labelled(ACCOUNT_TYPE_LABELS) },
  { key: "holderName", label: "Titular" },
  { key: "holderDocument", label: "Documento do titular", sensitive: true },
  { key: "selected", label: "Conta para pagamentos", text: (v) => (v === "S" ? "Sim" : "Não") },
];

/** The point's records, newest first, in the contract's shape. */
export const listBankAccounts = async (db: Db, pointId: string) =>
  (await db.select().from(bankAccounts).where(eq(bankAccounts.servicePointId, pointId)).orderBy(desc(bankAccounts.createdAt))).map(
    toDadoBancario,
  );

/** The point's record by id, locked for the caller's transaction (which took the point's row first: see lockPoints). */
export async function lockBankAccount(tx: Db, pointId: string, id: string) {
  const [row] = await tx
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.id, id), eq(bankAccounts.servicePointId, pointId)))
    .for("update");
  return row;
}

/** Unselects the point's selected record (but `except`): one account receives the payouts. */
export const unselectOthers = (tx: Db, pointId: string, except?: string) =>
  tx
    .update(bankAccounts)
    .set({ selected: "N" })
    .where(and(eq(bankAccounts.servicePointId, pointId), eq(bankAccounts.selected, "S"), except ? ne(bankAccounts.id, except) : undefined));

export async function insertBankAccount(tx: Db, pointId: string, values: BankInput) {
  const [created] = await tx
    .insert(bankAccounts)
    .values({ ...values, servicePointId: pointId })
    .returning();
  return created!;
}

export async function updateBankAccount(tx: Db, id: string, values: BankInput) {
  const [after] = await tx.update(bankAccounts).set(values).where(eq(bankAccounts.id, id)).returning();
  return after!;
}

export async function deleteBankAccount(tx: Db, id: string) {
  await tx.delete(bankAccounts).where(eq(bankAccounts.id, id));
}
