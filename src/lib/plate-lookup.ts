// The plate lookup call, given one home because two features make it (the agenda's booking form and the scanner; features do
// not import each other): a member's vehicle, and its open appointment, by plate at the signed-in point. Each feature keeps its
// own key and query options over it; the types come from the contract (type-only imports) (main thread).
import { call } from "./api-client";
import * as routes from "../../contract/gen/scanner";

export type { PlateLookup } from "../../contract/scanner";

/** data is false when the plate is not a member's active vehicle. */
export const findByPlate = (idPontoAtendimento: string, placa: string, signal?: AbortSignal) =>
  call(routes.findByPlate, { params: { idPontoAtendimento, placa } }, { signal });
