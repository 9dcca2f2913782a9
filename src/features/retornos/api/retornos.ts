// Calls of /retorno-servico: list, create, update, delete returns and the appointments they may refer to; their types come
// from the contract (type-only imports, nothing added to the bundle) (main thread).
import { get, post, seg } from "../../../lib/api-client";
import type * as C from "../../../../contract/retorno-servico";
import type { Answer, BodyOf } from "../../../../contract/route";

export type { AgendamentoDisponivel, RetornoServico } from "../../../../contract/retorno-servico";

/** The return's data as the form sends it (the id goes apart, to update). */
export type RetornoInput = Omit<C.ReturnData, "IdRetornoServico">;
/** The answer of an update or a delete: `{ success: true, message }`. */
export type ReturnAnswer = Answer<typeof C.deleteReturn>;

export const listReturns = (idPontoAtendimento: string, signal?: AbortSignal) =>
  get<Answer<typeof C.listReturns>>(`/retorno-servico/lista/${seg(idPontoAtendimento)}`, { signal });
export const addReturn = (data: RetornoInput) =>
  post<Answer<typeof C.addReturn>>("/retorno-servico/adicionar", { data } satisfies BodyOf<typeof C.addReturn>);
export const updateReturn = (idRetornoServico: string, data: RetornoInput) =>
  post<Answer<typeof C.updateReturn>>("/retorno-servico/atualizar", {
    idRetornoServico,
    data: { ...data, IdRetornoServico: idRetornoServico },
  } satisfies BodyOf<typeof C.updateReturn>);
export const deleteReturn = (idRetornoServico: string) =>
  post<Answer<typeof C.deleteReturn>>("/retorno-servico/deletar", { idRetornoServico } satisfies BodyOf<typeof C.deleteReturn>);
export const listReturnableAppointments = (idPontoAtendimento: string, signal?: AbortSignal) =>
  get<Answer<typeof C.listReturnableAppointments>>(`/retorno-servico/agendamentos-disponiveis/${seg(idPontoAtendimento)}`, { signal });
