// /central/pagamentos: every point's payouts, paying them as one batch with its reference (once, all or nothing, never a held
// one, recording what each was paid to), the batches (list, re-export, proof of payment) and undoing a payment or a batch the
// same day; every action recorded in the transaction that makes it (server only).
import { centralUserById } from "../repositories/central-users.ts";
import type { FastifyInstance } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { schemaOf } from "../../contract/route.ts";
import * as C from "../../contract/central-payments.ts";
import { CENTRAL_MESSAGES } from "../lib/central-messages.ts";
import { HttpError } from "../lib/http-errors.ts";
import { requireCentralPermission } from "../lib/central-roles.ts";
import { isUuid, lockPoints } from "../db/rows.ts";
import { brasiliaToday, parseDay, parsePeriod } from "../lib/dates.ts";
import { isoToBr, wallClock } from "../../src/domain/dates.ts";
import { currentPayees, pointHolds } from "../repositories/payout-holds.ts";
import * as payouts from "../repositories/payouts.ts";
import { lastPaymentAction, recordCentralActions } from "../repositories/central-actions.ts";
import { pushAfterCommit } from "../services/push.ts";
import type { RouteDeps } from "./deps.ts";
import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { PAYMENT_MESSAGES, RUN_MESSAGES } from "../lib/central-payments-messages.ts";
import * as batches from "../repositories/payment-batches.ts";
import { batchById, insertBatch, livePayoutsOf, markBatchUndone, setBatchProof } from "../repositories/payment-batches.ts";
import { proofType, readProofUpload } from "../lib/proof-upload.ts";
import { sendStoredFile } from "./uploads.ts";

/** The date (YYYY-MM-DD) of an instant on Brasília's wall clock. */
const dayOf = (instant: Date) => wallClock(instant).date;

export async function centralPaymentsRoutes(plain: FastifyInstance, { db, clock, config, storage }: RouteDeps) {
  const today = () => brasiliaToday(clock).date;
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();

  app.get(C.listPayouts.url, { schema: schemaOf(C.listPayouts) }, async (request) => {
    const { idPontoAtendimento, status, dataReferencia, situacao } = request.query;
    const { from, to } = parsePeriod(request.query);
    const payDate = request.query.dataPagamento ? parseDay(request.query.dataPagamento, "dataPagamento") : today();
    if (idPontoAtendimento !== undefined && !isUuid(idPontoAtendimento)) return { data: [], totais: payouts.payoutTotals([], payDate) };
    const data = await payouts.listPayouts(
      db,
      { servicePointId: idPontoAtendimento, from, to, status, basis: dataReferencia, payDate, situation: situacao },
      clock(),
    );
    return { data, totais: payouts.payoutTotals(data, payDate) };
  });

  app.post(C.payPayouts.url, { schema: schemaOf(C.payPayouts) }, async (request) => {
    requireCentralPermission(request, "pay");
    const { ids } = request.body;
    const reference = request.body.referencia.trim();
    if (!reference) throw new HttpError(400, PAYMENT_MESSAGES.referenceRequired);
    const dataPagamento = parseDay(request.body.dataPagamento, "dataPagamento");
    if (dataPagamento > today()) throw new HttpError(400, CENTRAL_MESSAGES.futureDate);
    const unique = [...new Set(ids)];
    if (!unique.every(isUuid)) throw new HttpError(404, CENTRAL_MESSAGES.payoutNotFound);
    const told = await db.transaction(async (tx) => {
      const found = await payouts.payoutsToPay(tx, unique);
      if (found.length !== unique.length) throw new HttpError(404, CENTRAL_MESSAGES.payoutNotFound);
      const inRun = found.find((f) => f.runId && f.paid === "N");
      if (inRun) throw new HttpError(409, RUN_MESSAGES.payoutInRun(inRun.os));
      const late = found.find((f) => f.executed && dataPagamento < f.executed);
      if (late) throw new HttpError(400, CENTRAL_MESSAGES.beforeExecution(late.os, isoToBr(late.executed!)));
      // The points' rows first: a change of their bank data waits for this payment (or this payment for it), so the
      // hold below and the payee recorded are the data the money goes to.
      const points = [...new Set(found.map((f) => f.point))];
      await lockPoints(tx, points);
      const blocked = (await pointHolds(tx, points, clock())).filter((h) => h.reason !== null);
      if (blocked.length) throw new HttpError(409, CENTRAL_MESSAGES.held(blocked.map((b) => b.name)));
      const payees = await currentPayees(tx, points);
      const total = Math.round(found.reduce((n, f) => n + Number(f.value ?? 0), 0) * 100) / 100;
      const batchId = await insertBatch(tx, {
        reference,
        paymentDate: dataPagamento,
        payoutCount: unique.length,
        total,
        paidBy: request.central.userId,
      });
      // All or nothing, and only rows still pending: two central users paying the same rows cannot both succeed (the loser's
      // batch row goes with its rolled-back transaction).
      const paid = await payouts.markPaid(tx, unique, dataPagamento, points, payees, batchId);
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
          note: `${dataPagamento} · ${reference}`.slice(0, 200),
        })),
      );
      const actor = (await centralUserById(tx, request.central.userId)).Nome;
      return { batchId, ids: await payouts.notifyPaid(tx, unique, dataPagamento, actor, reference) };
    });
    pushAfterCommit({ db, config, log: request.log }, told.ids);
    return {
      success: true,
      message: PAYMENT_MESSAGES.paidBatch(unique.length, reference),
      quantidade: unique.length,
      idLote: told.batchId,
    };
  });

  app.post(C.undoPayment.url, { schema: schemaOf(C.undoPayment) }, async (request) => {
    requireCentralPermission(request, "pay");
    const { id } = request.params;
    if (!isUuid(id)) throw new HttpError(404, CENTRAL_MESSAGES.payoutNotFound);
    const told = await db.transaction(async (tx) => {
      const seen = await payouts.payoutById(tx, id);
      if (!seen) throw new HttpError(404, CENTRAL_MESSAGES.payoutNotFound);
      // The batch, then the point, then the payout: the order a batch's undo and a payment take them, so none waits in a cycle.
      if (seen.batchId) await batchById(tx, seen.batchId, true);
      await lockPoints(tx, [seen.servicePointId]);
      const row = (await payouts.payoutById(tx, id))!;
      if (row.paid !== "S") throw new HttpError(409, CENTRAL_MESSAGES.notPaid);
      // Paid by the bank's return file: the money left the account; nothing here can take it back.
      if (row.transferId) throw new HttpError(409, RUN_MESSAGES.paidByBank);
      const last = await lastPaymentAction(tx, id);
      if (!last || dayOf(last.at) !== today()) throw new HttpError(409, CENTRAL_MESSAGES.undoExpired);
      if (!(await payouts.markUnpaid(tx, id))) throw new HttpError(409, CENTRAL_MESSAGES.notPaid);
      // The last payout of its batch undone alone: the batch is undone too (its file is no longer what was paid).
      if (row.batchId && (await livePayoutsOf(tx, row.batchId)).length === 0) {
        await markBatchUndone(tx, row.batchId, request.central.userId, clock());
      }
      await recordCentralActions(tx, [
        {
          userId: request.central.userId,
          entity: "payout",
          entityId: id,
          action: "desfazer-pagamento",
          previous: "S",
          next: "N",
          note: `${request.body.motivo.trim()}${row.paidAt ? ` · pago em ${isoToBr(dayOf(row.paidAt))}` : ""}`.slice(0, 200),
        },
      ]);
      return payouts.notifyUndone(tx, row, row.paidAt ? dayOf(row.paidAt) : null, (await centralUserById(tx, request.central.userId)).Nome);
    });
    pushAfterCommit({ db, config, log: request.log }, told);
    return { success: true, message: CENTRAL_MESSAGES.undone };
  });

  app.get(C.listBatches.url, { schema: schemaOf(C.listBatches) }, async (request) => {
    const { from, to } = parsePeriod(request.query);
    return { data: await batches.listBatches(db, from, to) };
  });

  app.get(C.getBatch.url, { schema: schemaOf(C.getBatch) }, async (request) => {
    const { id } = request.params;
    const batch = isUuid(id) ? await batches.batchOf(db, id) : undefined;
    if (!batch) throw new HttpError(404, PAYMENT_MESSAGES.batchNotFound);
    return { data: batch, repasses: await payouts.listPayouts(db, { batchId: id }, clock()) };
  });

  app.post(C.undoBatch.url, { schema: schemaOf(C.undoBatch) }, async (request) => {
    requireCentralPermission(request, "pay");
    const { id } = request.params;
    if (!isUuid(id)) throw new HttpError(404, PAYMENT_MESSAGES.batchNotFound);
    const userId = request.central.userId;
    const reason = request.body.motivo.trim();
    const result = await db.transaction(async (tx) => {
      // The batch's row first: a second undo (a double click, another user) waits here and then reads it undone.
      const batch = await batchById(tx, id, true);
      if (!batch) throw new HttpError(404, PAYMENT_MESSAGES.batchNotFound);
      if (batch.undoneAt) {
        // The same user's second request is the same action: it worked, so it is answered as done, with nothing more undone.
        if (batch.undoneBy === userId) return { done: 0, told: [] as string[] };
        throw new HttpError(409, PAYMENT_MESSAGES.batchUndoneBy((await centralUserById(tx, batch.undoneBy!)).Nome));
      }
      if (dayOf(batch.paidAt) !== today()) throw new HttpError(409, PAYMENT_MESSAGES.batchUndoExpired);
      const live = await batches.livePayoutsOf(tx, id);
      // Then its points, in id order, as a payment takes them: a payment of the same points waits for this undo (or it for it).
      await lockPoints(
        tx,
        live.map((l) => l.point),
      );
      const undone = await payouts.markManyUnpaid(
        tx,
        live.map((l) => l.id),
      );
      await markBatchUndone(tx, id, userId, clock());
      const ids = undone.map((u) => u.id);
      await recordCentralActions(
        tx,
        ids.map((payoutId) => ({
          userId,
          entity: "payout",
          entityId: payoutId,
          action: "desfazer-pagamento",
          previous: "S",
          next: "N",
          note: `${reason} · lote ${batch.reference} de ${isoToBr(batch.paymentDate)}`.slice(0, 200),
        })),
      );
      const actor = (await centralUserById(tx, userId)).Nome;
      return { done: ids.length, told: await payouts.notifyBatchUndone(tx, ids, batch.reference, batch.paymentDate, actor) };
    });
    pushAfterCommit({ db, config, log: request.log }, result.told);
    return {
      success: true,
      message: result.done === 0 ? PAYMENT_MESSAGES.batchAlreadyUndone : PAYMENT_MESSAGES.batchUndone(result.done),
      quantidade: result.done,
    };
  });

  app.post(C.uploadBatchProof.url, { schema: schemaOf(C.uploadBatchProof) }, async (request, reply) => {
    requireCentralPermission(request, "pay");
    const { id } = request.params;
    if (!isUuid(id)) throw new HttpError(404, PAYMENT_MESSAGES.batchNotFound);
    const upload = await readProofUpload(request, reply, config);
    if (!upload) return reply;
    // The file is read first (a proof is small: the document limit), so the request's stream is never left waiting.
    if (!(await batchById(db, id))) throw new HttpError(404, PAYMENT_MESSAGES.batchNotFound);
    const type = proofType(upload);
    const { bytes, originalName } = upload;
    const storedName = `${randomUUID()}.${type.ext}`;
    await storage.write(storedName, Readable.from([bytes]));
    const saved = await db.transaction(async (tx) => {
      await batchById(tx, id, true);
      return setBatchProof(tx, id, { storedName, originalName, mimeType: type.mime });
    });
    if (!saved) {
      await storage.remove(storedName);
      throw new HttpError(409, PAYMENT_MESSAGES.proofOnUndone);
    }
    return { success: true, message: PAYMENT_MESSAGES.proofSaved, Comprovante: originalName };
  });

  app.get(C.getBatchProof.url, { schema: schemaOf(C.getBatchProof) }, async (request, reply) => {
    const { id } = request.params;
    const batch = isUuid(id) ? await batchById(db, id) : undefined;
    if (!batch?.proofFile) return reply.code(404).send({ success: false, message: PAYMENT_MESSAGES.proofNotFound });
    return sendStoredFile(request, reply, storage, {
      storedName: batch.proofFile,
      mimeType: batch.proofMimeType ?? "application/octet-stream",
      originalName: batch.proofOriginalName ?? batch.proofFile,
    });
  });
}
