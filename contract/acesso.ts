// The public access-link routes of the contract: opening an invitation or reset link, setting the password through it (then
// signed in) and 'Esqueci minha senha'; also the link's shape Equipe hands out (schemas shared by server and client; the
// client imports types only).
import { Type, type Static } from "typebox";
import { anyBounded, MAX, obj, oneOf, str } from "./fields.ts";
import { defineRoute } from "./route.ts";
import { CentralSignIn, PointSignIn } from "./credenciado.ts";

/** convite: a first access (the user has no password yet); redefinicao: a new password. */
export const ACCESS_LINK_KINDS = ["convite", "redefinicao"] as const;

/** A single-use link: an invitation for a user without a password, a reset for the others. */
export const AccessLink = obj({
  Tipo: oneOf(ACCESS_LINK_KINDS, "convite (first access) or redefinicao (new password)"),
  Link: str("absolute when PUBLIC_URL is set, else a path (/primeiro-acesso#token or /redefinir-senha#token)"),
  ExpiraEm: str("ISO instant"),
});

/** Who an access link is for, as its page greets them. */
export const AccessCheck = obj({
  Tipo: oneOf(ACCESS_LINK_KINDS, "convite (first access) or redefinicao (new password)"),
  Nome: str("the user's name"),
  Email: str("the user's e-mail"),
  ExpiraEm: str("ISO instant"),
  Ponto: str(
    "the point's trade name (the strength meter counts it as the user's own words); 'Central do Programa' for a central colleague's invitation",
  ),
  RazaoSocial: str("the point's company name (likewise; empty for a central colleague's invitation)"),
});

// Wrong types are answered by the handler with a clear message instead of being coerced (12 -> "12") by ajv.
const linkToken = Type.Optional(anyBounded(MAX.param * 2));

export const checkAccessLink = defineRoute({
  method: "POST",
  url: "/credenciado/acesso",
  summary:
    "What an access link opens (first access or new password; a point user's link or a central colleague's invitation), for whom and until when (rate-limited per address).",
  access: "public",
  /** token: the text after '#' in the link. */
  body: Type.Object({ token: linkToken }),
  response: { 200: AccessCheck },
  errors: { 400: "an unknown, used or expired link, or an inactive user", 429: "too many attempts from this address" },
});

export const setPasswordByLink = defineRoute({
  method: "POST",
  url: "/credenciado/definir-senha",
  summary:
    "Sets the password of an access link's user (a point user, or a central colleague invited in Equipe da central), spends the link, ends their other sessions and signs them in.",
  access: "public",
  body: Type.Object({
    token: linkToken,
    senha: Type.Optional(anyBounded(MAX.password)),
    confirmacao: Type.Optional(anyBounded(MAX.password)),
  }),
  // A central colleague's invitation signs them in as the login does for the central (perfil "central").
  response: { 200: Type.Union([PointSignIn, CentralSignIn]) },
  errors: {
    400: "an unknown, used or expired link; a missing, weak or unconfirmed password",
    429: "too many attempts from this address",
  },
});

export const requestPasswordReset = defineRoute({
  method: "POST",
  url: "/credenciado/esqueci-senha",
  summary: "'Esqueci minha senha': the same answer whether the e-mail exists; a reset link is mailed when SMTP is configured.",
  access: "public",
  body: Type.Object({ email: Type.Optional(anyBounded(MAX.email)) }),
  response: { 200: obj({ message: str() }) },
  errors: { 400: "a malformed e-mail", 429: "too many attempts from this address" },
});

export type AccessLink = Static<typeof AccessLink>;
export type AccessCheck = Static<typeof AccessCheck>;
