// /central/pagamentos/remessas (issue 49): payment runs from draft to the bank's return file, the paying accounts and their NSA,
// the remessa written here (never in a browser), the return imported per transfer, the journal of money actions. Every step a
// conditional UPDATE on the state it leaves, under the run's row lock, recorded in its transaction (server only).
import type { FastifyInstance } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { isValidCNPJ } from "@brazilian-utils/brazilian-utils";
import { schemaOf } from "../../contract/route.ts";
import * as C from "../../contract/central-payment-runs.ts";
import { HttpError } from "../lib/http-errors.ts";
import { requireCentralPermission } from "../lib/central-roles.ts";
import { isUuid, lockPoints } from "../db/rows.ts";
import { brasiliaToday, parseDay, parsePeriod } from "../lib/dates.ts";
import { isoToBr, wallClock } from "../../src/domain/dates.ts";
import { formatBRL } from "../../src/domain/format.ts";
import { CnabError, cnab240, cnabFileGroups, type CnabPayer, type CnabTransfer } from "../../src/domain/cnab240.ts";
import type { ReturnFile } from "../../src/domain/cnab240-return.ts";
import { cnabTransferOf, yourNumberOf } from "../../src/domain/payment-run.ts";
import { CENTRAL_MESSAGES } from "../lib/central-messages.ts";
import { RUN_MESSAGES } from "../lib/central-payments-messages.ts";
import { currentPayees, pointHolds } from "../repositories/payout-holds.ts";
import * as payouts from "../repositories/payouts.ts";
import * as runs from "../repositories/payment-runs.ts";
import { recordCentralActions, type CentralAction } from "../repositories/central-actions.ts";
import { centralUserById } from "../repositories/central-users.ts";
import { listJournal } from "../repositories/money-journal.ts";
import { pushAfterCommit } from "../services/push.ts";
import { proofType, readProofUpload } from "../lib/proof-upload.ts";
import { sendStoredFile } from "./uploads.ts";
import type { RouteDeps } from "./deps.ts";
import type { Db } from "../db/client.ts";

const cents = (n: number) => Math.round(n * 100) / 100;

/** The paying account as the CNAB writer takes it. */
const payerOf = (profile: runs.BankProfileRow): CnabPayer => ({
  bankCode: profile.bankCode,
  bankName: profile.bankName,
  document: profile.cnpj,
  name: profile.companyName,
  agreement: profile.agreement,
  agency: profile.agency,
  agencyDigit: profile.agencyDigit,
  account: profile.account,
  accountDigit: profile.accountDigit,
  layout: profile.layout as CnabPayer["layout"],
  caixa: profile.layout === "104" ? { commitmentCode: profile.commitmentCode, transmissionParameter: profile.transmissionParameter } : null,
  address: {
    street: profile.street,
    number: profile.number,
    complement: profile.complement,
    city: profile.city,
    zip: profile.zip,
    state: profile.state,
  },
});

/** A transfer no bank refuses, to check a paying account against its layout's rules when it is added. */
const PROBE: CnabTransfer = {
  name: "TESTE",
  document: "11222333000181",
  amount: 1,
  yourNumber: "R000000-001",
  info: "",
  bank: { code: "001", agency: "1", agencyDigit: "", account: "1", accountDigit: "1", savings: false },
};

/** The run's transfers as the file writes them, each with its id and the part of the run's file it travels in. */
async function runTransfers(db: Db, runId: string) {
  return (await runs.transferListOf(db, runId)).map((t) => ({
    id: t.IdTransferencia,
    part: t.Arquivo,
    cnab: cnabTransferOf(t.Favorecido, {
      amount: t.Valor,
      yourNumber: t.SeuNumero,
      info: `OS ${t.NumerosOS.join(", ")}`,
      pointName: t.NomeFantasia,
    }),
  }));
}

/**
 * How the run's transfers go into files: one file, or where the layout takes PIX in a file of its own (Itaú SISPAG, Bradesco
 * Multipag) and the run has both kinds, its PIX transfers in the first and the others in the second, each with its own NSA.
 */
function splitFiles(payer: CnabPayer, list: { id: string; cnab: CnabTransfer }[]) {
  const groups = cnabFileGroups(
    payer,
    list.map((t) => t.cnab),
  );
  const idOf = new Map(list.map((t) => [t.cnab, t.id]));
  return groups.map((g, i) => ({
    part: i + 1,
    kind: (groups.length === 1 ? "todas" : g[0]!.pix ? "pix" : "conta") as runs.RunFileKind,
    transferIds: g.map((t) => idOf.get(t)!),
  }));
}

/**
 * One file of the run, the same bytes each time: its NSA, the run's generation instant, the payees of its transfers as recorded
 * then. Undefined when the run has no such file.
 */
async function runFile(db: Db, run: runs.RunRow, part: number) {
  const file = (await runs.runFilesOf(db, run.id)).find((f) => f.part === part);
  if (!file) return undefined;
  const payer = payerOf((await runs.bankProfileById(db, run.bankProfileId))!);
  const transfers = (await runTransfers(db, run.id)).filter((t) => t.part === part).map((t) => t.cnab);
  const at = run.generatedAt!;
  const clock = wallClock(at);
  const seconds = String(new Date(at).getUTCSeconds()).padStart(2, "0");
  const text = cnab240(payer, transfers, {
    paymentDate: run.paymentDate,
    generatedDate: clock.date,
    generatedTime: `${clock.time}:${seconds}`,
    fileNumber: file.nsa,
  });
  return { text, name: runs.runFileName(run, file) };
}

export async function centralPaymentRunsRoutes(plain: FastifyInstance, { db, clock, config, storage }: RouteDeps) {
  const today = () => brasiliaToday(clock).date;
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const action = (
    userId: string,
    entity: string,
    entityId: string,
    act: string,
    note: string | null,
    previous?: string,
    next?: string,
  ): CentralAction => ({
    userId,
    entity,
    entityId,
    action: act,
    note: note?.slice(0, 200) ?? null,
    previous: previous ?? null,
    next: next ?? null,
  });

  app.get(C.listBankProfiles.url, { schema: schemaOf(C.listBankProfiles) }, async () => ({ data: await runs.listBankProfiles(db) }));

  app.post(C.createBankProfile.url, { schema: schemaOf(C.createBankProfile) }, async (request) => {
    requireCentralPermission(request, "pay");
    if (!isValidCNPJ(request.body.Cnpj)) throw new HttpError(400, RUN_MESSAGES.invalidCnpj);
    // The layout's own rules (its bank's code, the agreement's form, the account digit…) are the writer's: a file is tried now.
    try {
      const draft = runs.profileValues(request.body, request.central.userId);
      // Caixa's "seu número" is digits only.
      const probe = draft.layout === "104" ? { ...PROBE, yourNumber: "1" } : PROBE;
      cnab240(payerOf({ ...draft, id: "", lastNsa: 0, createdAt: new Date() } as runs.BankProfileRow), [probe], {
        paymentDate: "2026-01-02",
        generatedDate: "2026-01-02",
        generatedTime: "10:00:00",
        fileNumber: 1,
      });
    } catch (err) {
      if (err instanceof CnabError) throw new HttpError(400, err.message);
      throw err;
    }
    const row = await runs.insertBankProfile(db, request.body, request.central.userId);
    if (!row) throw new HttpError(409, RUN_MESSAGES.profileExists(request.body.Nome.trim()));
    return { success: true as const, message: RUN_MESSAGES.profileCreated(row.label), data: runs.toBankProfile(row) };
  });

  app.get(C.listRuns.url, { schema: schemaOf(C.listRuns) }, async (request) => ({ data: await runs.listRuns(db, request.query.status) }));

  app.get(C.getRun.url, { schema: schemaOf(C.getRun) }, async (request) => {
    const { id } = request.params;
    const run = isUuid(id) ? await runs.runOf(db, id) : undefined;
    if (!run) throw new HttpError(404, RUN_MESSAGES.runNotFound);
    return {
      data: run,
      transferencias: await runs.transferListOf(db, id),
      repasses: await payouts.listPayouts(db, { runId: id }, clock()),
    };
  });

  app.post(C.createRun.url, { schema: schemaOf(C.createRun) }, async (request) => {
    requireCentralPermission(request, "pay");
    const userId = request.central.userId;
    const paymentDate = parseDay(request.body.dataPagamento, "dataPagamento");
    if (paymentDate < today()) throw new HttpError(400, RUN_MESSAGES.pastDate);
    const unique = [...new Set(request.body.ids)];
    if (!unique.every(isUuid)) throw new HttpError(404, CENTRAL_MESSAGES.payoutNotFound);
    const profileId = request.body.idContaPagadora;
    const profile = isUuid(profileId) ? await runs.bankProfileById(db, profileId) : undefined;
    if (!profile) throw new HttpError(404, RUN_MESSAGES.profileNotFound);
    const created = await db.transaction(async (tx) => {
      const found = await payouts.payoutsToPay(tx, unique);
      if (found.length !== unique.length) throw new HttpError(404, CENTRAL_MESSAGES.payoutNotFound);
      const unexecuted = found.find((f) => !f.executed);
      if (unexecuted) throw new HttpError(400, RUN_MESSAGES.notExecuted(unexecuted.os));
      const late = found.find((f) => paymentDate < f.executed!);
      if (late) throw new HttpError(400, CENTRAL_MESSAGES.beforeExecution(late.os, isoToBr(late.executed!)));
      // The points' rows first, as a payment and a change of bank data take them: the hold read here stands until commit.
      const points = [...new Set(found.map((f) => f.point))];
      await lockPoints(tx, points);
      const blocked = (await pointHolds(tx, points, clock())).filter((h) => h.reason !== null);
      if (blocked.length) throw new HttpError(409, CENTRAL_MESSAGES.held(blocked.map((b) => b.name)));
      const run = await runs.insertRun(tx, { bankProfileId: profileId, paymentDate, createdBy: userId });
      // All or nothing: a payout paid, or taken by another run, meanwhile leaves fewer rows taken, and the whole draft goes.
      const taken = await runs.takePayouts(tx, run.id, unique);
      if (taken.length !== unique.length) throw new HttpError(409, RUN_MESSAGES.taken);
      const payees = await currentPayees(tx, points);
      const byPoint = new Map<string, typeof taken>();
      for (const t of taken) byPoint.set(t.point, [...(byPoint.get(t.point) ?? []), t]);
      const ordered = [...byPoint].sort(([a], [b]) => a.localeCompare(b));
      // Caixa's file carries digits only, at most 6: a number of one sequence; other banks read R<run>-<transfer>.
      const caixa = profile.layout === "104" ? await runs.caixaNumbers(tx, ordered.length) : null;
      if (caixa === undefined) throw new HttpError(409, RUN_MESSAGES.caixaNumbersSpent);
      const inserted = await runs.insertTransfers(
        tx,
        ordered.map(([point, list], i) => ({
          runId: run.id,
          seq: i + 1,
          yourNumber: caixa ? caixa[i]! : yourNumberOf(run.number, i + 1),
          servicePointId: point,
          amount: cents(list.reduce((n, r) => n + Number(r.value ?? 0), 0)),
          payee: payees.get(point)!,
        })),
      );
      for (const t of inserted)
        await runs.linkPayouts(
          tx,
          t.id,
          byPoint.get(t.servicePointId)!.map((r) => r.id),
        );
      const total = cents(inserted.reduce((n, t) => n + Number(t.amount), 0));
      await recordCentralActions(tx, [
        action(
          userId,
          "payment_run",
          run.id,
          "remessa-criada",
          `${unique.length} repasses · ${formatBRL(total)} · pagamento em ${isoToBr(paymentDate)}`,
          undefined,
          "rascunho",
        ),
        ...unique.map((id) => action(userId, "payout", id, "incluido-em-remessa", `Remessa ${run.number}`)),
      ]);
      return { run, transfers: inserted.length };
    });
    return {
      success: true as const,
      message: RUN_MESSAGES.created(unique.length, created.transfers, created.run.number),
      data: (await runs.runOf(db, created.run.id))!,
    };
  });

  app.post(C.generateRunFile.url, { schema: schemaOf(C.generateRunFile) }, async (request) => {
    requireCentralPermission(request, "pay");
    const { id } = request.params;
    if (!isUuid(id)) throw new HttpError(404, RUN_MESSAGES.runNotFound);
    const userId = request.central.userId;
    const result = await db.transaction(async (tx) => {
      // The run's row first: a second generation (a double click, another clerk) waits here and then finds it generated.
      const run = await runs.runById(tx, id, true);
      if (!run) throw new HttpError(404, RUN_MESSAGES.runNotFound);
      if (run.status === "cancelada") throw new HttpError(409, RUN_MESSAGES.cancelledRun);
      if (run.status !== "rascunho") return { number: run.number, nsas: (await runs.runFilesOf(tx, id)).map((f) => f.nsa), again: true };
      if (run.paymentDate < today()) throw new HttpError(409, RUN_MESSAGES.runPast(isoToBr(run.paymentDate)));
      const transfers = await runs.transfersOf(tx, id);
      const points = transfers.map((t) => t.servicePointId);
      await lockPoints(tx, points);
      const blocked = (await pointHolds(tx, points, clock())).filter((h) => h.reason !== null);
      if (blocked.length) throw new HttpError(409, CENTRAL_MESSAGES.held(blocked.map((b) => b.name)));
      // The file pays what the points' data is now (a change since the draft was confirmed, or it would be held above).
      const payees = await currentPayees(tx, points);
      for (const t of transfers) await runs.setTransferPayee(tx, t.id, payees.get(t.servicePointId)!);
      const profile = (await runs.bankProfileById(tx, run.bankProfileId))!;
      const generatedAt = clock();
      // Written now, inside the transaction: a payee the file cannot carry (a bank with no code, a PIX key at a bank whose
      // layout has no PIX) refuses the generation, and nothing is taken.
      try {
        const files = splitFiles(payerOf(profile), await runTransfers(tx, id));
        const nsas: number[] = [];
        for (let i = 0; i < files.length; i++) {
          const nsa = await runs.takeNsa(tx, run.bankProfileId);
          if (nsa === undefined) throw new HttpError(409, RUN_MESSAGES.nsaExhausted);
          nsas.push(nsa);
        }
        await runs.insertRunFiles(
          tx,
          id,
          run.bankProfileId,
          files.map((f, i) => ({ ...f, nsa: nsas[i]! })),
        );
        const moved = await runs.moveRun(tx, id, ["rascunho"], {
          status: "arquivo_gerado",
          nsa: nsas[0]!,
          generatedBy: userId,
          generatedAt,
        });
        if (!moved) throw new HttpError(409, RUN_MESSAGES.cancelledRun);
        const generated = { ...run, status: "arquivo_gerado", nsa: nsas[0]!, generatedBy: userId, generatedAt };
        for (const f of files) await runFile(tx, generated, f.part);
        await recordCentralActions(tx, [
          action(userId, "payment_run", id, "arquivo-gerado", `NSA ${nsas.join(" e ")}`, "rascunho", "arquivo_gerado"),
        ]);
        return { number: run.number, nsas, again: false };
      } catch (err) {
        if (err instanceof CnabError) throw new HttpError(409, err.message);
        throw err;
      }
    });
    return {
      success: true as const,
      message: result.again ? RUN_MESSAGES.sameFile(result.number, result.nsas) : RUN_MESSAGES.generated(result.number, result.nsas),
      data: (await runs.runOf(db, id))!,
    };
  });

  app.get(C.downloadRunFile.url, { schema: schemaOf(C.downloadRunFile) }, async (request, reply) => {
    requireCentralPermission(request, "pay");
    const { id } = request.params;
    const run = isUuid(id) ? await runs.runById(db, id) : undefined;
    if (!run) throw new HttpError(404, RUN_MESSAGES.runNotFound);
    if (run.status === "cancelada") throw new HttpError(409, RUN_MESSAGES.cancelledRun);
    if (run.status === "rascunho") throw new HttpError(409, RUN_MESSAGES.notGenerated);
    const file = await runFile(db, run, Number(request.query.parte ?? "1"));
    if (!file) throw new HttpError(404, RUN_MESSAGES.noSuchFile);
    return reply
      .header("content-type", "text/plain; charset=us-ascii")
      .header("content-disposition", `attachment; filename="${file.name}"`)
      .header("cache-control", "private, no-store")
      .header("x-content-type-options", "nosniff")
      .send(file.text);
  });

  app.post(C.markRunSent.url, { schema: schemaOf(C.markRunSent) }, async (request) => {
    requireCentralPermission(request, "pay");
    const { id } = request.params;
    if (!isUuid(id)) throw new HttpError(404, RUN_MESSAGES.runNotFound);
    const userId = request.central.userId;
    const number = await db.transaction(async (tx) => {
      const run = await runs.runById(tx, id, true);
      if (!run) throw new HttpError(404, RUN_MESSAGES.runNotFound);
      if (!(await runs.moveRun(tx, id, ["arquivo_gerado"], { status: "enviado", sentBy: userId, sentAt: clock() })))
        throw new HttpError(409, RUN_MESSAGES.notSendable);
      const nsas = (await runs.runFilesOf(tx, id)).map((f) => f.nsa).join(" e ");
      await recordCentralActions(tx, [action(userId, "payment_run", id, "remessa-enviada", `NSA ${nsas}`, "arquivo_gerado", "enviado")]);
      return run.number;
    });
    return { success: true as const, message: RUN_MESSAGES.sent(number), data: (await runs.runOf(db, id))! };
  });

  app.post(C.cancelRun.url, { schema: schemaOf(C.cancelRun) }, async (request) => {
    requireCentralPermission(request, "pay");
    const { id } = request.params;
    if (!isUuid(id)) throw new HttpError(404, RUN_MESSAGES.runNotFound);
    const reason = request.body.motivo.trim();
    const userId = request.central.userId;
    const done = await db.transaction(async (tx) => {
      const run = await runs.runById(tx, id, true);
      if (!run) throw new HttpError(404, RUN_MESSAGES.runNotFound);
      if (run.status === "cancelada") throw new HttpError(409, RUN_MESSAGES.cancelledRun);
      const moved = await runs.moveRun(tx, id, ["rascunho", "arquivo_gerado"], {
        status: "cancelada",
        cancelledBy: userId,
        cancelledAt: clock(),
        cancelReason: reason,
      });
      if (!moved) throw new HttpError(409, RUN_MESSAGES.notCancellable);
      const released = await runs.releasePayouts(tx, { runId: id }, null);
      await recordCentralActions(tx, [
        action(userId, "payment_run", id, "remessa-cancelada", reason, run.status, "cancelada"),
        ...released.map((p) => action(userId, "payout", p.id, "retirado-de-remessa", `Remessa ${run.number} cancelada: ${reason}`)),
      ]);
      return { number: run.number, n: released.length };
    });
    return { success: true as const, message: RUN_MESSAGES.cancelled(done.number, done.n), data: (await runs.runOf(db, id))! };
  });

  app.post(C.importReturn.url, { schema: schemaOf(C.importReturn) }, async (request) => {
    requireCentralPermission(request, "pay");
    const userId = request.central.userId;
    let file: ReturnFile;
    try {
      // Loaded on the first import: the return reader is needed only here.
      const { readCnabReturn } = await import("../../src/domain/cnab240-return.ts");
      file = readCnabReturn(request.body.conteudo);
    } catch (err) {
      if (err instanceof CnabError) throw new HttpError(400, err.message);
      throw err;
    }
    const names = [...new Set(file.transfers.map((t) => t.yourNumber))];
    const result = await db.transaction(async (tx) => {
      // Points first (as a payment and a run's draft take them), then the transfers: a second import of the same file waits
      // here and then finds every transfer decided.
      const seen = await runs.transfersByYourNumber(tx, names);
      await lockPoints(
        tx,
        seen.map((s) => s.transfer.servicePointId),
      );
      const found = new Map((await runs.transfersByYourNumber(tx, names, true)).map((s) => [s.transfer.yourNumber, s]));
      const unknown = names.filter((n) => !found.has(n));
      if (found.size === 0) throw new HttpError(400, RUN_MESSAGES.returnNothing);
      const now = clock();
      const counts = { paid: 0, rejected: 0, again: 0, scheduled: 0 };
      const actions: CentralAction[] = [];
      const paidTransfers: { ids: string[]; day: string; reference: string }[] = [];
      const touched = new Set<string>();
      for (const r of file.transfers) {
        const s = found.get(r.yourNumber);
        if (!s) continue;
        const t = s.transfer;
        if (s.runStatus === "cancelada") throw new HttpError(409, RUN_MESSAGES.returnCancelled(t.yourNumber, s.runNumber));
        if (s.runStatus === "rascunho") throw new HttpError(409, RUN_MESSAGES.returnDraft(t.yourNumber, s.runNumber));
        if (t.status !== "pendente") {
          counts.again += 1;
          continue;
        }
        // Only taken in by the bank (scheduled, BD/BE…): neither paid nor refused yet; a later return decides it.
        if (r.scheduled) {
          counts.scheduled += 1;
          continue;
        }
        if (r.paid && Math.round(r.amount * 100) !== Math.round(Number(t.amount) * 100))
          throw new HttpError(400, RUN_MESSAGES.returnAmount(t.yourNumber, formatBRL(r.amount), formatBRL(Number(t.amount))));
        const decided = await runs.decideTransfer(tx, t.id, {
          status: r.paid ? "pago" : "rejeitado",
          bankNumber: r.bankNumber,
          occurrences: r.occurrences.join(" "),
          reason: r.reason,
          effectiveDate: r.effectiveDate,
          at: now,
        });
        if (!decided) {
          counts.again += 1;
          continue;
        }
        touched.add(t.runId);
        if (r.paid) {
          const day = r.effectiveDate ?? today();
          const paid = await runs.payTransferPayouts(tx, t, day);
          paidTransfers.push({ ids: paid.map((p) => p.id), day, reference: r.bankNumber || t.yourNumber });
          counts.paid += 1;
          actions.push(
            action(
              userId,
              "payment_transfer",
              t.id,
              "transferencia-paga",
              `${t.yourNumber} · ${formatBRL(Number(t.amount))} · ${isoToBr(day)}${r.bankNumber ? ` · ${r.bankNumber}` : ""}`,
              "pendente",
              "pago",
            ),
          );
          actions.push(
            ...paid.map((p) => action(userId, "payout", p.id, "pago-pelo-banco", `${isoToBr(day)} · ${t.yourNumber}`, "N", "S")),
          );
        } else {
          const released = await runs.releasePayouts(tx, { transferId: t.id }, r.reason ?? r.occurrences.join(" "));
          counts.rejected += 1;
          actions.push(
            action(
              userId,
              "payment_transfer",
              t.id,
              "transferencia-rejeitada",
              `${t.yourNumber}: ${r.reason ?? r.occurrences.join(" ")}`,
              "pendente",
              "rejeitado",
            ),
          );
          actions.push(
            ...released.map((p) => action(userId, "payout", p.id, "rejeitado-pelo-banco", `${t.yourNumber}: ${r.reason ?? ""}`)),
          );
        }
      }
      await runs.closeDecidedRuns(tx, [...touched], now);
      for (const runId of touched)
        actions.push(
          action(
            userId,
            "payment_run",
            runId,
            "retorno-importado",
            `${request.body.nomeArquivo ?? "retorno"} · NSA do banco ${file.fileNumber}`,
          ),
        );
      if (actions.length) await recordCentralActions(tx, actions);
      const actor = (await centralUserById(tx, userId)).Nome;
      // One notification per transfer paid (a point has one per run), with its own reference: the bank's number or "seu número".
      const told: string[] = [];
      for (const p of paidTransfers) told.push(...(await payouts.notifyPaid(tx, p.ids, p.day, actor, p.reference)));
      return { counts, unknown, told };
    });
    pushAfterCommit({ db, config, log: request.log }, result.told);
    return {
      success: true as const,
      message: RUN_MESSAGES.returnImported(result.counts.paid, result.counts.rejected, result.counts.again, result.counts.scheduled),
      pagas: result.counts.paid,
      rejeitadas: result.counts.rejected,
      agendadas: result.counts.scheduled,
      jaImportadas: result.counts.again,
      desconhecidas: result.unknown,
    };
  });

  app.post(C.uploadTransferProof.url, { schema: schemaOf(C.uploadTransferProof) }, async (request, reply) => {
    requireCentralPermission(request, "pay");
    const { id } = request.params;
    if (!isUuid(id)) throw new HttpError(404, RUN_MESSAGES.transferNotFound);
    const upload = await readProofUpload(request, reply, config);
    if (!upload) return reply;
    if (!(await runs.transferById(db, id))) throw new HttpError(404, RUN_MESSAGES.transferNotFound);
    const type = proofType(upload);
    const storedName = `${randomUUID()}.${type.ext}`;
    await storage.write(storedName, Readable.from([upload.bytes]));
    const saved = await runs.setTransferProof(db, id, { storedName, originalName: upload.originalName, mimeType: type.mime });
    if (!saved) {
      await storage.remove(storedName);
      throw new HttpError(409, RUN_MESSAGES.proofNotPaid);
    }
    return { success: true as const, message: RUN_MESSAGES.proofSaved, Comprovante: upload.originalName };
  });

  app.get(C.getTransferProof.url, { schema: schemaOf(C.getTransferProof) }, async (request, reply) => {
    const { id } = request.params;
    const t = isUuid(id) ? await runs.transferById(db, id) : undefined;
    if (!t?.proofFile) return reply.code(404).send({ success: false, message: "Comprovante não encontrado." });
    return sendStoredFile(request, reply, storage, {
      storedName: t.proofFile,
      mimeType: t.proofMimeType ?? "application/octet-stream",
      originalName: t.proofOriginalName ?? t.proofFile,
    });
  });

  app.get(C.listJournal.url, { schema: schemaOf(C.listJournal) }, async (request) => {
    const { idPontoAtendimento, idUsuario, idRemessa } = request.query;
    const { from, to } = parsePeriod(request.query);
    for (const v of [idPontoAtendimento, idUsuario, idRemessa]) if (v !== undefined && !isUuid(v)) return { data: [] };
    return { data: await listJournal(db, { pointId: idPontoAtendimento, userId: idUsuario, runId: idRemessa, from, to }) };
  });
}
