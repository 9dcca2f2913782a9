// Calls of the central's Pagamentos (/central/pagamentos...): the payouts by execution or appointment date (and their situation
// on a payment date), paying a batch with its reference, the batches (list, one again for its file, undo), and a proof sent
// and fetched (multipart through postForm, and file bytes; the payment runs' transfers send theirs the same way); types from
// the contract (type-only imports) (main thread).
import { call, postForm, seg } from "../../../lib/api-client";
import { downloadApiFile } from "../../../lib/api-file";
import * as routes from "../../../../contract/gen/central-payments";
import type * as P from "../../../../contract/central-payments";
import type { BodyOf } from "../../../../contract/route";

export type { Batch, BatchFilter, Payee, Payout, PayoutTotals } from "../../../../contract/central-payments";

export type PayoutFilter = P.PayoutFilter;

export const listPayouts = (f: PayoutFilter, signal?: AbortSignal) => call(routes.listPayouts, { query: f }, { signal });
export const payBatch = (b: BodyOf<typeof P.payPayouts>) => call(routes.payPayouts, { body: b });
export const listBatches = (f: P.BatchFilter, signal?: AbortSignal) => call(routes.listBatches, { query: f }, { signal });
export const getBatch = (id: string, signal?: AbortSignal) => call(routes.getBatch, { params: { id } }, { signal });
export const undoBatch = (id: string, motivo: string) => call(routes.undoBatch, { params: { id }, body: { motivo } });

/** Sends the batch's proof as multipart (part `file`, an image or a PDF). */
export const uploadBatchProof = (id: string, file: File) =>
  postForm(routes.uploadBatchProof, { params: { id }, files: { file: [file, file.name] } });

export const batchProofPath = (id: string) => `/central/pagamentos/lotes/${seg(id)}/comprovante`;
/** The batch's proof, downloaded under its own name; false when it could not be. */
export const saveBatchProof = (id: string) => downloadApiFile(batchProofPath(id));
