// Calls of /credenciado: login, token check, user data, logout, and the access links (first access, new password); and the
// central staff's session calls the same store makes. Their types come from the contract (type-only imports) (main thread).
import { call } from "../../../lib/api-client";
import * as sessionRoutes from "../../../../contract/gen/credenciado";
import * as accessRoutes from "../../../../contract/gen/acesso";
import * as centralRoutes from "../../../../contract/gen/central-session";
import type * as C from "../../../../contract/credenciado";
import type { Answer } from "../../../../contract/route";

export type { SessionUser } from "../../../../contract/credenciado";
export type { AccessCheck } from "../../../../contract/acesso";
export type { CentralUser } from "../../../../contract/central-session";

/** The login's answer: an attendant's session, or (perfil "central") a member of the program's central staff. */
export type LoginResponse = Answer<typeof C.login>;

export const login = (email: string, password: string, lembrar: boolean) =>
  call(sessionRoutes.login, { body: { email, password, lembrar } }, { token: null });
export const checkAuth = (token: string) => call(sessionRoutes.checkSession, {}, { token });
export const getUser = (token: string) => call(sessionRoutes.getSessionUser, {}, { token });
export const logoutSession = (token: string) => call(sessionRoutes.logout, { body: {} }, { token });
export const getCentralUser = (token: string) => call(centralRoutes.getCentralUser, {}, { token });
export const logoutCentral = (token: string) => call(centralRoutes.logoutCentral, { body: {} }, { token });

export const checkAccess = (token: string, signal?: AbortSignal) =>
  call(accessRoutes.checkAccessLink, { body: { token } }, { token: null, signal });
/** Sets the password of an access link; the answer is the login's (and the session cookie is set too). */
export const definePassword = (token: string, senha: string, confirmacao: string) =>
  call(accessRoutes.setPasswordByLink, { body: { token, senha, confirmacao } }, { token: null });
/** Always the same neutral answer for a well-formed e-mail, whether an account has it or not. */
export const forgotPassword = (email: string) => call(accessRoutes.requestPasswordReset, { body: { email } }, { token: null });
