// /usuarios: the point's administrator manages its team (contract calls 51-55, without their plain-text passwords): list, user
// types, add (with a one-time invitation instead of a password), update, deactivate (sessions revoked at once), reactivate,
// and a new access link (server only).
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { RouteDeps } from "./deps.ts";
import type { Db } from "../db/client.ts";
import { HttpError, badRequest, conflict } from "../lib/http-errors.ts";
import { pointActor, recordAudit, type Actor } from "../services/audit.ts";
import { fieldChanges, type FieldSpec } from "../rules/audit-fields.ts";
import { conflictOnUnique } from "../lib/db-errors.ts";
import { schemaOf } from "../../contract/route.ts";
import * as C from "../../contract/usuarios.ts";
import * as users from "../repositories/users.ts";
import { assertOwnPoint, ownUser } from "../plugins/tenant.ts";
import { ADMIN_ONLY, assertAdministrator } from "../plugins/roles.ts";
import { issueAccessLink, linkOrigin } from "../services/access-links.ts";
import { revokeUserAccess } from "../repositories/access-links.ts";
import { isBlank, isEmail } from "../../src/domain/validators.ts";
import { formatPhone } from "@brazilian-utils/brazilian-utils/format-phone";
import { isValidPhone } from "@brazilian-utils/brazilian-utils/is-valid-phone";
import { phoneDigits } from "../../src/domain/team.ts";

export const TEAM_MESSAGES = {
  adminOnly: ADMIN_ONLY,
  nameRequired: "Informe o nome do usuário.",
  invalidEmail: "Informe um e-mail válido.",
  invalidPhone: "Informe um telefone válido com DDD.",
  invalidType: "Escolha um cargo válido.",
  emailTaken: "Já existe um usuário ativo com este e-mail.",
  principalRole: "O usuário principal deve manter um cargo administrativo.",
  principalDeactivate: "O usuário principal não pode ser desativado.",
  selfDeactivate: "Você não pode desativar o seu próprio usuário.",
  inactiveLink: "Reative o usuário antes de gerar um link de acesso.",
  principalEmail: "Somente o próprio usuário principal pode alterar o e-mail dele.",
  principalLink: "Somente o próprio usuário principal pode gerar um link de acesso para a conta dele.",
} as const;

async function activeType(db: Db, id: unknown) {
  const n = typeof id === "string" && /^\d{1,9}$/.test(id.trim()) ? Number(id) : id;
  if (typeof n !== "number" || !Number.isInteger(n) || n < 1 || n > 2_147_483_647) throw badRequest(TEAM_MESSAGES.invalidType);
  const type = await users.activeUserType(db, n);
  if (!type) throw badRequest(TEAM_MESSAGES.invalidType);
  return type;
}

/** An active attendant's or a central user's e-mail is refused (the login would find only one of them). */
async function assertEmailFree(db: Db, email: string, exceptUserId?: string) {
  if (await users.emailInUse(db, email, exceptUserId)) throw conflict(TEAM_MESSAGES.emailTaken);
}

/** The unique index on active e-mails also refuses a race two admins could win together; answered as the check does. */
const orEmailTaken = <T>(work: Promise<T>) => conflictOnUnique(work, TEAM_MESSAGES.emailTaken);

function checkedName(value: unknown) {
  if (typeof value !== "string" || isBlank(value)) throw badRequest(TEAM_MESSAGES.nameRequired);
  return value.trim().replace(/\s+/g, " ");
}
function checkedEmail(value: unknown) {
  if (typeof value !== "string" || !isEmail(value.trim())) throw badRequest(TEAM_MESSAGES.invalidEmail);
  return value.trim();
}
function checkedPhone(value: unknown): string | null {
  if (value === undefined || value === null || (typeof value === "string" && value.trim() === "")) return null;
  // A mobile or landline number with its area code, by @brazilian-utils' numbering rules; kept as "(81) 98888-1111".
  if (typeof value !== "string" || !isValidPhone(phoneDigits(value))) throw badRequest(TEAM_MESSAGES.invalidPhone);
  return formatPhone(phoneDigits(value), { mask: "auto" });
}

/** The fields of a user the record of changes follows. */
const USER_FIELDS: FieldSpec<{ name: string; email: string; phone: string | null; role: string }>[] = [
  { key: "name", label: "Nome" },
  { key: "email", label: "E-mail" },
  { key: "phone", label: "Telefone" },
  { key: "role", label: "Cargo" },
];

/** The parts of a team change's record every route shares: the point, the administrator and the user concerned. */
const teamEntry = (request: FastifyRequest, actor: Actor, user: { id: string }, at: Date) => ({
  at,
  servicePointId: request.auth.servicePointId,
  actor,
  entity: "usuario" as const,
  entityId: user.id,
});

export async function usuariosRoutes(plain: FastifyInstance, { db, config, clock }: RouteDeps) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  // Every /usuarios route: the administrative role, read now (encapsulated: only this plugin's routes get the hook).
  app.addHook("preHandler", async (request) => assertAdministrator(db, request));

  app.get(C.listTeam.url, { schema: schemaOf(C.listTeam) }, async (request) => {
    assertOwnPoint(request, request.params.idPontoAtendimento);
    const pointId = request.auth.servicePointId;
    const [rows, principal] = await Promise.all([
      users.teamRows(db, pointId, request.query.inativos === "S"),
      users.principalId(db, pointId),
    ]);
    const data = rows.map((row) => users.toTeamUser(row, principal));
    // Principal first (the original client takes the oldest DataLog as principal; the order does not change that).
    data.sort((a, b) => Number(b.Principal) - Number(a.Principal));
    return { data };
  });

  app.get(C.listUserTypes.url, { schema: schemaOf(C.listUserTypes) }, async () => ({
    data: (await users.activeUserTypes(db)).map(users.toUserType),
  }));

  app.post(C.addUser.url, { schema: schemaOf(C.addUser) }, async (request) => {
    const body = request.body;
    // The contract's client sends the point's id; it must be this token's point (another point's is 404).
    if (body.IdPontoAtendimento !== undefined) assertOwnPoint(request, body.IdPontoAtendimento);
    const name = checkedName(body.Nome);
    const email = checkedEmail(body.Email);
    const phone = checkedPhone(body.Telefone);
    const type = await activeType(db, body.IdUsuarioTipo);
    await assertEmailFree(db, email);
    const actor = await pointActor(db, request);
    // The user, their invitation and the record of both, at once.
    const { user, acesso } = await orEmailTaken(
      db.transaction(async (tx) => {
        // No password: the new user chooses one through the invitation ('Primeiro acesso').
        const created = await users.insertUser(tx, {
          servicePointId: request.auth.servicePointId,
          userTypeId: type.id,
          name,
          email,
          phone,
          passwordHash: null,
        });
        const at = clock();
        const link = await issueAccessLink(tx, created, { issuedBy: request.auth.userId, origin: linkOrigin(config), now: at });
        await recordAudit(tx, {
          ...teamEntry(request, actor, created, at),
          action: "criar",
          summary: `Usuário incluído: ${name} (${type.description}), com convite de primeiro acesso.`,
          changes: fieldChanges(USER_FIELDS, null, { name, email, phone, role: type.description }),
        });
        return { user: created, acesso: link };
      }),
    );
    return { success: true as const, id: user.id, acesso };
  });

  app.post(C.updateUser.url, { schema: schemaOf(C.updateUser) }, async (request) => {
    const body = request.body;
    const user = await ownUser(db, request, body.IdPontoAtendimentoUsuario);
    if (body.IdPontoAtendimento !== undefined) assertOwnPoint(request, body.IdPontoAtendimento);
    // Fields left out keep their value (the contract's update wrote NULL over them): undefined is not written.
    const given = {
      name: body.Nome === undefined ? undefined : checkedName(body.Nome),
      email: body.Email === undefined ? undefined : checkedEmail(body.Email),
      phone: body.Telefone === undefined ? undefined : checkedPhone(body.Telefone),
    };
    const type = body.IdUsuarioTipo === undefined ? undefined : await activeType(db, body.IdUsuarioTipo);
    const isPrincipal = (await users.principalId(db, request.auth.servicePointId)) === user.id;
    if (type && type.administrative !== "S" && isPrincipal) throw conflict(TEAM_MESSAGES.principalRole);
    const emailChanged = given.email !== undefined && given.email.toLowerCase() !== user.email.toLowerCase();
    // The principal's e-mail is where their reset links go: another administrator changing it would take the account over.
    if (emailChanged && isPrincipal && user.id !== request.auth.userId) throw new HttpError(403, TEAM_MESSAGES.principalEmail);
    if (user.active === "A" && emailChanged) await assertEmailFree(db, given.email!, user.id);
    const actor = await pointActor(db, request);
    await orEmailTaken(
      db.transaction(async (tx) => {
        // The row as it is now, locked: another administrator's edit in between is the "before" this record shows and
        // keeps the fields this request leaves out.
        const current = await users.lockUser(tx, user.id);
        const roleBefore = await users.roleName(tx, current!.userTypeId);
        const patch = { ...given, ...(type ? { userTypeId: type.id } : {}) };
        const after = Object.values(patch).some((v) => v !== undefined) ? await users.updateUser(tx, user.id, patch) : current;
        const changes = fieldChanges(
          USER_FIELDS,
          { name: current!.name, email: current!.email, phone: current!.phone, role: roleBefore },
          { name: after!.name, email: after!.email, phone: after!.phone, role: type?.description ?? roleBefore },
        );
        if (changes.length === 0) return;
        await recordAudit(tx, {
          ...teamEntry(request, actor, user, clock()),
          action: "editar",
          summary: `Usuário alterado: ${after!.name}.`,
          changes,
        });
      }),
    );
    return { success: true as const };
  });

  app.post(C.deactivateUser.url, { schema: schemaOf(C.deactivateUser) }, async (request) => {
    const user = await ownUser(db, request, request.body.IdPontoAtendimentoUsuario);
    if (user.id === request.auth.userId) throw conflict(TEAM_MESSAGES.selfDeactivate);
    if ((await users.principalId(db, request.auth.servicePointId)) === user.id) throw conflict(TEAM_MESSAGES.principalDeactivate);
    const actor = await pointActor(db, request);
    // Soft: the row stays, so their name on orders, notes and files stays; every session and pending link ends now.
    await db.transaction(async (tx) => {
      const changed = await users.deactivateUser(tx, user.id);
      await revokeUserAccess(tx, user.id, { deactivated: true });
      if (!changed) return;
      await recordAudit(tx, {
        ...teamEntry(request, actor, user, clock()),
        action: "desativar",
        summary: `Usuário desativado: ${user.name} (sessões e links de acesso encerrados).`,
        changes: [{ campo: "Situação", antes: "Ativo", depois: "Inativo" }],
      });
    });
    return { success: true as const };
  });

  app.post(C.reactivateUser.url, { schema: schemaOf(C.reactivateUser) }, async (request) => {
    const user = await ownUser(db, request, request.body.IdPontoAtendimentoUsuario);
    if (user.active !== "A") {
      await assertEmailFree(db, user.email, user.id);
      const actor = await pointActor(db, request);
      await orEmailTaken(
        db.transaction(async (tx) => {
          if (!(await users.reactivateUser(tx, user.id))) return;
          await recordAudit(tx, {
            ...teamEntry(request, actor, user, clock()),
            action: "reativar",
            summary: `Usuário reativado: ${user.name}.`,
            changes: [{ campo: "Situação", antes: "Inativo", depois: "Ativo" }],
          });
        }),
      );
    }
    return { success: true as const };
  });

  app.post(C.createAccessLink.url, { schema: schemaOf(C.createAccessLink) }, async (request) => {
    const user = await ownUser(db, request, request.body.IdPontoAtendimentoUsuario);
    if (user.active !== "A") throw conflict(TEAM_MESSAGES.inactiveLink);
    // A link sets the account's password: for the principal's account, only the principal may ask for one.
    if (user.id !== request.auth.userId && (await users.principalId(db, request.auth.servicePointId)) === user.id)
      throw new HttpError(403, TEAM_MESSAGES.principalLink);
    const actor = await pointActor(db, request);
    // An invitation while the user has no password, a reset link once they have one.
    const acesso = await db.transaction(async (tx) => {
      const at = clock();
      const link = await issueAccessLink(tx, user, { issuedBy: request.auth.userId, origin: linkOrigin(config), now: at });
      await recordAudit(tx, {
        ...teamEntry(request, actor, user, at),
        action: "link_acesso",
        summary: `${link.Tipo === "convite" ? "Convite de primeiro acesso" : "Link de redefinição de senha"} gerado para ${user.name}.`,
      });
      return link;
    });
    return { success: true as const, acesso };
  });
}
