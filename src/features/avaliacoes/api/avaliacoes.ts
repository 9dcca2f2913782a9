// Calls of /avaliacoes: average and list of ratings of the service point; their types come from the contract (type-only
// imports, nothing added to the bundle) (main thread).
import { get, seg } from "../../../lib/api-client";
import type * as C from "../../../../contract/avaliacoes";
import type { Answer } from "../../../../contract/route";

export type { Avaliacao, MediaAvaliacoes } from "../../../../contract/avaliacoes";

export const getRatingAverage = (idPontoAtendimento: string, signal?: AbortSignal) =>
  get<Answer<typeof C.getRatingAverage>>(`/avaliacoes/get-average/${seg(idPontoAtendimento)}`, { signal });
export const listRatings = (idPontoAtendimento: string, signal?: AbortSignal) =>
  get<Answer<typeof C.listRatings>>(`/avaliacoes/get-all/${seg(idPontoAtendimento)}`, { signal });
