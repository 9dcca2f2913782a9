// /central/aprovacoes: the program's staff approve (one, or the selected ones at once) or refuse the services attendants
// linked, across every point, and may take their own decision back within seconds; each decision is on record (who, when,
// the value before), the point told in the decision's transaction; the decisions are listed with their authors (server only).
import { centralUserById } from "../repositories/central-users.ts";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { schemaOf } from "../../contract/route.ts";
import * as C from "../../contract/central-approvals.ts";
import { CENTRAL_MESSAGES } from "../lib/central-messages.ts";
import { APPROVALS_MESSAGES } from "../lib/central-approvals-messages.ts";
import { HttpError } from "../lib/http-errors.ts";
import { requireCentralPermission } from "../lib/central-roles.ts";
import { isUuid } from "../db/rows.ts";
import { parsePeriod } from "../lib/dates.ts";
import * as approvals from "../repositories/approval-decisions.ts";
import { decidedServices, pendingServices } from "../repositories/approvals.ts";
import { recordCentralActions } from "../repositories/central-actions.ts";
import { pushAfterCommit } from "../services/push.ts";
import type { RouteDeps } from "./deps.ts";

/** The filters both lists share; a malformed point id matches nothing. */
function filtersOf(q: C.ApprovalsFilter) {
  // Real calendar dates (2026-02-31 is refused, not rolled over to March).
  const { from, to } = parsePeriod(q);
  return { servicePointId: q.idPontoAtendimento, from, to, search: q.busca };
}

/** One decision on a pending service: only 'P' changes (atomically, so two central users cannot both decide it); the point's
 * users are told in the same transaction, and their devices by push once it committed. */
async function decide(
  { db, config }: RouteDeps,
  log: FastifyBaseLogger,
  serviceLinkId: string,
  userId: string,
  to: approvals.Decision,
  note: string | null,
) {
  if (!isUuid(serviceLinkId)) throw new HttpError(404, CENTRAL_MESSAGES.notFound);
  const told = await db.transaction(async (tx) => {
    let changed = await approvals.decideServiceLink(tx, serviceLinkId, to, note, userId);
    // Lost the race (or came late): who decided it, and when, so the user knows why nothing changed. A decision undone
    // between the update and this read left the service pending again: the user's decision is then tried once more (each
    // statement sees what committed before it).
    for (let attempt = 0; !changed; attempt++) {
      const [now] = await approvals.decisionOf(tx, [serviceLinkId]);
      if (!now) throw new HttpError(404, CENTRAL_MESSAGES.notFound);
      if (now.status !== "P" || attempt === 2)
        throw new HttpError(409, now.status === "P" ? CENTRAL_MESSAGES.notPending : approvals.alreadyDecidedMessage(now));
      changed = await approvals.decideServiceLink(tx, serviceLinkId, to, note, userId);
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
  const { db, config } = deps;
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();

  app.get(C.listPendingServices.url, { schema: schemaOf(C.listPendingServices) }, async (request) => {
    const filters = filtersOf(request.query);
    if (filters.servicePointId !== undefined && !isUuid(filters.servicePointId)) return { data: [], total: 0 };
    return pendingServices(db, filters);
  });

  app.get(C.listDecidedServices.url, { schema: schemaOf(C.listDecidedServices) }, async (request) => {
    const q = request.query;
    const filters = filtersOf(q);
    const page = Number(q.pagina ?? 1);
    const perPage = Math.min(Number(q.porPagina ?? 50), 100);
    if (filters.servicePointId !== undefined && !isUuid(filters.servicePointId))
      return { data: [], total: 0, pagina: page, porPagina: perPage };
    const { data, total } = await decidedServices(db, { ...filters, status: q.status }, page, perPage);
    return { data, total, pagina: page, porPagina: perPage };
  });

  app.post(C.approveService.url, { schema: schemaOf(C.approveService) }, async (request) => {
    requireCentralPermission(request, "approve");
    await decide(deps, request.log, request.params.id, request.central.userId, "A", null);
    return { success: true as const, message: CENTRAL_MESSAGES.approved, desfazerEmSegundos: C.UNDO_SECONDS };
  });

  app.post(C.rejectService.url, { schema: schemaOf(C.rejectService) }, async (request) => {
    requireCentralPermission(request, "approve");
    const raw = request.body.observacao;
    const note = typeof raw === "string" ? raw.trim() : "";
    if (!note) throw new HttpError(400, CENTRAL_MESSAGES.noteRequired);
    if (note.length > 1000) throw new HttpError(400, CENTRAL_MESSAGES.noteTooLong);
    await decide(deps, request.log, request.params.id, request.central.userId, "R", note);
    return { success: true as const, message: CENTRAL_MESSAGES.rejected, desfazerEmSegundos: C.UNDO_SECONDS };
  });

  /**
   * The selected rows in one request, one transaction: each still-pending row is approved by the update's condition, the
   * others (decided meanwhile by someone else) are named in the answer with who decided them.
   */
  app.post(C.approveSelected.url, { schema: schemaOf(C.approveSelected) }, async (request) => {
    requireCentralPermission(request, "approve");
    const { ids } = request.body;
    const userId = request.central.userId;
    const { approved, others, missing, told } = await db.transaction(async (tx) => {
      const changed = await approvals.approveServiceLinks(tx, ids, userId);
      const done = new Set(changed.map((r) => r.id));
      const rest = await approvals.decisionOf(
        tx,
        ids.filter((id) => !done.has(id)),
      );
      if (changed.length) {
        await recordCentralActions(
          tx,
          changed.map((r) => ({
            userId,
            entity: "execution_service",
            entityId: r.id,
            action: "aprovar",
            previous: "P",
            next: "A",
            note: null,
          })),
        );
      }
      const name = (await centralUserById(tx, userId)).Nome;
      const ids2: string[] = [];
      for (const link of changed) ids2.push(...(await approvals.notifyDecision(tx, link, "A", null, name)));
      const known = new Set(rest.map((r) => r.id));
      return {
        approved: ids.filter((id) => done.has(id)),
        others: rest,
        missing: ids.filter((id) => !done.has(id) && !known.has(id)),
        told: ids2,
      };
    });
    pushAfterCommit({ db, config, log: request.log }, told);
    const decided = others.filter((o) => o.status !== "P");
    return {
      success: true as const,
      message: APPROVALS_MESSAGES.bulk(
        approved.length,
        decided.map((o) => ({ os: o.os, status: o.status as approvals.Decision, by: o.by })),
        missing.length,
      ),
      aprovados: approved,
      jaDecididos: decided.map((o) => ({
        IdSocioVeiculoAgendaExecucaoServico: o.id,
        NumeroOS: o.os,
        Servico: o.service,
        StatusAprovacao: o.status as approvals.Decision,
        DecididoPor: o.by,
      })),
      naoEncontrados: missing,
    };
  });

  /**
   * Takes one's own decision back within UNDO_SECONDS (the database's clock) while nothing depends on it. Under the link's lock,
   * then the order's (the unlink's order of locks): a finish either ran first (the order is closed: 409) or waits and then
   * finds the service pending again.
   */
  app.post(C.undoDecision.url, { schema: schemaOf(C.undoDecision) }, async (request) => {
    requireCentralPermission(request, "approve");
    const { id } = request.params;
    const userId = request.central.userId;
    if (!isUuid(id)) throw new HttpError(404, CENTRAL_MESSAGES.notFound);
    const told = await db.transaction(async (tx) => {
      const locked = await approvals.lockForUndo(tx, id);
      if (!locked) throw new HttpError(404, CENTRAL_MESSAGES.notFound);
      const { es, inTime } = locked;
      if (es.approvalStatus === "P") throw new HttpError(409, APPROVALS_MESSAGES.nothingToUndo);
      if (es.decidedBy !== userId) throw new HttpError(403, APPROVALS_MESSAGES.notYours);
      if (!inTime) throw new HttpError(409, APPROVALS_MESSAGES.undoExpired);
      if (es.paid !== "N") throw new HttpError(409, APPROVALS_MESSAGES.alreadyPaid);
      const order = await approvals.lockOrderOf(tx, es.appointmentId);
      if (order.status !== "A") throw new HttpError(409, APPROVALS_MESSAGES.orderClosed);
      const undone = await approvals.undoServiceLink(tx, id, userId);
      // Every condition was checked under the locks; the update's own condition is the last word.
      if (!undone) throw new HttpError(409, APPROVALS_MESSAGES.nothingToUndo);
      const was = es.approvalStatus as approvals.Decision;
      await recordCentralActions(tx, [
        { userId, entity: "execution_service", entityId: id, action: "desfazer-decisao", previous: was, next: "P", note: null },
      ]);
      return approvals.notifyDecision(tx, undone, "undo", null, (await centralUserById(tx, userId)).Nome, was);
    });
    pushAfterCommit({ db, config, log: request.log }, told);
    return { success: true as const, message: APPROVALS_MESSAGES.undone };
  });
}
