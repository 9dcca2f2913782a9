// The OS screen's evidence chain call (GET /execucao/:id/evidencias): the order's files with their hashes, the chain's links,
// its seal and the video's plate check, for "Verificar evidências"; its type comes from the contract (type-only) (main thread).
import { call } from "../../../lib/api-client";
import * as routes from "../../../../contract/gen/evidencias-cadeia";

export const getOrderEvidenceChain = (id: string, signal?: AbortSignal) => call(routes.orderEvidenceChain, { params: { id } }, { signal });
