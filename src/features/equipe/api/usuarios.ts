// Calls of /usuarios: the point's team (list, roles, add, edit, deactivate, reactivate) and its access links (main thread).
import { get, post, seg, type ApiResult } from "../../../lib/api-client";
import type * as C from "../../../../contract/usuarios";
import type { AccessLink } from "../../../../contract/acesso";
import type { Answer, BodyOf } from "../../../../contract/route";

export type { TeamUser, UserType } from "../../../../contract/usuarios";
export type { AccessLink } from "../../../../contract/acesso";

/** The user form's checked fields as sent: the role as the select's value (the server reads a number or its text). */
export type UserFields = Required<Pick<BodyOf<typeof C.addUser>, "Nome" | "Email" | "Telefone">> & { IdUsuarioTipo: string };

/** Every user of the point, the inactive ones too (the screen offers Reativar). */
export const listTeam = (idPontoAtendimento: string, signal?: AbortSignal) =>
  get<Answer<typeof C.listTeam>>(`/usuarios/lista/${seg(idPontoAtendimento)}?inativos=S`, { signal });
export const listUserTypes = (signal?: AbortSignal) => get<Answer<typeof C.listUserTypes>>("/usuarios/tipos", { signal });
/**
 * The server gives an absolute link when PUBLIC_URL is set, else a path (it never builds one from the request's Host header):
 * a path is completed with the address this browser shows, the portal the administrator is using.
 */
const absolute = <T extends { acesso: AccessLink }>(res: ApiResult<T>): ApiResult<T> =>
  res.ok && res.data?.acesso
    ? { ...res, data: { ...res.data, acesso: { ...res.data.acesso, Link: new URL(res.data.acesso.Link, window.location.origin).href } } }
    : res;

export const addUser = (u: UserFields & Required<Pick<BodyOf<typeof C.addUser>, "IdPontoAtendimento">>) =>
  post<Answer<typeof C.addUser>>("/usuarios/adicionar", u).then(absolute);
export const updateUser = (u: UserFields & Pick<BodyOf<typeof C.updateUser>, "IdPontoAtendimentoUsuario">) =>
  post<Answer<typeof C.updateUser>>("/usuarios/atualizar", u);
export const deactivateUser = (IdPontoAtendimentoUsuario: string) =>
  post<Answer<typeof C.deactivateUser>>("/usuarios/deletar", { IdPontoAtendimentoUsuario } satisfies BodyOf<typeof C.deactivateUser>);
export const reactivateUser = (IdPontoAtendimentoUsuario: string) =>
  post<Answer<typeof C.reactivateUser>>("/usuarios/reativar", { IdPontoAtendimentoUsuario } satisfies BodyOf<typeof C.reactivateUser>);
export const createAccessLink = (IdPontoAtendimentoUsuario: string) =>
  post<Answer<typeof C.createAccessLink>>("/usuarios/link-acesso", {
    IdPontoAtendimentoUsuario,
  } satisfies BodyOf<typeof C.createAccessLink>).then(absolute);
