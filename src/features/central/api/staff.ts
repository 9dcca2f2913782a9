// Calls of the central's 'Equipe da central' (/central/equipe, issue 38): the colleagues, invitations, roles, deactivation and
// the own password; their types come from the contract (type-only imports) (main thread).
import { call, type ApiResult } from "../../../lib/api-client";
import * as routes from "../../../../contract/gen/central-staff";
import type { AccessLink } from "../../../../contract/acesso";
import type { CentralRole } from "../../../../contract/central-session";

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

export const listStaff = (signal?: AbortSignal) => call(routes.listStaff, {}, { signal });
export const inviteColleague = (f: InviteFields) => call(routes.inviteColleague, { body: f }).then(absolute);
export const newInvitationLink = (id: string) => call(routes.newInvitationLink, { params: { id }, body: {} }).then(absolute);
export const changeRole = (id: string, Papel: CentralRole) => call(routes.changeRole, { params: { id }, body: { Papel } });
export const deactivateColleague = (id: string) => call(routes.deactivateColleague, { params: { id }, body: {} });
export const reactivateColleague = (id: string) => call(routes.reactivateColleague, { params: { id }, body: {} });
export const changeOwnPassword = (senhaAtual: string, novaSenha: string, confirmacao: string) =>
  call(routes.changeOwnPassword, { body: { senhaAtual, novaSenha, confirmacao } });
