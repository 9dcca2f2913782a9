// /central/aprovacoes: the program's staff approve or reject the services attendants linked, across every point; each
// decision is recorded (who, when, the value before) and the point told, in the decision's transaction (server only).
import { centralUserById } from "../repositories/central-users.ts";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { schemaOf } from "../../contract/route.ts";
import * as C from "../../contract/central-approvals.ts";
import { CENTRAL_MESSAGES } from "../lib/central-messages.ts";
import { HttpError } from "../lib/http-errors.ts";
import { requireCentralPermission } from "../lib/central-roles.ts";
import { isUuid } from "../lib/db-rows.ts";
import { parsePeriod } from "../lib/dates.ts";
import * as approvals from "../repositories/approvals.ts";
import { recordCentralActions } from "../repositories/central-actions.ts";
import { pushAfterCommit } from "../services/push.ts";
import type { RouteDeps } from "./deps.ts";

/** One decision on a pending service: only 'P' changes (atomically, so two central users cannot both decide it); the point's
 * users are told in the same transaction, and their devices by push once it committed. */
async function decide(
  { db, config }: RouteDeps,
  log: FastifyBaseLogger,
  serviceLinkId: string,
  userId: string,
  to: "A" | "R",
  note: string | null,
) {
  if (!isUuid(serviceLinkId)) throw new HttpError(404, CENTRAL_MESSAGES.notFound);
  const told = await db.transaction(async (tx) => {
    const changed = await approvals.decideServiceLink(tx, serviceLinkId, to, note);
    if (!changed) {
      const exists = await approvals.serviceLinkExists(tx, serviceLinkId);
      throw new HttpError(exists ? 409 : 404, exists ? CENTRAL_MESSAGES.notPending : CENTRAL_MESSAGES.notFound);
    }
    await recordCentralActions(tx, [
      {
        userId,
        entity: "execution_service",
        entityId: serviceLinkId,
        action: to === "A" ? "aprovar" : "recusar",
        previous: "P",
        next: to,
        note,
      },
    ]);
    return approvals.notifyDecision(tx, changed, to, note, (await centralUserById(tx, userId)).Nome);
  });
  pushAfterCommit({ db, config, log }, told);
}

export async function centralApprovalsRoutes(plain: FastifyInstance, deps: RouteDeps) {
  const { db } = deps;
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();

  app.get(C.listPendingServices.url, { schema: schemaOf(C.listPendingServices) }, async (request) => {
    const { idPontoAtendimento } = request.query;
    // Real calendar dates (2026-02-31 is refused, not rolled over to March).
    const { from, to } = parsePeriod(request.query);
    if (idPontoAtendimento !== undefined && !isUuid(idPontoAtendimento)) return { data: [] };
    return { data: await approvals.pendingServices(db, { servicePointId: idPontoAtendimento, from, to }) };
  });

  app.post(C.approveService.url, { schema: schemaOf(C.approveService) }, async (request) => {
    requireCentralPermission(request, "approve");
    await decide(deps, request.log, request.params.id, request.central.userId, "A", null);
    return { success: true, message: CENTRAL_MESSAGES.approved };
  });

  app.post(C.rejectService.url, { schema: schemaOf(C.rejectService) }, async (request) => {
    requireCentralPermission(request, "approve");
    const raw = request.body.observacao;
    const note = typeof raw === "string" ? raw.trim() : "";
    if (!note) throw new HttpError(400, CENTRAL_MESSAGES.noteRequired);
    if (note.length > 1000) throw new HttpError(400, CENTRAL_MESSAGES.noteTooLong);
    await decide(deps, request.log, request.params.id, request.central.userId, "R", note);
    return { success: true, message: CENTRAL_MESSAGES.rejected };
  });
}
