// The /credenciado session routes of the contract: login (an attendant or the central's staff), token check, the signed-in
// attendant's data and logout (schemas shared by server and client; the client imports types only).
import { Type, type Static } from "typebox";
import { anyBounded, int, literal, MAX, numOrNull, obj, oneOf, str, strOrNull } from "./fields.ts";
import { defineRoute } from "./route.ts";

/** AtivoInativo of a user or a role: A active, I inactive. */
export const ACTIVE_FLAG = ["A", "I"] as const;
/** A role's yes/no flags (Administrativo, Atendimento): S yes, N no. */
export const YES_NO = ["S", "N"] as const;

/** Who signed in, as the login names them (an attendant or a member of the central's staff). */
export const SignedInUser = obj({ id: str(), email: str(), name: str() });

/** An attendant's session: the login's answer, also the end of 'Primeiro acesso' and of a password reset (no `perfil`). */
export const PointSignIn = obj(
  { message: str(), token: str("the session's bearer token"), user: SignedInUser },
  "an attendant signed in (the HttpOnly session cookie is set too)",
);
export const CentralSignIn = obj(
  { message: str(), token: str("the session's bearer token"), perfil: literal("central"), user: SignedInUser },
  "a member of the central's staff signed in (lands on the Central console; the HttpOnly session cookie is set too)",
);

export const login = defineRoute({
  method: "POST",
  url: "/credenciado/login",
  summary: "Signs an attendant or a member of the central's staff in with e-mail and password (rate-limited per address).",
  access: "public",
  // No `type` on e-mail and password: ajv would coerce 12 or ["a"] into strings, and the handler answers wrong types with the
  // contract's message. A string is still bounded (254 is the longest valid address) before isEmail or argon2 see it.
  body: Type.Object({
    email: Type.Optional(anyBounded(MAX.email)),
    password: Type.Optional(anyBounded(MAX.password)),
    /** true: the session lasts the 'remember me' days instead of the session hours (rememberMe is the same). */
    lembrar: Type.Optional(Type.Unknown()),
    rememberMe: Type.Optional(Type.Unknown()),
  }),
  response: { 200: Type.Union([PointSignIn, CentralSignIn]) },
  errors: {
    400: "no e-mail or no password (or not text)",
    401: "a malformed e-mail, wrong credentials or, after the right password only, an inactive account (an attendant's with codigo 'usuario-desativado')",
    429: "too many attempts from this address",
  },
});

export const checkSession = defineRoute({
  method: "GET",
  url: "/credenciado/auth",
  summary: "Confirms the attendant's token is a live session.",
  access: "point",
  response: { 200: obj({ message: str(), data: str("the signed-in user's IdPontoAtendimentoUsuario") }) },
});

/** The signed-in attendant, their role and their service point (the client keeps it as userData). */
export const SessionUser = obj({
  IdPontoAtendimentoUsuario: str(),
  Nome: str(),
  Email: str(),
  Telefone: strOrNull("as typed in Equipe, e.g. (81) 98888-1111"),
  AtivoInativo: oneOf(ACTIVE_FLAG, "A active, I inactive"),
  IdUsuarioTipo: int("the role"),
  Cargo: str("the role's name"),
  Administrativo: oneOf(YES_NO, "S: the role manages the point (bank data, registration, Equipe, record of changes)"),
  Atendimento: oneOf(YES_NO, "S: the role attends vehicles"),
  IdPontoAtendimento: str(),
  Cnpj: str(),
  EnderecoCep: strOrNull(),
  Endereco: strOrNull(),
  EnderecoCidade: strOrNull(),
  EnderecoUf: strOrNull("two letters"),
  EnderecoComplemento: strOrNull(),
  EnderecoBairro: strOrNull(),
  Latitude: numOrNull(),
  Longitude: numOrNull(),
  SegSexInicio: strOrNull("opening time Monday to Friday, 1970-01-01THH:mm:00.000Z"),
  SegSexFim: strOrNull("closing time Monday to Friday, as SegSexInicio"),
  SabadoInicio: strOrNull("as SegSexInicio"),
  SabadoFim: strOrNull("as SegSexInicio"),
  DomingoInicio: strOrNull("as SegSexInicio"),
  DomingoFim: strOrNull("as SegSexInicio"),
  FeriadoInicio: strOrNull("as SegSexInicio"),
  FeriadoFim: strOrNull("as SegSexInicio"),
  Descricao: str("the point's trade name"),
  RazaoSocial: str("the point's company name"),
  QtdeElevadores: int("lifts: how many vehicles at once"),
  InscricaoEstadual: strOrNull(),
  NumeroMatricula: strOrNull(),
  Logotipo: strOrNull("stored name of the logo file"),
  FotosEstabelecimento: strOrNull("the point's photos, as the registration keeps them (text)"),
});

export const getSessionUser = defineRoute({
  method: "GET",
  url: "/credenciado/get",
  summary: "The signed-in attendant with their role and service point (read again on start: a changed role shows at once).",
  access: "point",
  response: { 200: obj({ message: str(), data: SessionUser }) },
  errors: { 404: "the user is not found at the token's point (answered with data: null)" },
});

export const logout = defineRoute({
  method: "POST",
  url: "/credenciado/logout",
  summary: "Ends the attendant's session (the token stops working) and clears the session cookie.",
  access: "point",
  // Our client posts {}; a body-less POST must work too, so the body is declared as "anything, not read".
  body: Type.Unknown(),
  response: { 200: obj({ message: str() }) },
});

export type SignedInUser = Static<typeof SignedInUser>;
export type PointSignIn = Static<typeof PointSignIn>;
export type CentralSignIn = Static<typeof CentralSignIn>;
export type SessionUser = Static<typeof SessionUser>;
