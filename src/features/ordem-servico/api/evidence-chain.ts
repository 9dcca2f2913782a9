// The OS screen's evidence chain call (GET /execucao/:id/evidencias): the order's files with their hashes, the chain's links,
// its seal and the video's plate check, for "Verificar evidências"; its type comes from the contract (type-only) (main thread).
import { get, seg } from "../../../lib/api-client";
import type { Answer } from "../../../../contract/route";
import type * as C from "../../../../contract/evidencias-cadeia";

export const getOrderEvidenceChain = (id: string, signal?: AbortSignal) =>
  get<Answer<typeof C.orderEvidenceChain>>(`/execucao/${seg(id)}/evidencias`, { signal });
