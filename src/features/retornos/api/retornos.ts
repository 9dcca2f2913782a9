// Calls of /retorno-servico: list, create, update, delete returns and the appointments they may refer to; their types come
// from the contract (type-only imports, nothing added to the bundle) (main thread).
import { call } from "../../../lib/api-client";
import * as routes from "../../../../contract/gen/retorno-servico";
import type * as C from "../../../../contract/retorno-servico";
import type { Answer } from "../../../../contract/route";

export type { AgendamentoDisponivel, RetornoServico } from "../../../../contract/retorno-servico";

/** The return's data as the form sends it (the id goes apart, to update). */
export type RetornoInput = Omit<C.ReturnData, "IdRetornoServico">;
/** The answer of an update or a delete: `{ success: true, message }`. */
export type ReturnAnswer = Answer<typeof C.deleteReturn>;

export const listReturns = (idPontoAtendimento: string, signal?: AbortSignal) =>
  call(routes.listReturns, { params: { idPontoAtendimento } }, { signal });
export const addReturn = (data: RetornoInput) => call(routes.addReturn, { body: { data } });
export const updateReturn = (idRetornoServico: string, data: RetornoInput) =>
  call(routes.updateReturn, { body: { idRetornoServico, data: { ...data, IdRetornoServico: idRetornoServico } } });
export const deleteReturn = (idRetornoServico: string) => call(routes.deleteReturn, { body: { idRetornoServico } });
export const listReturnableAppointments = (idPontoAtendimento: string, signal?: AbortSignal) =>
  call(routes.listReturnableAppointments, { params: { idPontoAtendimento } }, { signal });
