// The points' payouts (payout_statements) as the central pays them: the list with each point's bank data and hold, its totals,
// paying (all or nothing, only pending rows) and undoing a payment; one mapping to the contract's payout (server only).
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { payoutStatements } from "../db/schema.ts";
import type { Payee, Payout, PayoutFilter, PayoutTotals } from "../../contract/central-payments.ts";
import { rows } from "../db/rows.ts";
import { formatBRL } from "../../src/domain/format.ts";
import { isoToBr, wallClock } from "../../src/domain/dates.ts";
import { insertNotifications } from "./notifications.ts";
import { holdReasonSql, holdText, type HoldReason } from "../rules/payout-hold.ts";

/** A payout as the list's SQL names it: the contract's fields, with the hold's code and the change's time still raw. */
type PayoutRow = Omit<Payout, "PagamentoFeito" | "MotivoRetencao" | "DadosPagamentoAlteradosEm" | "Retido" | "Situacao"> & {
  Situacao: string;
  PagamentoFeito: string;
  MotivoRetencao: HoldReason;
  DadosPagamentoAlteradosEm: Date | string | null;
  PagoPara: Payee | null;
};

export function toPayout(r: PayoutRow): Payout {
  return {
    ...r,
    // Only the payment and its undo write this column, with S or N.
    PagamentoFeito: r.PagamentoFeito as Payout["PagamentoFeito"],
    Situacao: r.Situacao as Payout["Situacao"],
    // Held back: not payable until the point has bank data, or the central confirmed data changed in the last 7 days.
    Retido: r.MotivoRetencao !== null,
    MotivoRetencao: holdText(r.MotivoRetencao, r.DadosPagamentoAlteradosEm),
    DadosPagamentoAlteradosEm: r.DadosPagamentoAlteradosEm ? new Date(String(r.DadosPagamentoAlteradosEm)).toISOString() : null,
  };
}

export interface PayoutFilters {
  servicePointId?: string;
  /** yyyy-MM-dd, both ends included: the OS's execution day (Brasília) by default, or the appointment's day. */
  from?: string;
  to?: string;
  status?: PayoutFilter["status"];
  basis?: PayoutFilter["dataReferencia"];
  /** Only the payouts paid last by this batch (its re-export). */
  batchId?: string;
  /** Only the payouts of this payment run's transfers. */
  runId?: string;
  /** The payment date the situation is for (yyyy-MM-dd; default: today in Brasília at `now`). */
  payDate?: string;
  situation?: PayoutFilter["situacao"];
}

/**
 * Every point's payouts (at most 2000) by execution (or appointment) date and OS, with the point's selected bank data, the
 * batch that paid it and its hold at `now`. A payout with no execution time (none today: payouts are written when the order
 * is concluded) falls back to its appointment's day, so it is never lost from the execution view.
 */
export async function listPayouts(
  db: Db,
  { servicePointId, from, to, status, basis = "execucao", batchId, runId, payDate, situation }: PayoutFilters,
  now: Date,
): Promise<Payout[]> {
  const executedDay = sql`(f.executed_at at time zone 'America/Sao_Paulo')::date`;
  // One expression for the column and its filter: paid; in a run the bank has not decided; held; executed after the payment
  // date (or not yet); payable on it.
  const situationSql = sql`(case when f.paid = 'S' then 'pago' when f.run_id is not null then 'em_remessa'
    when ${holdReasonSql(sql`p`, now)} is not null then 'retido'
    when f.executed_at is null or ${executedDay} > ${payDate ?? wallClock(now).date}::date then 'aguardando_execucao'
    else 'pagavel' end)`;
  const day =
    basis === "agendamento"
      ? sql`f.appointment_date`
      : sql`coalesce((f.executed_at at time zone 'America/Sao_Paulo')::date, f.appointment_date)`;
  const list = await rows<PayoutRow>(
    db,
    sql`
      select f.id as "IdFinanceiroEspelho", f.service_point_id as "IdPontoAtendimento", p.trade_name as "NomeFantasia",
        f.corporate_name as "RazaoSocial", f.cnpj as "Cnpj", f.os_number as "NumeroOS", f.plate as "Placa",
        f.service_name as "NomeServico", to_char(f.appointment_date, 'YYYY-MM-DD') as "DataAgendamento",
        f.payout::float8 as "ValorRepasse", f.paid as "PagamentoFeito",
        to_char(f.paid_at at time zone 'America/Sao_Paulo', 'YYYY-MM-DD') as "DataPagamento",
        (f.paid = 'S' and exists (select 1 from central_actions c where c.entity = 'payout' and c.entity_id = f.id
          and c.action = 'pagar'
          and (c.at at time zone 'America/Sao_Paulo')::date = (now() at time zone 'America/Sao_Paulo')::date)) as "PodeDesfazer",
        b.bank as "Banco", b.agency as "Agencia", b.account as "Conta", b.account_type as "TipoConta",
        b.pix_key_type as "TipoChavePix", b.pix_key as "ChavePix", b.holder_name as "NomeTitular", b.holder_document as "DocumentoTitular",
        to_char(f.executed_at at time zone 'America/Sao_Paulo', 'YYYY-MM-DD') as "DataExecucao",
        case when f.paid = 'S' then null else ${holdReasonSql(sql`p`, now)} end as "MotivoRetencao",
        p.payment_data_changed_at as "DadosPagamentoAlteradosEm",
        f.paid_to as "PagoPara",
        case when f.paid = 'S' then f.batch_id end as "IdLote",
        case when f.paid = 'S' then coalesce(pt.bank_number, pt.your_number, pb.reference) end as "ReferenciaPagamento",
        f.run_id as "IdRemessa", pr.number as "NumeroRemessa", ${situationSql} as "Situacao",
        case when f.paid = 'N' and f.run_id is null then f.rejection_reason end as "MotivoRejeicao"
      from payout_statements f
      join service_points p on p.id = f.service_point_id
      left join bank_accounts b on b.service_point_id = f.service_point_id and b.selected = 'S'
      left join payment_batches pb on pb.id = f.batch_id
      left join payment_transfers pt on pt.id = f.transfer_id
      left join payment_runs pr on pr.id = coalesce(f.run_id, pt.run_id)
      where ${servicePointId ? sql`f.service_point_id = ${servicePointId}` : sql`true`}
        and ${from ? sql`${day} >= ${from}` : sql`true`}
        and ${to ? sql`${day} <= ${to}` : sql`true`}
        and ${status ? sql`f.paid = ${status === "PAGO" ? "S" : "N"}` : sql`true`}
        and ${batchId ? sql`f.batch_id = ${batchId} and f.paid = 'S'` : sql`true`}
        and ${runId ? sql`pt.run_id = ${runId}` : sql`true`}
        and ${situation ? sql`${situationSql} = ${situation}` : sql`true`}
      order by ${day}, f.os_number, f.id
      limit 2000`,
  );
  return list.map(toPayout);
}

const sum = (list: readonly Payout[]) => Math.round(list.reduce((n, r) => n + Number(r.ValorRepasse), 0) * 100) / 100;

/**
 * The list's totals (BRL, to the cent); the held ones are part of the pending ones, aPagar is the rest; pagavel is what can be
 * paid on `payDate` (the situations the list computed for it).
 */
export function payoutTotals(list: readonly Payout[], payDate: string): PayoutTotals {
  const payableNow = list.filter((r) => r.Situacao === "pagavel");
  const payable = list.filter((r) => r.PagamentoFeito !== "S" && !r.Retido);
  const held = list.filter((r) => r.PagamentoFeito !== "S" && r.Retido);
  return {
    quantidade: list.length,
    total: sum(list),
    pendente: sum(list.filter((r) => r.PagamentoFeito !== "S")),
    pago: sum(list.filter((r) => r.PagamentoFeito === "S")),
    retido: sum(held),
    aPagar: sum(payable),
    beneficiarios: new Set(payable.map((r) => r.IdPontoAtendimento)).size,
    retidos: held.length,
    pontosRetidos: new Set(held.map((r) => r.IdPontoAtendimento)).size,
    pagavel: sum(payableNow),
    pagaveis: payableNow.length,
    aguardandoExecucao: sum(list.filter((r) => r.Situacao === "aguardando_execucao")),
    emRemessa: sum(list.filter((r) => r.Situacao === "em_remessa")),
    dataPagamento: payDate,
  };
}

/** The payouts to pay, with their point and their OS's execution date (yyyy-MM-dd, Brasília). */
export async function payoutsToPay(tx: Db, ids: string[]) {
  return tx
    .select({
      id: payoutStatements.id,
      point: payoutStatements.servicePointId,
      executed: sql<string | null>`to_char(${payoutStatements.executedAt} at time zone 'America/Sao_Paulo', 'YYYY-MM-DD')`,
      os: payoutStatements.osNumber,
      value: payoutStatements.payout,
      runId: payoutStatements.runId,
      paid: payoutStatements.paid,
    })
    .from(payoutStatements)
    .where(inArray(payoutStatements.id, ids));
}

/**
 * Pays the payouts still pending among `ids` at noon (Brasília) of `day`, recording each point's payee; answers the ids paid.
 * All or nothing is the caller's: fewer ids than asked means some were paid meanwhile, and the transaction is rolled back.
 */
export async function markPaid(tx: Db, ids: string[], day: string, points: string[], payees: Map<string, Payee>, batchId: string) {
  return (
    tx
      .update(payoutStatements)
      .set({
        paid: "S",
        batchId,
        paidAt: new Date(`${day}T12:00:00-03:00`),
        paidTo: sql`(case ${sql.join(
          points.map((id) => sql`when ${payoutStatements.servicePointId} = ${id} then ${JSON.stringify(payees.get(id))}::jsonb`),
          sql` `,
        )} end)`,
        bankAccountId: sql`(case ${sql.join(
          points.map((id) => sql`when ${payoutStatements.servicePointId} = ${id} then ${payees.get(id)?.IdDadoBancario ?? null}::uuid`),
          sql` `,
        )} end)`,
      })
      // Never one a payment run holds: its bank file may pay it (issue 49).
      .where(and(inArray(payoutStatements.id, ids), eq(payoutStatements.paid, "N"), isNull(payoutStatements.runId)))
      .returning({ id: payoutStatements.id })
  );
}

export async function payoutById(tx: Db, id: string) {
  const [row] = await tx.select().from(payoutStatements).where(eq(payoutStatements.id, id));
  return row;
}

/** Back to pending, only if still paid (one conditional update); false when it was not. */
export async function markUnpaid(tx: Db, id: string) {
  const [undone] = await tx
    .update(payoutStatements)
    .set({ paid: "N", paidAt: null })
    .where(and(eq(payoutStatements.id, id), eq(payoutStatements.paid, "S")))
    .returning({ id: payoutStatements.id });
  return Boolean(undone);
}

/** The points' notifications of a payment, one per point paid (how many, how much, which OS), in its transaction; their ids. */
export async function notifyPaid(tx: Db, ids: string[], day: string, actorName: string, reference?: string) {
  const paid = await tx
    .select({
      point: payoutStatements.servicePointId,
      appointmentId: payoutStatements.appointmentId,
      os: payoutStatements.osNumber,
      value: payoutStatements.payout,
    })
    .from(payoutStatements)
    .where(inArray(payoutStatements.id, ids))
    .orderBy(payoutStatements.osNumber);
  const byPoint = new Map<string, typeof paid>();
  for (const p of paid) byPoint.set(p.point, [...(byPoint.get(p.point) ?? []), p]);
  return insertNotifications(
    tx,
    [...byPoint].map(([point, list]) => {
      const total = Math.round(list.reduce((n, r) => n + Number(r.value ?? 0), 0) * 100) / 100;
      const orders = [...new Set(list.map((r) => r.os))];
      const one = new Set(list.map((r) => r.appointmentId)).size === 1 ? list[0]! : null;
      return {
        servicePointId: point,
        kind: "pago" as const,
        title: `Pagamento realizado: ${formatBRL(total)}`,
        body: `${list.length === 1 ? "1 repasse pago" : `${list.length} repasses pagos`} em ${isoToBr(day)} (OS ${orders.join(", ")})${reference ? `, referência ${reference}` : ""}. Veja o comprovante no Espelho Financeiro.`,
        actorName,
        appointmentId: one?.appointmentId ?? null,
        osNumber: one?.os ?? null,
      };
    }),
  );
}

/** The point's notification that a payment was undone, in the undo's transaction; its ids. */
export async function notifyUndone(tx: Db, row: typeof payoutStatements.$inferSelect, paidDay: string | null, actorName: string) {
  return insertNotifications(tx, [
    {
      servicePointId: row.servicePointId,
      kind: "pagamento-desfeito",
      title: `Pagamento desfeito: OS ${row.osNumber}`,
      body: `O pagamento${paidDay ? ` de ${isoToBr(paidDay)}` : ""} do repasse de ${formatBRL(Number(row.payout ?? 0))} (${row.serviceName}) foi desfeito pela central; ele volta a constar como pendente.`,
      actorName,
      appointmentId: row.appointmentId,
      osNumber: row.osNumber,
    },
  ]);
}

/** The points' notifications that a batch was undone, one per point (how many, how much, which OS), in the undo's transaction. */
export async function notifyBatchUndone(tx: Db, ids: string[], reference: string, paidDay: string, actorName: string) {
  const undone = await tx
    .select({ point: payoutStatements.servicePointId, os: payoutStatements.osNumber, value: payoutStatements.payout })
    .from(payoutStatements)
    .where(inArray(payoutStatements.id, ids))
    .orderBy(payoutStatements.osNumber);
  const byPoint = new Map<string, typeof undone>();
  for (const p of undone) byPoint.set(p.point, [...(byPoint.get(p.point) ?? []), p]);
  return insertNotifications(
    tx,
    [...byPoint].map(([point, list]) => {
      const total = Math.round(list.reduce((n, r) => n + Number(r.value ?? 0), 0) * 100) / 100;
      const orders = [...new Set(list.map((r) => r.os))];
      return {
        servicePointId: point,
        kind: "pagamento-desfeito" as const,
        title: `Pagamento desfeito: ${formatBRL(total)}`,
        body: `O pagamento de ${isoToBr(paidDay)} (referência ${reference}; OS ${orders.join(", ")}) foi desfeito pela central; ${list.length === 1 ? "o repasse volta" : "os repasses voltam"} a constar como pendente${list.length === 1 ? "" : "s"}.`,
        actorName,
        appointmentId: null,
        osNumber: orders.length === 1 ? orders[0]! : null,
      };
    }),
  );
}

/** Back to pending every payout of `ids` still paid (one conditional update); answers the ids undone. */
export async function markManyUnpaid(tx: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return tx
    .update(payoutStatements)
    .set({ paid: "N", paidAt: null })
    .where(and(inArray(payoutStatements.id, ids), eq(payoutStatements.paid, "S")))
    .returning({ id: payoutStatements.id });
}
