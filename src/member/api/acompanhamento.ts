// The member's follow page's contract calls (contract/acompanhamento.ts): the link's token travels in POST bodies only, never in
// a URL, and no session token is ever sent (a phone that also holds an attendant's session must not mix them) (main thread).
import * as routes from "../../../contract/gen/acompanhamento";
import type * as C from "../../../contract/acompanhamento";
import type { BodyOf } from "../../../contract/route";
import { call, postForm } from "../../lib/api-client";

/** The order as the member sees it; 404 when the link is unknown, revoked or expired. */
export const getMemberView = (token: string, signal?: AbortSignal) => call(routes.memberView, { body: { token } }, { token: null, signal });

export const rateService = (body: BodyOf<typeof C.memberRating>) => call(routes.memberRating, { body }, { token: null });

/** The order's evidence chain with signed file addresses, for 'Verificar evidências'. */
export const getMemberEvidence = (token: string) => call(routes.memberEvidence, { body: { token } }, { token: null });

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
export const askReturn = ({ token, idServico, descricao, foto }: ReturnRequest) =>
  postForm(
    routes.memberReturn,
    { fields: { token, idServico, descricao }, files: { foto: foto ? [foto, foto.name || "foto.jpg"] : undefined } },
    { token: null },
  );
