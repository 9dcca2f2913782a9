// Calls of /credenciado: login, token check, user data, logout, and the access links (first access, new password) (main thread).
import { get, post } from "../../../lib/api-client";

export interface LoginResponse {
  message: string;
  token: string;
  /** "central": the program's central staff (Central console), not an attendant. */
  perfil?: "central";
  user: { id: string; email: string; name?: string };
}

/** A signed-in member of the program's central staff, as /central/me returns them. */
export interface CentralUser {
  Id: string;
  Nome: string;
  Email: string;
  Perfil: "central";
}

/** The signed-in attendant and the service point, as /credenciado/get returns them (kept in localStorage as userData). */
export interface SessionUser {
  IdPontoAtendimentoUsuario: string;
  IdPontoAtendimento: string;
  Nome: string;
  Email: string;
  Telefone?: string | null;
  Cargo?: string;
  Administrativo?: "S" | "N";
  Descricao?: string;
  RazaoSocial?: string;
  Cnpj?: string;
  NumeroMatricula?: string | null;
  Endereco?: string | null;
  EnderecoCidade?: string | null;
  EnderecoUf?: string | null;
  EnderecoBairro?: string | null;
  EnderecoCep?: string | null;
  EnderecoComplemento?: string | null;
  Logotipo?: string | null;
  [key: string]: unknown;
}

export const login = (email: string, password: string, lembrar: boolean) =>
  post<LoginResponse>("/credenciado/login", { email, password, lembrar }, { token: null });
export const checkAuth = (token: string) => get<{ message: string; data: string }>("/credenciado/auth", { token });
export const getUser = (token: string) => get<{ message: string; data: SessionUser }>("/credenciado/get", { token });
export const logoutSession = (token: string) => post<{ message: string }>("/credenciado/logout", {}, { token });
export const getCentralUser = (token: string) => get<{ data: CentralUser }>("/central/me", { token });
export const logoutCentral = (token: string) => post<{ message: string }>("/central/logout", {}, { token });

/** What an access link's token opens: a first access (invitation) or a new password (reset), for whom, until when. */
export interface AccessCheck {
  Tipo: "convite" | "redefinicao";
  Nome: string;
  Email: string;
  ExpiraEm: string;
  /** The point's trade and company names: the strength meter counts them as the user's own words, as the server does. */
  Ponto?: string;
  RazaoSocial?: string;
}

export const checkAccess = (token: string, signal?: AbortSignal) =>
  post<AccessCheck>("/credenciado/acesso", { token }, { token: null, signal });
/** Sets the password of an access link; the answer is the login's (and the session cookie is set too). */
export const definePassword = (token: string, senha: string, confirmacao: string) =>
  post<LoginResponse>("/credenciado/definir-senha", { token, senha, confirmacao }, { token: null });
/** Always the same neutral answer for a well-formed e-mail, whether an account has it or not. */
export const forgotPassword = (email: string) => post<{ message: string }>("/credenciado/esqueci-senha", { email }, { token: null });
