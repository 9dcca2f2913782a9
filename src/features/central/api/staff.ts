// Calls of the central's 'Equipe da central' (/central/equipe, issue 38): the colleagues, invitations, roles, deactivation and
// the own password; their types come from the contract (type-only imports) (main thread).
import { get, post, seg, type ApiResult } from "../../../lib/api-client";
import type * as C from "../../../../contract/central-staff";
import type { AccessLink } from "../../../../contract/acesso";
import type { CentralRole } from "../../../../contract/central-session";
import type { Answer, BodyOf } from "../../../../contract/route";

export type { Colleague } from "../../../../contract/central-staff";
export type { AccessLink } from "../../../../contract/acesso";
export type { CentralRole } from "../../../../contract/central-session";

/**
 * The server gives an absolute link when PUBLIC_URL is set, else a path (it never builds one from the request's Host header):
 * a path is completed with the address this browser shows, the portal the admin is using.
 */
const absolute = <T extends { acesso: AccessLink }>(res: ApiResult<T>): ApiResult<T> =>
  res.ok && res.data?.acesso
    ? { ...res, data: { ...res.data, acesso: { ...res.data.acesso, Link: new URL(res.data.acesso.Link, window.location.origin).href } } }
    : res;

export type InviteFields = { Nome: string; Email: string; Papel: CentralRole };

export const listStaff = (signal?: AbortSignal) => get<Answer<typeof C.listStaff>>("/central/equipe", { signal });
export const inviteColleague = (f: InviteFields) =>
  post<Answer<typeof C.inviteColleague>>("/central/equipe/convidar", f satisfies BodyOf<typeof C.inviteColleague>).then(absolute);
export const newInvitationLink = (id: string) =>
  post<Answer<typeof C.newInvitationLink>>(`/central/equipe/${seg(id)}/convite`, {}).then(absolute);
export const changeRole = (id: string, Papel: CentralRole) =>
  post<Answer<typeof C.changeRole>>(`/central/equipe/${seg(id)}/papel`, { Papel } satisfies BodyOf<typeof C.changeRole>);
export const deactivateColleague = (id: string) => post<Answer<typeof C.deactivateColleague>>(`/central/equipe/${seg(id)}/desativar`, {});
export const reactivateColleague = (id: string) => post<Answer<typeof C.reactivateColleague>>(`/central/equipe/${seg(id)}/reativar`, {});
export const changeOwnPassword = (senhaAtual: string, novaSenha: string, confirmacao: string) =>
  post<Answer<typeof C.changeOwnPassword>>("/central/equipe/senha", {
    senhaAtual,
    novaSenha,
    confirmacao,
  } satisfies BodyOf<typeof C.changeOwnPassword>);
