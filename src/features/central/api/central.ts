// Calls of the Central console (/central/...) beyond the approvals' (api/approvals.ts): payouts (held ones, and the point's
// payment data to check and confirm), points and an item's history; their types come from the contract (type-only imports)
// (main thread).
import { apiUrl, call, seg } from "../../../lib/api-client";
import * as paymentRoutes from "../../../../contract/gen/central-payments";
import * as pointRoutes from "../../../../contract/gen/central-points";
import type * as Pt from "../../../../contract/central-points";
import type { BodyOf } from "../../../../contract/route";

export type { Payee, Payout, PayoutFilter, PayoutTotals } from "../../../../contract/central-payments";
export type { HistoryEntry, PayeeDiffRow, PayeeReview, PointRegistration, PointSummary } from "../../../../contract/central-points";

export const undoPayment = (id: string, motivo: string) => call(paymentRoutes.undoPayment, { params: { id }, body: { motivo } });
export const listPoints = (signal?: AbortSignal) => call(pointRoutes.listPoints, {}, { signal });
export const getPoint = (id: string, signal?: AbortSignal) => call(pointRoutes.getPoint, { params: { id } }, { signal });
export const getPayee = (id: string, signal?: AbortSignal) => call(pointRoutes.getPayee, { params: { id } }, { signal });
/**
 * `alteradoEm`: the change the user looked at; `primeiraConfirmacaoEm`: the first confirmation it showed (null: none). The
 * server refuses (409) when the data changed again, or another confirmation was made, since.
 */
export const confirmPayee = (id: string, body: BodyOf<typeof Pt.confirmPayee>) => call(pointRoutes.confirmPayee, { params: { id }, body });
export const getHistory = (id: string, signal?: AbortSignal) => call(pointRoutes.getHistory, { params: { id } }, { signal });
/** An order's evidence file for the central staff (the session cookie goes with img/video tags). */
export const centralFileUrl = (name: string) => apiUrl(`/central/arquivos/${seg(name)}`);
