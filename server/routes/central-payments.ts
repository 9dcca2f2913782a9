// /central/pagamentos: every point's payouts, paying them (once, all or nothing, never a held one, recording what each was
// paid to) and undoing a payment the same day; every action recorded in its own transaction (server only).
import { centralUserById } from "../repositories/central-users.ts";
import type { FastifyInstance } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { schemaOf } from "../../contract/route.ts";
import * as C from "../../contract/central-payments.ts";
import { CENTRAL_MESSAGES } from "../lib/central-messages.ts";
import { HttpError } from "../lib/http-errors.ts";
import { requireCentralPermission } from "../lib/central-roles.ts";
import { isUuid, lockPoints } from "../lib/db-rows.ts";
import { brasiliaToday, parseDay, parsePeriod } from "../lib/dates.ts";
import { isoToBr, wallClock } from "../../src/domain/dates.ts";
import { currentPayees, pointHolds } from "../services/payout-hold.ts";
import * as payouts from "../repositories/payouts.ts";
import { lastPaymentAction, recordCentralActions } from "../repositories/central-actions.ts";
import { pushAfterCommit } from "../services/push.ts";
import type { RouteDeps } from "./deps.ts";

/** The date (YYYY-MM-DD) of an instant on Brasília's wall clock. */
const dayOf = (instant: Date) => wallClock(instant).date;

export async function centralPaymentsRoutes(plain: FastifyInstance, { db, clock, config }: RouteDeps) {
  const today = () => brasiliaToday(clock).date;
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();

  app.get(C.listPayouts.url, { schema: schemaOf(C.listPayouts) }, async (request) => {
    const { idPontoAtendimento, status } = request.query;
    const { from, to } = parsePeriod(request.query);
    if (idPontoAtendimento !== undefined && !isUuid(idPontoAtendimento)) return { data: [], totais: payouts.payoutTotals([]) };
    const data = await payouts.listPayouts(db, { servicePointId: idPontoAtendimento, from, to, status }, clock());
    return { data, totais: payouts.payoutTotals(data) };
  });

  app.post(C.payPayouts.url, { schema: schemaOf(C.payPayouts) }, async (request) => {
    requireCentralPermission(request, "pay");
    const { ids } = request.body;
    const dataPagamento = parseDay(request.body.dataPagamento, "dataPagamento");
    if (dataPagamento > today()) throw new HttpError(400, CENTRAL_MESSAGES.futureDate);
    const unique = [...new Set(ids)];
    if (!unique.every(isUuid)) throw new HttpError(404, CENTRAL_MESSAGES.payoutNotFound);
    const told = await db.transaction(async (tx) => {
      const found = await payouts.payoutsToPay(tx, unique);
      if (found.length !== unique.length) throw new HttpError(404, CENTRAL_MESSAGES.payoutNotFound);
      const late = found.find((f) => f.executed && dataPagamento < f.executed);
      if (late) throw new HttpError(400, CENTRAL_MESSAGES.beforeExecution(late.os, isoToBr(late.executed!)));
      // The points' rows first: a change of their bank data waits for this payment (or this payment for it), so the
      // hold below and the payee recorded are the data the money goes to.
      const points = [...new Set(found.map((f) => f.point))];
      await lockPoints(tx, points);
      const blocked = (await pointHolds(tx, points, clock())).filter((h) => h.reason !== null);
      if (blocked.length) throw new HttpError(409, CENTRAL_MESSAGES.held(blocked.map((b) => b.name)));
      const payees = await currentPayees(tx, points);
      // All or nothing, and only rows still pending: two central users paying the same rows cannot both succeed.
      const paid = await payouts.markPaid(tx, unique, dataPagamento, points, payees);
      if (paid.length !== unique.length) throw new HttpError(409, CENTRAL_MESSAGES.alreadyPaid);
      await recordCentralActions(
        tx,
        unique.map((id) => ({
          userId: request.central.userId,
          entity: "payout",
          entityId: id,
          action: "pagar",
          previous: "N",
          next: "S",
          note: dataPagamento,
        })),
      );
      return payouts.notifyPaid(tx, unique, dataPagamento, (await centralUserById(tx, request.central.userId)).Nome);
    });
    pushAfterCommit({ db, config, log: request.log }, told);
    return { success: true, message: CENTRAL_MESSAGES.paid, quantidade: unique.length };
  });

  app.post(C.undoPayment.url, { schema: schemaOf(C.undoPayment) }, async (request) => {
    requireCentralPermission(request, "pay");
    const { id } = request.params;
    if (!isUuid(id)) throw new HttpError(404, CENTRAL_MESSAGES.payoutNotFound);
    const told = await db.transaction(async (tx) => {
      const row = await payouts.payoutById(tx, id);
      if (!row) throw new HttpError(404, CENTRAL_MESSAGES.payoutNotFound);
      if (row.paid !== "S") throw new HttpError(409, CENTRAL_MESSAGES.notPaid);
      const last = await lastPaymentAction(tx, id);
      if (!last || dayOf(last.at) !== today()) throw new HttpError(409, CENTRAL_MESSAGES.undoExpired);
      if (!(await payouts.markUnpaid(tx, id))) throw new HttpError(409, CENTRAL_MESSAGES.notPaid);
      await recordCentralActions(tx, [
        {
          userId: request.central.userId,
          entity: "payout",
          entityId: id,
          action: "desfazer-pagamento",
          previous: "S",
          next: "N",
          note: row.paidAt ? dayOf(row.paidAt) : null,
        },
      ]);
      return payouts.notifyUndone(tx, row, row.paidAt ? dayOf(row.paidAt) : null, (await centralUserById(tx, request.central.userId)).Nome);
    });
    pushAfterCommit({ db, config, log: request.log }, told);
    return { success: true, message: CENTRAL_MESSAGES.undone };
  });
}
