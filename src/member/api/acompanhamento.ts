// The member's follow page's contract calls (contract/acompanhamento.ts): the link's token travels in POST bodies only, never in
// a URL, and no session token is ever sent (a phone that also holds an attendant's session must not mix them) (main thread).
import type * as C from "../../../contract/acompanhamento";
import type { Answer, BodyOf } from "../../../contract/route";
import type { EvidenceChain } from "../../../contract/evidencias-cadeia";
import { apiUrl, post, type ApiResult } from "../../lib/api-client";
import { serverMessage } from "../../domain/server-message";

/** The order as the member sees it; 404 when the link is unknown, revoked or expired. */
export const getMemberView = (token: string, signal?: AbortSignal) =>
  post<Answer<typeof C.memberView>>("/acompanhamento", { token } satisfies BodyOf<typeof C.memberView>, { token: null, signal });

export const rateService = (body: BodyOf<typeof C.memberRating>) =>
  post<Answer<typeof C.memberRating>>("/acompanhamento/avaliacao", body, { token: null });

/** The order's evidence chain with signed file addresses, for 'Verificar evidências'. */
export const getMemberEvidence = (token: string) =>
  post<EvidenceChain>("/acompanhamento/evidencias", { token } satisfies BodyOf<typeof C.memberEvidence>, { token: null });

export interface ReturnRequest {
  token: string;
  idServico: string;
  descricao: string;
  foto?: File | null;
}

/**
 * The return as multipart (the route's fields token, idServico, descricao and the image part `foto`): the text fields first,
 * so the server reads them before the photo's bytes.
 */
export async function askReturn({ token, idServico, descricao, foto }: ReturnRequest): Promise<ApiResult<Answer<typeof C.memberReturn>>> {
  const form = new FormData();
  form.append("token", token);
  form.append("idServico", idServico);
  form.append("descricao", descricao);
  if (foto) form.append("foto", foto, foto.name || "foto.jpg");
  let res: Response;
  try {
    res = await fetch(apiUrl("/acompanhamento/retorno"), { method: "POST", body: form, headers: { accept: "application/json" } });
  } catch (err) {
    return { ok: false, status: undefined, message: undefined, body: err };
  }
  let body: unknown;
  try {
    const text = await res.text();
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (res.ok) return { ok: true, status: res.status, data: body as Answer<typeof C.memberReturn> };
  return { ok: false, status: res.status, message: serverMessage(body), body };
}
