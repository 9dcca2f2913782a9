// Calls for the point's bank and PIX payout data; their types come from the contract (type-only imports, nothing added to
// the bundle) (main thread).
import { get, post, seg } from "../../../lib/api-client";
import type * as C from "../../../../contract/ponto-atendimento";
import type { Answer, BodyOf } from "../../../../contract/route";

export type { DadoBancario } from "../../../../contract/ponto-atendimento";

/** What the form sends: the record's fields and the point (the id goes apart, to edit). */
export type DadoBancarioInput = Omit<BodyOf<typeof C.addBankAccount>, "IdDadoBancario" | "idDadoBancario">;
/** The answer of a create, edit or delete: `{ message }`. */
export type BankDataAnswer = Answer<typeof C.addBankAccount>;

export const listBankData = (idPontoAtendimento: string, signal?: AbortSignal) =>
  get<Answer<typeof C.listBankAccounts>>(`/ponto-atendimento/get-dados-bancarios/${seg(idPontoAtendimento)}`, { signal });
export const addBankData = (b: DadoBancarioInput) => post<BankDataAnswer>("/ponto-atendimento/add-dado-bancario", b);
/** The original client sends the id under both spellings. */
export const editBankData = (b: DadoBancarioInput & { IdDadoBancario: string }) =>
  post<Answer<typeof C.editBankAccount>>("/ponto-atendimento/edit-dado-bancario", {
    ...b,
    idDadoBancario: b.IdDadoBancario,
  } satisfies BodyOf<typeof C.editBankAccount>);
export const deleteBankData = (IdDadoBancario: string) =>
  post<Answer<typeof C.deleteBankAccount>>("/ponto-atendimento/delete-dado-bancario", {
    IdDadoBancario,
  } satisfies BodyOf<typeof C.deleteBankAccount>);
