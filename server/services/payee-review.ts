// A point's payment data under the central's review (issue 49, item 4), in the caller's transaction (server only). A change
// records who made it, voids a first confirmation and tells the point's administrators their payouts are held. A confirmation
// takes the point's row lock (lockPoints, as a change and a payment do) and is one (a company's payee) or two by different
// central users (a natural person's): each is a conditional UPDATE of the point's row on the change and the first
// confirmation the user looked at, so parallel confirmations cannot both count; the last one releases the payouts, keeps an
// unmasked snapshot of the payee (the next review's "before") and tells the point's administrators.
import { and, eq, isNull, sql, type SQLWrapper } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { centralUsers, servicePoints } from "../db/schema.ts";
import { CENTRAL_MESSAGES } from "../lib/central-messages.ts";
import { lockPoints } from "../db/rows.ts";
import { HttpError } from "../lib/http-errors.ts";
import { PAYEE_REVIEW_MESSAGES as M } from "../lib/payee-review-messages.ts";
import { PIX_KEY_TYPE_LABELS } from "../../src/domain/bank-data.ts";
import { holderIsPerson } from "../../src/domain/payee.ts";
import { recordCentralActions } from "../repositories/central-actions.ts";
import { insertNotifications } from "../repositories/notifications.ts";
import { recordAudit, type Actor } from "./audit.ts";
import { fieldChanges, labelled, type FieldSpec } from "../rules/audit-fields.ts";
import { whenText, type Payee } from "../rules/payout-hold.ts";
import { currentPayees, markPaymentDataChanged } from "../repositories/payout-holds.ts";

/** central_actions.entity of a confirmation (the history of /central/historico/:id lists it with the point's id). */
const ENTITY = "service_point";
export const CONFIRM_ACTIONS = { first: "primeira-confirmacao-dados-pagamento", final: "confirmar-dados-pagamento" } as const;

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

export interface PaymentDataChange {
  pointId: string;
  at: Date;
  /** The point user who changed it. */
  actor: Actor;
  /** The payee just before the change (read under the point's lock, before the change). */
  previous: Payee;
  /** The record's labels of the fields changed ("Chave PIX", "CNPJ" …). */
  fields: string[];
}

/**
 * Records a change of the point's payment data (under the point's row lock, in the change's transaction) and tells the point's
 * administrators, its author too (whose account may not be in their hands), that its payouts are held; answers the
 * notification's ids for the push after the commit.
 */
export async function recordPaymentDataChange(tx: Db, change: PaymentDataChange): Promise<string[]> {
  await markPaymentDataChanged(tx, change.pointId, change.at, change.actor.id, change.previous);
  const now = (await currentPayees(tx, [change.pointId])).get(change.pointId)!;
  return insertNotifications(tx, [
    {
      servicePointId: change.pointId,
      kind: "retido",
      title: M.heldTitle,
      body: M.heldBody(change.actor.name, whenText(change.at), change.fields, holderIsPerson(now), !now.IdDadoBancario),
      actorName: change.actor.name,
      actorUserId: null,
    },
  ]);
}

export interface Confirmation {
  pointId: string;
  at: Date;
  /** The central user confirming (a payer or an admin). */
  actor: Actor & { id: string };
  /** The change the user looked at (the review's AlteradoEm). */
  changedAt: string;
  /** The first confirmation the user looked at (the review's PrimeiraConfirmacao.DataHora), null when it showed none. */
  firstSeenAt: string | null;
}

export interface ConfirmationResult {
  released: boolean;
  message: string;
  /** The notifications written (for the push after the commit). */
  told: string[];
}

/** An instant column to the millisecond, as a JS Date read it (a row written by SQL's now() carries microseconds). */
const atMs = (column: SQLWrapper) => sql`date_trunc('milliseconds', ${column})`;

/**
 * One confirmation of the point's changed payment data, in the caller's transaction: 404 for an unknown point; 409 without
 * bank data, without a change to confirm, for a change or a confirmation made since the one the user saw, and for the same
 * user confirming a natural person's data twice.
 */
export async function confirmPaymentData(tx: Db, c: Confirmation): Promise<ConfirmationResult> {
  const [point] = await lockPoints(tx, [c.pointId]);
  if (!point) throw new HttpError(404, CENTRAL_MESSAGES.pointNotFound);
  const payee = (await currentPayees(tx, [c.pointId])).get(c.pointId)!;
  if (!payee.IdDadoBancario) throw new HttpError(409, CENTRAL_MESSAGES.noBankData);
  const changed = point.paymentDataChangedAt;
  if (!changed || (point.paymentDataConfirmedAt && point.paymentDataConfirmedAt >= changed))
    throw new HttpError(409, CENTRAL_MESSAGES.nothingToConfirm);
  if (changed.toISOString() !== c.changedAt) throw new HttpError(409, CENTRAL_MESSAGES.changedSince);
  const person = holderIsPerson(payee);
  const firstBy = point.paymentDataFirstConfirmedBy;
  const firstAt = point.paymentDataFirstConfirmedAt;
  if (person && firstBy === c.actor.id) throw new HttpError(409, M.sameUser);
  if ((firstAt?.toISOString() ?? null) !== c.firstSeenAt) throw new HttpError(409, M.firstChanged);

  // The row as the user saw it: this change, still unconfirmed, with the first confirmation they saw (none, or that one).
  const asSeen = and(
    eq(servicePoints.id, c.pointId),
    sql`${atMs(servicePoints.paymentDataChangedAt)} = ${changed.toISOString()}::timestamptz`,
    sql`(${servicePoints.paymentDataConfirmedAt} is null or ${servicePoints.paymentDataConfirmedAt} < ${servicePoints.paymentDataChangedAt})`,
    firstBy && firstAt
      ? and(
          eq(servicePoints.paymentDataFirstConfirmedBy, firstBy),
          sql`${atMs(servicePoints.paymentDataFirstConfirmedAt)} = ${firstAt.toISOString()}::timestamptz`,
        )
      : isNull(servicePoints.paymentDataFirstConfirmedBy),
  );
  const note = `Alteração de ${whenText(changed)}`;
  // A confirmation, first or final, in both records: the central's actions and the point's record of changes.
  const record = async (centralAction: string, auditAction: string, summary: string) => {
    await recordCentralActions(tx, [{ userId: c.actor.id, at: c.at, entity: ENTITY, entityId: c.pointId, action: centralAction, note }]);
    await recordAudit(tx, {
      at: c.at,
      servicePointId: c.pointId,
      actor: c.actor,
      entity: "dados_pagamento",
      entityId: c.pointId,
      action: auditAction,
      summary,
      changes: fieldChanges(PAYEE_FIELDS, null, payee),
    });
  };

  if (person && !firstBy) {
    const done = await tx
      .update(servicePoints)
      .set({ paymentDataFirstConfirmedBy: c.actor.id, paymentDataFirstConfirmedAt: c.at })
      .where(asSeen)
      .returning({ id: servicePoints.id });
    if (done.length === 0) throw new HttpError(409, CENTRAL_MESSAGES.changedSince);
    await record(CONFIRM_ACTIONS.first, "primeira_confirmacao", M.firstSummary);
    return { released: false, message: M.firstConfirmed, told: [] };
  }

  const done = await tx
    .update(servicePoints)
    .set({
      paymentDataConfirmedAt: c.at,
      paymentDataConfirmedPayee: payee,
      paymentDataFirstConfirmedBy: null,
      paymentDataFirstConfirmedAt: null,
    })
    .where(asSeen)
    .returning({ id: servicePoints.id });
  if (done.length === 0) throw new HttpError(409, CENTRAL_MESSAGES.changedSince);
  const firstName = firstBy ? await centralUserName(tx, firstBy) : null;
  await record(CONFIRM_ACTIONS.final, "confirmar", firstName ? M.secondSummary(firstName) : M.confirmedSummary);
  const told = await insertNotifications(tx, [
    {
      servicePointId: c.pointId,
      kind: "liberado",
      title: M.releasedTitle,
      body: M.releasedBody(whenText(changed), firstName ? [firstName, c.actor.name] : [c.actor.name]),
      actorName: c.actor.name,
    },
  ]);
  return { released: true, message: firstName ? M.secondConfirmed : CENTRAL_MESSAGES.payeeConfirmed, told };
}

async function centralUserName(tx: Db, id: string) {
  const [row] = await tx.select({ name: centralUsers.name }).from(centralUsers).where(eq(centralUsers.id, id));
  return row?.name ?? "Equipe central";
}
