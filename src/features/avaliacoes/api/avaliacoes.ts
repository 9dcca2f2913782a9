// Calls of /avaliacoes: average and list of ratings of the service point; their types come from the contract (type-only
// imports, nothing added to the bundle) (main thread).
import { call } from "../../../lib/api-client";
import * as routes from "../../../../contract/gen/avaliacoes";

export type { Avaliacao, MediaAvaliacoes } from "../../../../contract/avaliacoes";

export const getRatingAverage = (idPontoAtendimento: string, signal?: AbortSignal) =>
  call(routes.getRatingAverage, { params: { idPontoAtendimento } }, { signal });
export const listRatings = (idPontoAtendimento: string, signal?: AbortSignal) =>
  call(routes.listRatings, { params: { idPontoAtendimento } }, { signal });
