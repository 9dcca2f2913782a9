// Bank/PIX payout data (CRUD, no-store) and registration data with opening hours of the point (server only).
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { Db } from "../db/client.ts";
import { isUuid, lockPoints } from "../db/rows.ts";
import { badRequest, notFound } from "../lib/http-errors.ts";
import { schemaOf } from "../../contract/route.ts";
import * as C from "../../contract/ponto-atendimento.ts";
import { assertOwnPoint } from "../plugins/tenant.ts";
import { assertAdministrator } from "../plugins/roles.ts";
import { pointActor, recordAudit, type AuditEntry } from "../services/audit.ts";
import { fieldChanges } from "../rules/audit-fields.ts";
import { currentPayees } from "../repositories/payout-holds.ts";
import { recordPaymentDataChange } from "../services/payee-review.ts";
import { pushAfterCommit } from "../services/push.ts";
import * as banks from "../repositories/bank-accounts.ts";
import * as points from "../repositories/points.ts";
import type { RouteDeps } from "./deps.ts";

/** Said in the record when a change holds the point's payouts. */
const HELD_NOTE = "Os repasses ficam retidos até a central conferir os novos dados (ou por 7 dias).";

/** The point's bank record, locked for the caller's transaction (after the point's own row: see lockPoints). */
async function lockedBank(tx: Db, pointId: string, id: unknown) {
  if (!isUuid(id)) throw notFound("Dado bancário não encontrado.");
  const row = await banks.lockBankAccount(tx, pointId, id);
  if (!row) throw notFound("Dado bancário não encontrado.");
  return row;
}

export async function pontoAtendimentoRoutes(plain: FastifyInstance, { db, config, clock }: RouteDeps) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  app.register(async (scope) => {
    const bank = scope.withTypeProvider<TypeBoxTypeProvider>();
    // What the central pays to: only the point's administrators see or change it (a role read on every call).
    bank.addHook("preHandler", async (request) => assertAdministrator(db, request));
    bank.addHook("onSend", async (_req, reply) => {
      reply.header("cache-control", "no-store");
    });
    bank.get(C.listBankAccounts.url, { schema: schemaOf(C.listBankAccounts) }, async (request) => {
      assertOwnPoint(request, request.params.idPontoAtendimento);
      return { dadosBancarios: await banks.listBankAccounts(db, request.auth.servicePointId) };
    });

    /**
     * One change of the point's bank data: the point's row first (it holds the payouts and waits for a payment in
     * progress), then the change, then its record, in one transaction; a change of the payee then tells the point's
     * administrators (a push after the commit).
     */
    async function changeBank(
      request: FastifyRequest,
      work: (tx: Db) => Promise<{ entry: Omit<AuditEntry, "at" | "servicePointId" | "actor">; payee: boolean }>,
    ) {
      const pointId = request.auth.servicePointId;
      const actor = await pointActor(db, request);
      const told = await db.transaction(async (tx) => {
        await lockPoints(tx, [pointId]);
        // The payee before the change: the review's "before" when the point has none yet.
        const previous = (await currentPayees(tx, [pointId])).get(pointId)!;
        const { entry, payee } = await work(tx);
        const at = clock();
        await recordAudit(tx, {
          ...entry,
          summary: payee ? `${entry.summary} ${HELD_NOTE}` : entry.summary,
          at,
          servicePointId: pointId,
          actor,
        });
        // Only a change of what the payouts go to (the selected account, or which one is selected) holds them.
        if (!payee) return [];
        const fields = (entry.changes ?? []).map((c) => c.campo);
        return recordPaymentDataChange(tx, { pointId, at, actor, previous, fields });
      });
      pushAfterCommit({ db, config, log: request.log }, told);
    }

    bank.post(C.addBankAccount.url, { schema: schemaOf(C.addBankAccount) }, async (request) => {
      const b = request.body;
      assertOwnPoint(request, b.IdPontoAtendimento);
      const v = banks.bankInput(b);
      await changeBank(request, async (tx) => {
        if (v.selected === "S") await banks.unselectOthers(tx, request.auth.servicePointId);
        const created = await banks.insertBankAccount(tx, request.auth.servicePointId, v);
        return {
          payee: v.selected === "S",
          entry: {
            entity: "dado_bancario",
            entityId: created.id,
            action: "criar",
            summary: `Dados bancários incluídos${v.selected === "S" ? " e selecionados para os pagamentos" : ""}.`,
            changes: fieldChanges(banks.BANK_FIELDS, null, created),
          },
        };
      });
      return { message: "Dados bancários criados com sucesso" };
    });

    bank.post(C.editBankAccount.url, { schema: schemaOf(C.editBankAccount) }, async (request) => {
      const b = request.body;
      if (b.IdPontoAtendimento !== undefined) assertOwnPoint(request, b.IdPontoAtendimento);
      const v = banks.bankInput(b);
      await changeBank(request, async (tx) => {
        const before = await lockedBank(tx, request.auth.servicePointId, b.IdDadoBancario ?? b.idDadoBancario);
        if (v.selected === "S") await banks.unselectOthers(tx, request.auth.servicePointId, before.id);
        const after = await banks.updateBankAccount(tx, before.id, v);
        const changes = fieldChanges(banks.BANK_FIELDS, before, after);
        const selectedOnly = changes.length === 1 && changes[0]!.campo === "Conta para pagamentos";
        return {
          payee: changes.length > 0 && (before.selected === "S" || after.selected === "S"),
          entry: {
            entity: "dado_bancario",
            entityId: before.id,
            action: selectedOnly ? "selecionar" : "editar",
            summary: selectedOnly
              ? v.selected === "S"
                ? "Conta selecionada para os pagamentos."
                : "Conta retirada dos pagamentos."
              : "Dados bancários alterados.",
            changes,
          },
        };
      });
      return { message: "Dados bancários atualizados com sucesso" };
    });

    bank.post(C.deleteBankAccount.url, { schema: schemaOf(C.deleteBankAccount) }, async (request) => {
      const b = request.body;
      await changeBank(request, async (tx) => {
        const before = await lockedBank(tx, request.auth.servicePointId, b.IdDadoBancario ?? b.idDadoBancario);
        await banks.deleteBankAccount(tx, before.id);
        return {
          payee: before.selected === "S",
          entry: {
            entity: "dado_bancario",
            entityId: before.id,
            action: "excluir",
            summary: `Dados bancários excluídos${before.selected === "S" ? " (era a conta dos pagamentos)" : ""}.`,
            changes: fieldChanges(banks.BANK_FIELDS, before, null),
          },
        };
      });
      return { message: "Dados bancários excluídos com sucesso" };
    });
  });

  // Read by every user of the point (the OS's financial details and the contract page show it); changed by administrators only.
  app.get(C.getRegistration.url, { schema: schemaOf(C.getRegistration) }, async (request) => {
    assertOwnPoint(request, request.params.idPontoAtendimento);
    return { success: true as const, data: points.toDadosCadastrais((await points.pointById(db, request.auth.servicePointId))!) };
  });

  app.post(C.updateRegistration.url, { schema: schemaOf(C.updateRegistration) }, async (request) => {
    const b = request.body;
    await assertAdministrator(db, request);
    assertOwnPoint(request, b.IdPontoAtendimento);
    const patch = points.registrationPatch(b);
    if (Object.keys(patch).length === 0) throw badRequest("Nenhum dado cadastral foi informado.");
    const pointId = request.auth.servicePointId;
    const actor = await pointActor(db, request);
    const told = await db.transaction(async (tx) => {
      const [current] = await lockPoints(tx, [pointId]);
      points.assertHourPairs(current!, patch);
      const previous = (await currentPayees(tx, [pointId])).get(pointId)!;
      const after = await points.updatePoint(tx, pointId, patch);
      const changes = fieldChanges(points.REGISTRATION_SPECS, current!, after);
      if (changes.length === 0) return [];
      const at = clock();
      // CNPJ and company name are what a payout is paid to: changing them holds the point's payouts like bank data does.
      const payee = current!.cnpj !== after.cnpj || current!.corporateName !== after.corporateName;
      await recordAudit(tx, {
        at,
        servicePointId: pointId,
        actor,
        entity: "dados_cadastrais",
        entityId: pointId,
        action: "editar",
        summary: payee ? `Dados cadastrais alterados, com CNPJ ou razão social. ${HELD_NOTE}` : "Dados cadastrais alterados.",
        changes,
      });
      if (!payee) return [];
      const fields = changes.filter((c) => c.campo === "CNPJ" || c.campo === "Razão social").map((c) => c.campo);
      return recordPaymentDataChange(tx, { pointId, at, actor, previous, fields });
    });
    pushAfterCommit({ db, config, log: request.log }, told);
    return { message: "Dados atualizados com sucesso" };
  });
}
