// Calls of the console's Aprovações (/central/aprovacoes...): the pending list, the decisions on record, approving one or the
// selected ones, refusing, and undoing one's own decision; their types come from the contract (type-only imports) (main thread).
import { call } from "../../../lib/api-client";
import * as routes from "../../../../contract/gen/central-approvals";
import { centralEvidenceChain } from "../../../../contract/gen/evidencias-cadeia";
import type * as A from "../../../../contract/central-approvals";

export type {
  AlreadyDecided,
  ApprovalsFilter,
  DecidedFilter,
  DecidedService,
  PendingService,
} from "../../../../contract/central-approvals";

export const listPendingApprovals = (f: A.ApprovalsFilter, signal?: AbortSignal) =>
  call(routes.listPendingServices, { query: f }, { signal });
export const listDecidedApprovals = (f: A.DecidedFilter, signal?: AbortSignal) =>
  call(routes.listDecidedServices, { query: f }, { signal });
export const approveService = (id: string) => call(routes.approveService, { params: { id }, body: {} });
export const rejectService = (id: string, observacao: string) => call(routes.rejectService, { params: { id }, body: { observacao } });
export const undoDecision = (id: string) => call(routes.undoDecision, { params: { id }, body: {} });
export const approveSelected = (ids: string[]) => call(routes.approveSelected, { body: { ids } });
/** An order's evidence chain, its seal and the initial video's plate check (the evidence panel; "Verificar evidências"). */
export const getCentralEvidenceChain = (orderId: string, signal?: AbortSignal) =>
  call(centralEvidenceChain, { params: { id: orderId } }, { signal });
