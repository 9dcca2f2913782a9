// The /usuarios routes of the contract: the point's administrator manages the team (list, roles, add with an invitation,
// edit, deactivate, reactivate, a new access link) (schemas shared by server and client; the client imports types only).
import { Type, type Static } from "typebox";
import { bool, int, list, literal, MAX, obj, oneOf, params, str, strOrNull, text } from "./fields.ts";
import { defineRoute } from "./route.ts";
import { ACTIVE_FLAG, YES_NO } from "./credenciado.ts";
import { AccessLink } from "./acesso.ts";

/** A user of the point as Equipe lists them. */
export const TeamUser = obj({
  IdPontoAtendimentoUsuario: str(),
  Nome: str(),
  Email: str(),
  Telefone: strOrNull("e.g. (81) 98888-1111"),
  IdUsuario: Type.Null({ description: "the contract's back-office creator; this server has none" }),
  DataLog: str("when the user was created (ISO instant)"),
  AtivoInativo: oneOf(ACTIVE_FLAG, "A active, I inactive"),
  IdPontoAtendimento: str(),
  IdUsuarioTipo: int("the role"),
  Cargo: str("the role's name"),
  Administrativo: oneOf(YES_NO, "S: the role manages the point"),
  UltimoAcesso: strOrNull("last sign-in (ISO instant), null when never"),
  Principal: bool("the point's principal user: the oldest account, always active, always an administrative role"),
  SenhaDefinida: bool("false until the user creates a password from their invitation"),
});

/** A role ('Cargo') a user may have. */
export const UserType = obj({
  IdUsuarioTipo: int(),
  Descricao: str(),
  Administrativo: oneOf(YES_NO, "S: the role manages the point"),
  Atendimento: oneOf(YES_NO, "S: the role attends vehicles"),
  IdUsuario: Type.Null({ description: "the contract's back-office creator; this server has none" }),
  DataLog: Type.Null({ description: "not kept by this server" }),
  AtivoInativo: oneOf(ACTIVE_FLAG, "A active, I inactive (only active roles are listed)"),
  Nome: Type.Null({ description: "the contract's creator's name; this server has none" }),
});

const Done = obj({ success: literal(true) });

export const listTeam = defineRoute({
  method: "GET",
  url: "/usuarios/lista/:idPontoAtendimento",
  summary: "The point's users, the principal first, then active before inactive, by name (administrators only).",
  access: "point-admin",
  params: params("idPontoAtendimento"),
  /** inativos=S: the inactive users too. */
  querystring: Type.Object({ inativos: Type.Optional(text(MAX.short)) }),
  response: { 200: obj({ data: list(TeamUser) }) },
  errors: { 403: "not an administrator", 404: "another point's id" },
});

export const listUserTypes = defineRoute({
  method: "GET",
  url: "/usuarios/tipos",
  summary: "The active roles, by name (administrators only).",
  access: "point-admin",
  response: { 200: obj({ data: list(UserType) }) },
  errors: { 403: "not an administrator" },
});

// Strings only (no coercion of 12 into "12"); each is bounded. Fields the original client sends but we ignore are accepted.
const userFields = {
  Nome: Type.Optional(text(MAX.name)),
  Email: Type.Optional(text(MAX.email)),
  Telefone: Type.Optional(Type.Unsafe<string | null>({ type: ["string", "null"], maxLength: MAX.phone })),
  /** The role, as a number or its text. */
  IdUsuarioTipo: Type.Optional(Type.Unsafe<number | string>({ type: ["integer", "string"], maxLength: MAX.short })),
  /** Sent by the original client: must be the token's point. */
  IdPontoAtendimento: Type.Optional(text(MAX.param)),
  /** Sent by the original client and ignored: a new user chooses their password through the invitation. */
  Senha: Type.Optional(Type.Unknown()),
};
const userBody = Type.Object({ IdPontoAtendimentoUsuario: text(MAX.param) });

export const addUser = defineRoute({
  method: "POST",
  url: "/usuarios/adicionar",
  summary: "Adds a user without a password and answers their one-time invitation link (recorded in the record of changes).",
  access: "point-admin",
  body: Type.Object(userFields),
  response: { 200: obj({ success: literal(true), id: str("the new user's IdPontoAtendimentoUsuario"), acesso: AccessLink }) },
  errors: {
    400: "no name, a malformed e-mail or phone, or an unknown role",
    403: "not an administrator",
    404: "another point's id",
    409: "an active user (or the central's staff) has the e-mail",
  },
});

export const updateUser = defineRoute({
  method: "POST",
  url: "/usuarios/atualizar",
  summary: "Edits a user's name, e-mail, phone or role; fields left out keep their value (recorded when something changed).",
  access: "point-admin",
  body: Type.Object({ IdPontoAtendimentoUsuario: text(MAX.param), ...userFields }),
  response: { 200: Done },
  errors: {
    400: "a blank name, a malformed e-mail or phone, or an unknown role",
    403: "not an administrator, or another administrator changing the principal's e-mail",
    404: "another point's user or id",
    409: "the principal without an administrative role, or an e-mail an active user has",
  },
});

export const deactivateUser = defineRoute({
  method: "POST",
  url: "/usuarios/deletar",
  summary: "Deactivates a user (the row stays); their sessions and pending links end at once; deactivating twice is harmless.",
  access: "point-admin",
  body: userBody,
  response: { 200: Done },
  errors: { 403: "not an administrator", 404: "another point's user", 409: "the caller's own user, or the principal" },
});

export const reactivateUser = defineRoute({
  method: "POST",
  url: "/usuarios/reativar",
  summary: "Reactivates a user; reactivating an active user is harmless.",
  access: "point-admin",
  body: userBody,
  response: { 200: Done },
  errors: { 403: "not an administrator", 404: "another point's user", 409: "an active user has the e-mail meanwhile" },
});

export const createAccessLink = defineRoute({
  method: "POST",
  url: "/usuarios/link-acesso",
  summary: "A new single-use link for a user (an invitation while they have no password, else a reset); earlier ones stop working.",
  access: "point-admin",
  body: userBody,
  response: { 200: obj({ success: literal(true), acesso: AccessLink }) },
  errors: {
    403: "not an administrator, or another administrator asking for the principal's link",
    404: "another point's user",
    409: "an inactive user",
  },
});

export type TeamUser = Static<typeof TeamUser>;
export type UserType = Static<typeof UserType>;
