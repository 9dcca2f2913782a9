// Calls of the Central console (/central/...) beyond the approvals' (api/approvals.ts): payouts (held ones, and the point's
// payment data to check and confirm), points and an item's history; their types come from the contract (type-only imports)
// (main thread).
import { apiUrl, get, post, seg } from "../../../lib/api-client";
import type * as P from "../../../../contract/central-payments";
import type * as Pt from "../../../../contract/central-points";
import type { Answer, BodyOf } from "../../../../contract/route";

export type { Payee, Payout, PayoutFilter, PayoutTotals } from "../../../../contract/central-payments";
export type { HistoryEntry, PayeeDiffRow, PayeeReview, PointRegistration, PointSummary } from "../../../../contract/central-points";

export const undoPayment = (id: string, motivo: string) =>
  post<Answer<typeof P.undoPayment>>(`/central/pagamentos/${seg(id)}/desfazer`, { motivo });
export const listPoints = (signal?: AbortSignal) => get<Answer<typeof Pt.listPoints>>("/central/pontos", { signal });
export const getPoint = (id: string, signal?: AbortSignal) => get<Answer<typeof Pt.getPoint>>(`/central/pontos/${seg(id)}`, { signal });
export const getPayee = (id: string, signal?: AbortSignal) =>
  get<Answer<typeof Pt.getPayee>>(`/central/pontos/${seg(id)}/dados-pagamento`, { signal });
/**
 * `alteradoEm`: the change the user looked at; `primeiraConfirmacaoEm`: the first confirmation it showed (null: none). The
 * server refuses (409) when the data changed again, or another confirmation was made, since.
 */
export const confirmPayee = (id: string, body: BodyOf<typeof Pt.confirmPayee>) =>
  post<Answer<typeof Pt.confirmPayee>>(`/central/pontos/${seg(id)}/confirmar-dados-pagamento`, body);
export const getHistory = (id: string, signal?: AbortSignal) =>
  get<Answer<typeof Pt.getHistory>>(`/central/historico/${seg(id)}`, { signal });
/** An order's evidence file for the central staff (the session cookie goes with img/video tags). */
export const centralFileUrl = (name: string) => apiUrl(`/central/arquivos/${seg(name)}`);
