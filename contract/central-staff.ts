// The central console's own staff (/central/equipe, issue 38): colleagues with their roles, invitations by one-time link, role
// changes, deactivation and reactivation (admins only), and the signed-in user's own password (schemas shared by server and
// client; the client imports types only). The invitation's link opens 'Primeiro acesso' (contract/acesso.ts).
import { Type, type Static } from "typebox";
import { anyBounded, bool, Done, list, MAX, obj, oneOf, str, strOrNull } from "./fields.ts";
import { defineRoute } from "./route.ts";
import { AccessLink } from "./acesso.ts";
import { CENTRAL_ROLES } from "./central-session.ts";
import { IdParams } from "./central-approvals.ts";

export const Colleague = obj({
  Id: str(),
  Nome: str(),
  Email: str(),
  Papel: oneOf(CENTRAL_ROLES, "approver decides services, payer pays the points, admin does both and manages the staff"),
  AtivoInativo: oneOf(["A", "I"] as const, "A active, I deactivated (cannot sign in)"),
  ConvitePendente: bool("invited, no password chosen yet"),
  ConviteExpiraEm: strOrNull("ISO instant the newest unused invitation expires (null: none usable)"),
  CriadoEm: str("ISO instant"),
  Voce: bool("the signed-in user's own row"),
});

export const listStaff = defineRoute({
  method: "GET",
  url: "/central/equipe",
  summary: "Every central colleague (active first, then by name) and the signed-in user's own role, read now; any central role reads it.",
  access: "central",
  response: {
    200: obj({
      data: list(Colleague),
      Papel: oneOf(CENTRAL_ROLES, "the signed-in user's role now (only admin manages the staff)"),
    }),
  },
});

// Wrong types are answered by the handler with a pt-BR message instead of being coerced by ajv (12 -> "12").
const roleField = anyBounded(MAX.short);

export const inviteColleague = defineRoute({
  method: "POST",
  url: "/central/equipe/convidar",
  summary: "An admin invites a colleague: the account without a password and a one-time link (72 h) to choose it.",
  access: "central",
  body: Type.Object({ Nome: anyBounded(MAX.name), Email: anyBounded(MAX.email), Papel: roleField }),
  response: { 200: obj({ success: Type.Literal(true), message: str(), Id: str(), acesso: AccessLink }) },
  errors: {
    400: "a blank name, a malformed e-mail or an unknown role",
    403: "the signed-in user is not an admin",
    409: "the e-mail belongs to a central user (active or not) or to an active point user",
  },
});

export const newInvitationLink = defineRoute({
  method: "POST",
  url: "/central/equipe/:id/convite",
  summary: "An admin issues a new invitation link for a colleague who has not chosen a password yet; earlier unused links stop working.",
  access: "central",
  params: IdParams,
  body: Type.Unknown(),
  response: { 200: obj({ success: Type.Literal(true), message: str(), acesso: AccessLink }) },
  errors: { 403: "not an admin", 404: "unknown colleague", 409: "the colleague already has a password, or is deactivated" },
});

export const changeRole = defineRoute({
  method: "POST",
  url: "/central/equipe/:id/papel",
  summary: "An admin changes a colleague's role (applies to their next request); the last active admin keeps the role.",
  access: "central",
  params: IdParams,
  body: Type.Object({ Papel: roleField }),
  response: { 200: Done },
  errors: { 400: "an unknown role", 403: "not an admin", 404: "unknown colleague", 409: "the last active admin would be demoted" },
});

export const deactivateColleague = defineRoute({
  method: "POST",
  url: "/central/equipe/:id/desativar",
  summary: "An admin deactivates a colleague: their sessions and pending links end at once; never oneself nor the last active admin.",
  access: "central",
  params: IdParams,
  body: Type.Unknown(),
  response: { 200: Done },
  errors: { 403: "not an admin", 404: "unknown colleague", 409: "oneself, or the last active admin" },
});

export const reactivateColleague = defineRoute({
  method: "POST",
  url: "/central/equipe/:id/reativar",
  summary: "An admin reactivates a colleague (they sign in again with their password, or a new invitation if they never chose one).",
  access: "central",
  params: IdParams,
  body: Type.Unknown(),
  response: { 200: Done },
  errors: { 403: "not an admin", 404: "unknown colleague" },
});

export const changeOwnPassword = defineRoute({
  method: "POST",
  url: "/central/equipe/senha",
  summary: "The signed-in user changes their own password (current one required, the portal's password rule); their other sessions end.",
  access: "central",
  body: Type.Object({
    senhaAtual: Type.Optional(anyBounded(MAX.password)),
    novaSenha: Type.Optional(anyBounded(MAX.password)),
    confirmacao: Type.Optional(anyBounded(MAX.password)),
  }),
  response: { 200: Done },
  errors: {
    400: "a missing field, a wrong current password, or a new password the rule refuses (the reason is said)",
    429: "too many attempts from this address",
  },
});

export type Colleague = Static<typeof Colleague>;
