// /central/equipe (issue 38): the central's own staff. Any central user reads the list and changes their own password; only an
// admin invites, issues links, changes roles, deactivates and reactivates. Every role or activity change runs under the staff
// lock (repositories/central-staff.ts lockStaff), where the last active admin is guarded and the caller's own role is read
// again; each change is a central_actions row naming who did it (server only).
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { RouteDeps } from "./deps.ts";
import type { Db } from "../db/client.ts";
import { schemaOf } from "../../contract/route.ts";
import * as C from "../../contract/central-staff.ts";
import { CENTRAL_ROLES, type CentralRole } from "../../contract/central-session.ts";
import * as staff from "../repositories/central-staff.ts";
import { emailInUse } from "../repositories/users.ts";
import { recordCentralActions } from "../repositories/central-actions.ts";
import { CENTRAL_ROLE_MESSAGES, requireCentralPermission } from "../lib/central-roles.ts";
import { CENTRAL_NAME, ROLE_LABELS, STAFF_MESSAGES as M } from "../lib/central-staff-messages.ts";
import { HttpError, badRequest, conflict, notFound } from "../lib/http-errors.ts";
import { conflictOnUnique } from "../lib/db-errors.ts";
import { isUuid } from "../db/rows.ts";
import { hashPassword, verifyPassword } from "../lib/secrets.ts";
import { passwordEstimator } from "../lib/password-strength.ts";
import { linkOrigin } from "../services/access-links.ts";
import { isBlank, isEmail } from "../../src/domain/validators.ts";
import { passwordProblem, passwordUserInputs } from "../../src/domain/team.ts";

/** central_actions.entity of a staff change (the history of /central/historico/:id lists it like any other). */
const ENTITY = "central_user";

function checkedName(value: unknown) {
  if (typeof value !== "string" || isBlank(value)) throw badRequest(M.nameRequired);
  return value.trim().replace(/\s+/g, " ");
}
function checkedEmail(value: unknown) {
  if (typeof value !== "string" || !isEmail(value.trim())) throw badRequest(M.invalidEmail);
  return value.trim();
}
function checkedRole(value: unknown): CentralRole {
  if (typeof value !== "string" || !(CENTRAL_ROLES as readonly string[]).includes(value)) throw badRequest(M.invalidRole);
  return value as CentralRole;
}

/**
 * Runs a staff change under the staff lock: the caller must still be an active admin (a colleague may have demoted them since
 * the request started), and the target must exist. `work` gets the fresh rows; its writes commit with the lock released.
 */
async function underStaffLock<T>(
  db: Db,
  request: FastifyRequest,
  targetId: string,
  work: (tx: Db, ctx: { target: staff.StaffMember; all: staff.StaffMember[] }) => Promise<T>,
): Promise<T> {
  if (!isUuid(targetId)) throw notFound(M.notFound);
  return db.transaction(async (tx) => {
    const all = await staff.lockStaff(tx);
    const me = all.find((u) => u.id === request.central.userId);
    if (!me || !me.active || me.role !== "admin") throw new HttpError(403, CENTRAL_ROLE_MESSAGES["manage-staff"]);
    const target = all.find((u) => u.id === targetId);
    if (!target) throw notFound(M.notFound);
    return work(tx, { target, all });
  });
}

/** Whether the change would leave the central without an active admin. */
const isLastAdmin = (target: staff.StaffMember, all: staff.StaffMember[]) =>
  target.active && target.role === "admin" && all.filter((u) => u.active && u.role === "admin").length <= 1;

export async function centralStaffRoutes(plain: FastifyInstance, { db, config, clock }: RouteDeps) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const action = (request: FastifyRequest, entityId: string, act: string, previous: string | null, next: string | null) => ({
    userId: request.central.userId,
    entity: ENTITY,
    entityId,
    action: act,
    previous,
    next,
  });

  app.get(C.listStaff.url, { schema: schemaOf(C.listStaff) }, async (request) => {
    const rows = await staff.staffRows(db, clock());
    const me = rows.find((r) => r.id === request.central.userId);
    return {
      data: rows.map((r) => staff.toColleague(r, request.central.userId)),
      Papel: (me?.role ?? request.central.role) as CentralRole,
    };
  });

  app.post(C.inviteColleague.url, { schema: schemaOf(C.inviteColleague) }, async (request) => {
    requireCentralPermission(request, "manage-staff");
    const name = checkedName(request.body.Nome);
    const email = checkedEmail(request.body.Email);
    const role = checkedRole(request.body.Papel);
    // A point user's e-mail too: the login looks the point's users up first, so such a colleague could never sign in.
    if (await emailInUse(db, email)) throw conflict(M.emailTaken);
    const result = await conflictOnUnique(
      db.transaction(async (tx) => {
        const all = await staff.lockStaff(tx);
        const me = all.find((u) => u.id === request.central.userId);
        if (!me || !me.active || me.role !== "admin") throw new HttpError(403, CENTRAL_ROLE_MESSAGES["manage-staff"]);
        const created = await staff.insertColleague(tx, { name, email, role });
        const now = clock();
        const acesso = await staff.issueInvitation(tx, created.id, { createdBy: me.id, origin: linkOrigin(config), now });
        await recordCentralActions(tx, [{ ...action(request, created.id, "convidar", null, ROLE_LABELS[role]), at: now, note: email }]);
        return { id: created.id, acesso };
      }),
      M.emailTaken,
    );
    return { success: true as const, message: M.invited(name), Id: result.id, acesso: result.acesso };
  });

  app.post(C.newInvitationLink.url, { schema: schemaOf(C.newInvitationLink) }, async (request) => {
    requireCentralPermission(request, "manage-staff");
    return underStaffLock(db, request, request.params.id, async (tx, { target }) => {
      if (!target.active) throw conflict(M.inactiveLink);
      if (!target.pending) throw conflict(M.alreadyHasPassword);
      const now = clock();
      const acesso = await staff.issueInvitation(tx, target.id, { createdBy: request.central.userId, origin: linkOrigin(config), now });
      await recordCentralActions(tx, [{ ...action(request, target.id, "novo_convite", null, null), at: now }]);
      return { success: true as const, message: M.newLink(target.name), acesso };
    });
  });

  app.post(C.changeRole.url, { schema: schemaOf(C.changeRole) }, async (request) => {
    requireCentralPermission(request, "manage-staff");
    const role = checkedRole(request.body.Papel);
    return underStaffLock(db, request, request.params.id, async (tx, { target, all }) => {
      if (target.role === role) return { success: true as const, message: M.roleUnchanged(target.name, role) };
      if (role !== "admin" && isLastAdmin(target, all)) throw conflict(M.lastAdmin);
      await staff.setRole(tx, target.id, role);
      await recordCentralActions(tx, [
        { ...action(request, target.id, "alterar_papel", ROLE_LABELS[target.role], ROLE_LABELS[role]), at: clock() },
      ]);
      return { success: true as const, message: M.roleChanged(target.name, role) };
    });
  });

  app.post(C.deactivateColleague.url, { schema: schemaOf(C.deactivateColleague) }, async (request) => {
    requireCentralPermission(request, "manage-staff");
    if (request.params.id === request.central.userId) throw conflict(M.selfDeactivate);
    return underStaffLock(db, request, request.params.id, async (tx, { target, all }) => {
      if (target.active) {
        if (isLastAdmin(target, all)) throw conflict(M.lastAdmin);
        await staff.setActive(tx, target.id, false);
        await recordCentralActions(tx, [{ ...action(request, target.id, "desativar", "Ativo", "Inativo"), at: clock() }]);
      }
      // Their sessions and pending links end now (also when the row was already inactive: nothing may outlive it).
      await staff.endSessions(tx, target.id);
      await staff.deleteUnusedInvitations(tx, target.id);
      return { success: true as const, message: M.deactivated(target.name) };
    });
  });

  app.post(C.reactivateColleague.url, { schema: schemaOf(C.reactivateColleague) }, async (request) => {
    requireCentralPermission(request, "manage-staff");
    return underStaffLock(db, request, request.params.id, async (tx, { target }) => {
      if (!target.active) {
        await staff.setActive(tx, target.id, true);
        await recordCentralActions(tx, [{ ...action(request, target.id, "reativar", "Inativo", "Ativo"), at: clock() }]);
      }
      return { success: true as const, message: M.reactivated(target.name) };
    });
  });

  // Limited like the login, per address: a stolen session must not become a way to guess the current password.
  const limited = { rateLimit: { max: config.loginRateLimit.max, timeWindow: config.loginRateLimit.windowMs } };
  app.post(C.changeOwnPassword.url, { config: limited, schema: schemaOf(C.changeOwnPassword) }, async (request) => {
    const { senhaAtual, novaSenha, confirmacao } = request.body;
    if (typeof senhaAtual !== "string" || typeof novaSenha !== "string" || typeof confirmacao !== "string" || senhaAtual === "") {
      throw badRequest(M.passwordFieldsRequired);
    }
    const me = await staff.credentialsOf(db, request.central.userId);
    if (!me?.passwordHash || !(await verifyPassword(me.passwordHash, senhaAtual))) throw badRequest(M.wrongCurrentPassword);
    if (novaSenha === senhaAtual) throw badRequest(M.samePassword);
    const estimate = await passwordEstimator();
    const inputs = passwordUserInputs({ name: me.name, email: me.email, pointNames: [CENTRAL_NAME] });
    const problem = passwordProblem(novaSenha, me.email, confirmacao, () => estimate(novaSenha, inputs));
    if (problem) throw badRequest(problem);
    const hash = await hashPassword(novaSenha);
    await db.transaction(async (tx) => {
      // Conditional on the hash just verified: a parallel change with the same current password finds it gone.
      if (!(await staff.replacePassword(tx, request.central.userId, me.passwordHash!, hash))) throw badRequest(M.wrongCurrentPassword);
      await staff.endSessions(tx, request.central.userId, request.central.sessionId);
      await recordCentralActions(tx, [{ ...action(request, request.central.userId, "alterar_senha", null, null), at: clock() }]);
    });
    return { success: true as const, message: M.passwordChanged };
  });
}
