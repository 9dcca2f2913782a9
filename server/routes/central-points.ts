// /central/pontos and /central/historico: every point with its figures and flags (filtered by a flag, sorted), one point's
// registration and its page (team, masked bank data, latest orders), its payment data to check (before and after) and confirm
// (once, or twice by different users for a natural person; its held payouts then become payable), and the history of the
// central's actions on an item (server only).
import type { FastifyInstance } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { schemaOf } from "../../contract/route.ts";
import * as C from "../../contract/central-points.ts";
import { CENTRAL_MESSAGES } from "../lib/central-messages.ts";
import { HttpError } from "../lib/http-errors.ts";
import { requireCentralPermission } from "../lib/central-roles.ts";
import { isUuid } from "../db/rows.ts";
import { brasiliaToday } from "../lib/dates.ts";
import { holdText } from "../rules/payout-hold.ts";
import { pointHolds } from "../repositories/payout-holds.ts";
import { centralActor } from "../services/audit.ts";
import { confirmPaymentData } from "../services/payee-review.ts";
import { pushAfterCommit } from "../services/push.ts";
import { pointById } from "../repositories/points.ts";
import { toPointRegistration } from "../repositories/central-points.ts";
import { payeeReview } from "../repositories/payee-review.ts";
import { attentionList, DEFAULT_DIRECTION, latestOrders, maskedBankAccounts, pointTeam } from "../repositories/point-attention.ts";
import { CENTRAL_POINTS_MESSAGES as PM } from "../lib/central-points-messages.ts";
import { historyOf } from "../repositories/central-actions.ts";
import type { RouteDeps } from "./deps.ts";

const isIn = <T extends string>(values: readonly T[], value: string): value is T => (values as readonly string[]).includes(value);

export async function centralPointsRoutes(plain: FastifyInstance, { db, config, clock }: RouteDeps) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();

  app.get(C.listPoints.url, { schema: schemaOf(C.listPoints) }, async (request) => {
    const { sinal, ordem, direcao } = request.query;
    // Checked here rather than by an enum in the schema, so the answer names the wrong value and the accepted ones.
    if (sinal !== undefined && !isIn(C.POINT_FLAGS, sinal)) throw new HttpError(400, PM.unknownFlag(sinal));
    if (ordem !== undefined && !isIn(C.POINT_SORTS, ordem)) throw new HttpError(400, PM.unknownSort(ordem));
    if (direcao !== undefined && !isIn(C.SORT_DIRECTIONS, direcao)) throw new HttpError(400, PM.unknownDirection(direcao));
    const sort = ordem ?? "nome";
    const now = clock();
    return {
      data: await attentionList(db, {
        now,
        month: brasiliaToday(() => now).date.slice(0, 7),
        flag: sinal,
        sort,
        direction: direcao ?? DEFAULT_DIRECTION[sort],
      }),
    };
  });

  app.get(C.getPointPage.url, { schema: schemaOf(C.getPointPage) }, async (request) => {
    const { id } = request.params;
    const point = isUuid(id) ? await pointById(db, id) : undefined;
    if (!point) throw new HttpError(404, PM.pointNotFound);
    const now = clock();
    const month = brasiliaToday(() => now).date.slice(0, 7);
    const [[summary], team, accounts, [hold], orders] = await Promise.all([
      attentionList(db, { now, month, sort: "nome", direction: "asc", pointId: id }),
      pointTeam(db, id),
      maskedBankAccounts(db, id),
      pointHolds(db, [id], now),
      latestOrders(db, id),
    ]);
    return {
      data: {
        Ponto: summary!,
        Cadastro: toPointRegistration(point),
        Equipe: team,
        DadosBancarios: accounts,
        Retido: hold!.reason !== null,
        MotivoRetencao: holdText(hold!.reason, hold!.changed),
        Ordens: orders,
      },
    };
  });

  app.get(C.getPoint.url, { schema: schemaOf(C.getPoint) }, async (request) => {
    const { id } = request.params;
    const point = isUuid(id) ? await pointById(db, id) : undefined;
    if (!point) throw new HttpError(404, CENTRAL_MESSAGES.pointNotFound);
    return { data: toPointRegistration(point) };
  });

  app.get(C.getPayee.url, { schema: schemaOf(C.getPayee) }, async (request) => {
    const { id } = request.params;
    const review = isUuid(id) ? await payeeReview(db, id, clock(), request.central.userId) : undefined;
    if (!review) throw new HttpError(404, CENTRAL_MESSAGES.pointNotFound);
    return { data: review };
  });

  /**
   * The central confirms the point's new payment data, as it saw it: `alteradoEm` is the change the user looked at and
   * `primeiraConfirmacaoEm` the first confirmation it showed (if any); the confirmation holds only if neither changed since
   * (else 409: look again). A natural person's data need a second confirmation by another user; the last one releases the
   * payouts. Each is recorded (central_actions, audit_log); the release is told to the point's administrators.
   */
  app.post(C.confirmPayee.url, { schema: schemaOf(C.confirmPayee) }, async (request) => {
    // Confirming the payment data releases held payouts: a payer's (or an admin's) decision, like paying them.
    requireCentralPermission(request, "pay");
    const { id } = request.params;
    if (!isUuid(id)) throw new HttpError(404, CENTRAL_MESSAGES.pointNotFound);
    const actor = await centralActor(db, request);
    const result = await db.transaction((tx) =>
      confirmPaymentData(tx, {
        pointId: id,
        at: clock(),
        actor: { ...actor, id: request.central.userId },
        changedAt: request.body.alteradoEm,
        firstSeenAt: request.body.primeiraConfirmacaoEm ?? null,
      }),
    );
    pushAfterCommit({ db, config, log: request.log }, result.told);
    return { success: true as const, message: result.message, Liberado: result.released };
  });

  app.get(C.getHistory.url, { schema: schemaOf(C.getHistory) }, async (request) => {
    const { id } = request.params;
    return { data: isUuid(id) ? await historyOf(db, id) : [] };
  });
}
