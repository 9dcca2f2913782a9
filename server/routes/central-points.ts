// /central/pontos and /central/historico: every point with its figures and flags (filtered by a flag, sorted), one point's
// registration and its page (team, masked bank data, latest orders), its payment data to check and confirm (its held payouts
// then become payable), and the history of the central's actions on an item (server only).
import type { FastifyInstance } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { schemaOf } from "../../contract/route.ts";
import * as C from "../../contract/central-points.ts";
import { CENTRAL_MESSAGES } from "../lib/central-messages.ts";
import { HttpError } from "../lib/http-errors.ts";
import { requireCentralPermission } from "../lib/central-roles.ts";
import { isUuid, lockPoints } from "../lib/db-rows.ts";
import { brasiliaToday } from "../lib/dates.ts";
import { PIX_KEY_TYPE_LABELS } from "../../src/domain/bank-data.ts";
import { currentPayees, holdText, markPaymentDataConfirmed, pointHolds, type Payee } from "../services/payout-hold.ts";
import { centralActor, fieldChanges, labelled, recordAudit, type FieldSpec } from "../services/audit.ts";
import { pointById } from "../repositories/points.ts";
import { toPayeeReview, toPointRegistration } from "../repositories/central-points.ts";
import { attentionList, DEFAULT_DIRECTION, latestOrders, maskedBankAccounts, pointTeam } from "../repositories/point-attention.ts";
import { CENTRAL_POINTS_MESSAGES as PM } from "../lib/central-points-messages.ts";
import { historyOf } from "../repositories/central-actions.ts";
import type { RouteDeps } from "./deps.ts";

/** The payee as the confirmation records it (the central sees it whole; the record keeps accounts and keys masked). */
const PAYEE_FIELDS: FieldSpec<Payee>[] = [
  { key: "RazaoSocial", label: "Razão social" },
  { key: "Cnpj", label: "CNPJ" },
  { key: "TipoChavePix", label: "Tipo de chave PIX", text: labelled(PIX_KEY_TYPE_LABELS) },
  { key: "ChavePix", label: "Chave PIX", sensitive: true },
  { key: "Banco", label: "Banco" },
  { key: "NumeroAgencia", label: "Agência" },
  { key: "NumeroConta", label: "Conta", sensitive: true },
  { key: "NomeTitular", label: "Titular" },
  { key: "DocumentoTitular", label: "Documento do titular", sensitive: true },
];

const isIn = <T extends string>(values: readonly T[], value: string): value is T => (values as readonly string[]).includes(value);

export async function centralPointsRoutes(plain: FastifyInstance, { db, clock }: RouteDeps) {
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
    if (!isUuid(id)) throw new HttpError(404, CENTRAL_MESSAGES.pointNotFound);
    const [hold] = await pointHolds(db, [id], clock());
    if (!hold) throw new HttpError(404, CENTRAL_MESSAGES.pointNotFound);
    const payee = (await currentPayees(db, [id])).get(id)!;
    return { data: toPayeeReview(payee, hold) };
  });

  /**
   * The central confirms the point's new payment data, as it saw it: `alteradoEm` is the change the user looked at, and the
   * confirmation holds only if no other change came since (else 409: look again). Recorded with the data confirmed.
   */
  app.post(C.confirmPayee.url, { schema: schemaOf(C.confirmPayee) }, async (request) => {
    // Confirming the payment data releases held payouts: a payer's (or an admin's) decision, like paying them.
    requireCentralPermission(request, "pay");
    const { id } = request.params;
    if (!isUuid(id)) throw new HttpError(404, CENTRAL_MESSAGES.pointNotFound);
    const actor = await centralActor(db, request);
    await db.transaction(async (tx) => {
      await lockPoints(tx, [id]);
      const point = await pointById(tx, id);
      if (!point) throw new HttpError(404, CENTRAL_MESSAGES.pointNotFound);
      const payee = (await currentPayees(tx, [id])).get(id)!;
      if (!payee.IdDadoBancario) throw new HttpError(409, CENTRAL_MESSAGES.noBankData);
      const changed = point.paymentDataChangedAt;
      if (!changed || (point.paymentDataConfirmedAt && point.paymentDataConfirmedAt >= changed))
        throw new HttpError(409, CENTRAL_MESSAGES.nothingToConfirm);
      if (changed.toISOString() !== request.body.alteradoEm) throw new HttpError(409, CENTRAL_MESSAGES.changedSince);
      const at = clock();
      await markPaymentDataConfirmed(tx, id, at);
      await recordAudit(tx, {
        at,
        servicePointId: id,
        actor,
        entity: "dados_pagamento",
        entityId: id,
        action: "confirmar",
        summary: "Dados de pagamento conferidos e confirmados pela central: os repasses voltam a poder ser pagos.",
        changes: fieldChanges(PAYEE_FIELDS, null, payee),
      });
    });
    return { success: true, message: CENTRAL_MESSAGES.payeeConfirmed };
  });

  app.get(C.getHistory.url, { schema: schemaOf(C.getHistory) }, async (request) => {
    const { id } = request.params;
    return { data: isUuid(id) ? await historyOf(db, id) : [] };
  });
}
