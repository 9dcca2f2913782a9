// Calls of /usuarios: the point's team (list, roles, add, edit, deactivate, reactivate) and its access links (main thread).
import { call, type ApiResult } from "../../../lib/api-client";
import * as routes from "../../../../contract/gen/usuarios";
import type * as C from "../../../../contract/usuarios";
import type { AccessLink } from "../../../../contract/acesso";
import type { BodyOf } from "../../../../contract/route";

export type { TeamUser, UserType } from "../../../../contract/usuarios";
export type { AccessLink } from "../../../../contract/acesso";

/** The user form's checked fields as sent: the role as the select's value (the server reads a number or its text). */
export type UserFields = Required<Pick<BodyOf<typeof C.addUser>, "Nome" | "Email" | "Telefone">> & { IdUsuarioTipo: string };

/** Every user of the point, the inactive ones too (the screen offers Reativar). */
export const listTeam = (idPontoAtendimento: string, signal?: AbortSignal) =>
  call(routes.listTeam, { params: { idPontoAtendimento }, query: { inativos: "S" } }, { signal });
export const listUserTypes = (signal?: AbortSignal) => call(routes.listUserTypes, {}, { signal });
/**
 * The server gives an absolute link when PUBLIC_URL is set, else a path (it never builds one from the request's Host header):
 * a path is completed with the address this browser shows, the portal the administrator is using.
 */
const absolute = <T extends { acesso: AccessLink }>(res: ApiResult<T>): ApiResult<T> =>
  res.ok && res.data?.acesso
    ? { ...res, data: { ...res.data, acesso: { ...res.data.acesso, Link: new URL(res.data.acesso.Link, window.location.origin).href } } }
    : res;

export const addUser = (u: UserFields & Required<Pick<BodyOf<typeof C.addUser>, "IdPontoAtendimento">>) =>
  call(routes.addUser, { body: u }).then(absolute);
export const updateUser = (u: UserFields & Pick<BodyOf<typeof C.updateUser>, "IdPontoAtendimentoUsuario">) =>
  call(routes.updateUser, { body: u });
export const deactivateUser = (IdPontoAtendimentoUsuario: string) => call(routes.deactivateUser, { body: { IdPontoAtendimentoUsuario } });
export const reactivateUser = (IdPontoAtendimentoUsuario: string) => call(routes.reactivateUser, { body: { IdPontoAtendimentoUsuario } });
export const createAccessLink = (IdPontoAtendimentoUsuario: string) =>
  call(routes.createAccessLink, { body: { IdPontoAtendimentoUsuario } }).then(absolute);
