// The point's registration data call, given one home because two features read it (the registration page, and the OS's
// 'Detalhes financeiros'; features do not import each other). Each keeps its own key and query options over it; the types
// come from the contract (type-only imports) (main thread).
import { get, seg } from "./api-client";
import type * as C from "../../contract/ponto-atendimento";
import type { Answer } from "../../contract/route";

export type { DadosCadastrais } from "../../contract/ponto-atendimento";

export const getRegistration = (idPontoAtendimento: string, signal?: AbortSignal) =>
  get<Answer<typeof C.getRegistration>>(`/ponto-atendimento/dados-cadastrais/${seg(idPontoAtendimento)}`, { signal });
