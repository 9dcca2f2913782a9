// Calls of the console's Aprovações (/central/aprovacoes...): the pending list, the decisions on record, approving one or the
// selected ones, refusing, and undoing one's own decision; their types come from the contract (type-only imports) (main thread).
import { get, post, seg } from "../../../lib/api-client";
import type * as A from "../../../../contract/central-approvals";
import type { Answer } from "../../../../contract/route";
import type { centralEvidenceChain } from "../../../../contract/evidencias-cadeia";

export type {
  AlreadyDecided,
  ApprovalsFilter,
  DecidedFilter,
  DecidedService,
  PendingService,
} from "../../../../contract/central-approvals";

/** The query string of a filter: empty values are left out. */
const query = (f: object) => {
  const q = new URLSearchParams(Object.entries(f).filter(([, v]) => typeof v === "string" && v !== "") as [string, string][]);
  return q.size ? `?${q}` : "";
};

export const listPendingApprovals = (f: A.ApprovalsFilter, signal?: AbortSignal) =>
  get<Answer<typeof A.listPendingServices>>(`/central/aprovacoes${query(f)}`, { signal });
export const listDecidedApprovals = (f: A.DecidedFilter, signal?: AbortSignal) =>
  get<Answer<typeof A.listDecidedServices>>(`/central/aprovacoes/decididas${query(f)}`, { signal });
export const approveService = (id: string) => post<Answer<typeof A.approveService>>(`/central/aprovacoes/${seg(id)}/aprovar`, {});
export const rejectService = (id: string, observacao: string) =>
  post<Answer<typeof A.rejectService>>(`/central/aprovacoes/${seg(id)}/recusar`, { observacao });
export const undoDecision = (id: string) => post<Answer<typeof A.undoDecision>>(`/central/aprovacoes/${seg(id)}/desfazer`, {});
export const approveSelected = (ids: string[]) =>
  post<Answer<typeof A.approveSelected>>("/central/aprovacoes/aprovar-selecionados", { ids });
/** An order's evidence chain, its seal and the initial video's plate check (the evidence panel; "Verificar evidências"). */
export const getCentralEvidenceChain = (orderId: string, signal?: AbortSignal) =>
  get<Answer<typeof centralEvidenceChain>>(`/central/ordens/${seg(orderId)}/evidencias`, { signal });
