// Calls of /usuarios: the point's team (list, roles, add, edit, deactivate, reactivate) and its access links (main thread).
import { get, post, seg, type ApiResult } from "../../../lib/api-client";

export interface TeamUser {
  IdPontoAtendimentoUsuario: string;
  Nome: string;
  Email: string;
  Telefone: string | null;
  /** When the user was created (ISO). */
  DataLog: string;
  AtivoInativo: "A" | "I";
  IdPontoAtendimento: string;
  IdUsuarioTipo: string | number;
  Cargo: string;
  Administrativo: "S" | "N";
  /** Last sign-in (ISO), null when never. */
  UltimoAcesso: string | null;
  /** The point's principal user: always active, always an administrative role. */
  Principal: boolean;
  /** False until the user creates a password from their invitation. */
  SenhaDefinida: boolean;
}

/** A role ('Cargo') a user may have. */
export interface UserType {
  IdUsuarioTipo: string | number;
  Descricao: string;
  Administrativo: "S" | "N";
  Atendimento?: string;
  AtivoInativo?: string;
}

/** A single-use link: an invitation (first access) for a user without a password, a reset for the others. */
export interface AccessLink {
  Tipo: "convite" | "redefinicao";
  Link: string;
  ExpiraEm: string;
}

export interface UserFields {
  Nome: string;
  Email: string;
  Telefone: string | null;
  IdUsuarioTipo: string;
}

type Envelope = { success: boolean; message?: string };

/** Every user of the point, the inactive ones too (the screen offers Reativar). */
export const listTeam = (idPontoAtendimento: string, signal?: AbortSignal) =>
  get<{ data: TeamUser[] }>(`/usuarios/lista/${seg(idPontoAtendimento)}?inativos=S`, { signal });
export const listUserTypes = (signal?: AbortSignal) => get<{ data: UserType[] }>("/usuarios/tipos", { signal });
/**
 * The server gives an absolute link when PUBLIC_URL is set, else a path (it never builds one from the request's Host header):
 * a path is completed with the address this browser shows, the portal the administrator is using.
 */
const absolute = <T extends { acesso: AccessLink }>(res: ApiResult<T>): ApiResult<T> =>
  res.ok && res.data?.acesso
    ? { ...res, data: { ...res.data, acesso: { ...res.data.acesso, Link: new URL(res.data.acesso.Link, window.location.origin).href } } }
    : res;

export const addUser = (u: UserFields & { IdPontoAtendimento: string }) =>
  post<Envelope & { id: string; acesso: AccessLink }>("/usuarios/adicionar", u).then(absolute);
export const updateUser = (u: UserFields & { IdPontoAtendimentoUsuario: string }) => post<Envelope>("/usuarios/atualizar", u);
export const deactivateUser = (IdPontoAtendimentoUsuario: string) => post<Envelope>("/usuarios/deletar", { IdPontoAtendimentoUsuario });
export const reactivateUser = (IdPontoAtendimentoUsuario: string) => post<Envelope>("/usuarios/reativar", { IdPontoAtendimentoUsuario });
export const createAccessLink = (IdPontoAtendimentoUsuario: string) =>
  post<Envelope & { acesso: AccessLink }>("/usuarios/link-acesso", { IdPontoAtendimentoUsuario }).then(absolute);
