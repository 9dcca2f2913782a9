// What each central role may do (issue 38), checked by every central route that decides or pays: a payer cannot approve, an
// approver cannot pay, only an admin manages the central staff (server only). The role is read with the session on each
// request (plugins/central-auth.ts); the decision itself still holds in the database (conditional updates, locks).
import type { FastifyRequest } from "fastify";
import type { CentralRole } from "../../contract/central-session.ts";
import { HttpError } from "./http-errors.ts";

export type CentralPermission = "approve" | "pay" | "manage-staff" | "manage-checklists";

const ALLOWED: Record<CentralPermission, readonly CentralRole[]> = {
  approve: ["approver", "admin"],
  pay: ["payer", "admin"],
  "manage-staff": ["admin"],
  "manage-checklists": ["admin"],
};

export const CENTRAL_ROLE_MESSAGES: Record<CentralPermission, string> = {
  approve: "Seu perfil na central não permite aprovar ou recusar serviços.",
  pay: "Seu perfil na central não permite registrar ou desfazer pagamentos.",
  "manage-staff": "Somente administradores da central podem gerenciar a equipe da central.",
  "manage-checklists": "Somente administradores da central podem alterar as listas de vistoria.",
};

export const centralCan = (role: CentralRole, permission: CentralPermission) => ALLOWED[permission].includes(role);

/** 403 with the role's message unless the signed-in central user may do it. */
export function requireCentralPermission(request: FastifyRequest, permission: CentralPermission) {
  if (!centralCan(request.central.role, permission)) throw new HttpError(403, CENTRAL_ROLE_MESSAGES[permission]);
}
