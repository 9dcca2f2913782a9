// Calls of the central's Pagamentos (/central/pagamentos...): the payouts by execution or appointment date (and their situation
// on a payment date), paying a batch with its reference, the batches (list, one again for its file, undo), and a proof sent
// and fetched (multipart and file bytes, which the JSON client does not carry; the payment runs' transfers send theirs the
// same way); types from the contract (type-only imports) (main thread).
import { apiUrl, get, post, seg, storedToken, type ApiResult } from "../../../lib/api-client";
import { serverMessage } from "../../../domain/server-message";
import { downloadApiFile } from "../../../lib/api-file";
import type * as P from "../../../../contract/central-payments";
import type { Answer, BodyOf } from "../../../../contract/route";

export type { Batch, BatchFilter, Payee, Payout, PayoutTotals } from "../../../../contract/central-payments";

export type PayoutFilter = P.PayoutFilter;

const query = (f: object) => {
  const q = new URLSearchParams(Object.entries(f).filter(([, v]) => typeof v === "string" && v !== "") as [string, string][]);
  return q.size ? `?${q}` : "";
};

export const listPayouts = (f: PayoutFilter, signal?: AbortSignal) =>
  get<Answer<typeof P.listPayouts>>(`/central/pagamentos${query(f)}`, { signal });
export const payBatch = (b: BodyOf<typeof P.payPayouts>) => post<Answer<typeof P.payPayouts>>("/central/pagamentos/pagar", b);
export const listBatches = (f: P.BatchFilter, signal?: AbortSignal) =>
  get<Answer<typeof P.listBatches>>(`/central/pagamentos/lotes${query(f)}`, { signal });
export const getBatch = (id: string, signal?: AbortSignal) =>
  get<Answer<typeof P.getBatch>>(`/central/pagamentos/lotes/${seg(id)}`, { signal });
export const undoBatch = (id: string, motivo: string) =>
  post<Answer<typeof P.undoBatch>>(`/central/pagamentos/lotes/${seg(id)}/desfazer`, { motivo });

const authHeaders = (): Record<string, string> => {
  const token = storedToken();
  return token ? { authToken: token } : {};
};

/**
 * Sends a proof of payment as multipart (part `file`) to `path` (a batch's or a run transfer's); errors come back as values, as
 * from the JSON client.
 */
export async function postProof<T>(path: string, file: File): Promise<ApiResult<T>> {
  const form = new FormData();
  form.append("file", file, file.name);
  try {
    const res = await fetch(apiUrl(path), {
      method: "POST",
      headers: { accept: "application/json", ...authHeaders() },
      credentials: "same-origin",
      body: form,
    });
    const body: unknown = await res.json().catch(() => undefined);
    if (res.ok) return { ok: true, status: res.status, data: body as T };
    return { ok: false, status: res.status, message: serverMessage(body), body };
  } catch (err) {
    return { ok: false, status: undefined, message: undefined, body: err };
  }
}

/** Sends the batch's proof as multipart (part `file`). */
export const uploadBatchProof = (id: string, file: File) =>
  postProof<Answer<typeof P.uploadBatchProof>>(`/central/pagamentos/lotes/${seg(id)}/comprovante`, file);

export const batchProofPath = (id: string) => `/central/pagamentos/lotes/${seg(id)}/comprovante`;
/** The batch's proof, downloaded under its own name; false when it could not be. */
export const saveBatchProof = (id: string) => downloadApiFile(batchProofPath(id));
