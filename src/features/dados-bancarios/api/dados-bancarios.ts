// Calls for the point's bank and PIX payout data; their types come from the contract (type-only imports, nothing added to
// the bundle) (main thread).
import { call } from "../../../lib/api-client";
import * as routes from "../../../../contract/gen/ponto-atendimento";
import type * as C from "../../../../contract/ponto-atendimento";
import type { Answer, BodyOf } from "../../../../contract/route";

export type { DadoBancario } from "../../../../contract/ponto-atendimento";

/** What the form sends: the record's fields and the point (the id goes apart, to edit). */
export type DadoBancarioInput = Omit<BodyOf<typeof C.addBankAccount>, "IdDadoBancario" | "idDadoBancario">;
/** The answer of a create, edit or delete: `{ message }`. */
export type BankDataAnswer = Answer<typeof C.addBankAccount>;

export const listBankData = (idPontoAtendimento: string, signal?: AbortSignal) =>
  call(routes.listBankAccounts, { params: { idPontoAtendimento } }, { signal });
export const addBankData = (b: DadoBancarioInput) => call(routes.addBankAccount, { body: b });
/** The original client sends the id under both spellings. */
export const editBankData = (b: DadoBancarioInput & { IdDadoBancario: string }) =>
  call(routes.editBankAccount, { body: { ...b, idDadoBancario: b.IdDadoBancario } });
export const deleteBankData = (IdDadoBancario: string) => call(routes.deleteBankAccount, { body: { IdDadoBancario } });
