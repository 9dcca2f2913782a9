// Calls of /credenciado: login, token check, user data, logout, and the access links (first access, new password); and the
// central staff's session calls the same store makes. Their types come from the contract (type-only imports) (main thread).
import { get, post } from "../../../lib/api-client";
import type * as C from "../../../../contract/credenciado";
import type * as A from "../../../../contract/acesso";
import type * as CS from "../../../../contract/central-session";
import type { Answer, BodyOf } from "../../../../contract/route";

export type { SessionUser } from "../../../../contract/credenciado";
export type { AccessCheck } from "../../../../contract/acesso";
export type { CentralUser } from "../../../../contract/central-session";

/** The login's answer: an attendant's session, or (perfil "central") a member of the program's central staff. */
export type LoginResponse = Answer<typeof C.login>;

export const login = (email: string, password: string, lembrar: boolean) =>
  post<LoginResponse>("/credenciado/login", { email, password, lembrar } satisfies BodyOf<typeof C.login>, { token: null });
export const checkAuth = (token: string) => get<Answer<typeof C.checkSession>>("/credenciado/auth", { token });
export const getUser = (token: string) => get<Answer<typeof C.getSessionUser>>("/credenciado/get", { token });
export const logoutSession = (token: string) => post<Answer<typeof C.logout>>("/credenciado/logout", {}, { token });
export const getCentralUser = (token: string) => get<Answer<typeof CS.getCentralUser>>("/central/me", { token });
export const logoutCentral = (token: string) => post<Answer<typeof CS.logoutCentral>>("/central/logout", {}, { token });

export const checkAccess = (token: string, signal?: AbortSignal) =>
  post<Answer<typeof A.checkAccessLink>>("/credenciado/acesso", { token } satisfies BodyOf<typeof A.checkAccessLink>, {
    token: null,
    signal,
  });
/** Sets the password of an access link; the answer is the login's (and the session cookie is set too). */
export const definePassword = (token: string, senha: string, confirmacao: string) =>
  post<Answer<typeof A.setPasswordByLink>>(
    "/credenciado/definir-senha",
    { token, senha, confirmacao } satisfies BodyOf<typeof A.setPasswordByLink>,
    { token: null },
  );
/** Always the same neutral answer for a well-formed e-mail, whether an account has it or not. */
export const forgotPassword = (email: string) =>
  post<Answer<typeof A.requestPasswordReset>>("/credenciado/esqueci-senha", { email } satisfies BodyOf<typeof A.requestPasswordReset>, {
    token: null,
  });
