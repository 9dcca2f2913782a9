// The point's registration data call, given one home because two features read it (the registration page, and the OS's
// 'Detalhes financeiros'; features do not import each other). Each keeps its own key and query options over it; the types
// come from the contract (type-only imports) (main thread).
import { call } from "./api-client";
import * as routes from "../../contract/gen/ponto-atendimento";

export type { DadosCadastrais } from "../../contract/ponto-atendimento";

export const getRegistration = (idPontoAtendimento: string, signal?: AbortSignal) =>
  call(routes.getRegistration, { params: { idPontoAtendimento } }, { signal });
