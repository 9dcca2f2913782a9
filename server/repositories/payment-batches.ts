// Payment batches (payment_batches): the payouts the central paid together with their reference and proof; creating one with a
// payment, listing them, locking one for its undo or its proof, and the one mapping to the contract's batch (server only).
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { paymentBatches, payoutStatements } from "../db/schema.ts";
import type { Batch } from "../../contract/central-payments.ts";
import { rows } from "../db/rows.ts";

export type BatchRow = typeof paymentBatches.$inferSelect;

interface NewBatch {
  reference: string;
  paymentDate: string;
  payoutCount: number;
  total: number;
  paidBy: string;
}

/** Records a batch in the payment's transaction; answers its id. */
export async function insertBatch(tx: Db, b: NewBatch) {
  const [row] = await tx.insert(paymentBatches).values(b).returning({ id: paymentBatches.id });
  return row!.id;
}

/** The batch row, locked for the caller's transaction when `lock` (an undo or a proof waits for another on the same batch). */
export async function batchById(tx: Db, id: string, lock = false) {
  const q = tx.select().from(paymentBatches).where(eq(paymentBatches.id, id));
  const [row] = await (lock ? q.for("update") : q);
  return row;
}

/** Marks the batch undone by `userId`, only if it still is not (one conditional update); false when it already was. */
export async function markBatchUndone(tx: Db, id: string, userId: string, at: Date) {
  const [row] = await tx
    .update(paymentBatches)
    .set({ undoneAt: at, undoneBy: userId })
    .where(and(eq(paymentBatches.id, id), isNull(paymentBatches.undoneAt)))
    .returning({ id: paymentBatches.id });
  return Boolean(row);
}

/** The batch's payouts still paid by it (a payout undone alone, or paid again in another batch, is no longer its). */
export async function livePayoutsOf(tx: Db, batchId: string) {
  return tx
    .select({ id: payoutStatements.id, point: payoutStatements.servicePointId })
    .from(payoutStatements)
    .where(and(eq(payoutStatements.batchId, batchId), eq(payoutStatements.paid, "S")));
}

/** Records the batch's proof (a file already in storage); false when the batch was undone meanwhile. */
export async function setBatchProof(tx: Db, id: string, proof: { storedName: string; originalName: string; mimeType: string }) {
  const [row] = await tx
    .update(paymentBatches)
    .set({ proofFile: proof.storedName, proofOriginalName: proof.originalName, proofMimeType: proof.mimeType })
    .where(and(eq(paymentBatches.id, id), isNull(paymentBatches.undoneAt)))
    .returning({ id: paymentBatches.id });
  return Boolean(row);
}

interface BatchListRow extends Omit<Batch, "RegistradoEm" | "DesfeitoEm" | "Total"> {
  RegistradoEm: Date | string;
  DesfeitoEm: Date | string | null;
  Total: string | number;
}

const iso = (v: Date | string) => new Date(String(v instanceof Date ? v.toISOString() : v)).toISOString();

const toBatch = (r: BatchListRow): Batch => ({
  ...r,
  Total: Number(r.Total),
  RegistradoEm: iso(r.RegistradoEm),
  DesfeitoEm: r.DesfeitoEm === null ? null : iso(r.DesfeitoEm),
});

const batchSelect = sql`
  select b.id as "IdLote", b.reference as "Referencia", to_char(b.payment_date, 'YYYY-MM-DD') as "DataPagamento",
    b.paid_at as "RegistradoEm", pu.name as "PagoPor", b.payout_count as "Quantidade",
    (select count(distinct f.service_point_id)::int from payout_statements f where f.batch_id = b.id) as "Beneficiarios",
    b.total::float8 as "Total", b.proof_original_name as "Comprovante", b.undone_at as "DesfeitoEm", uu.name as "DesfeitoPor",
    (b.undone_at is null and (b.paid_at at time zone 'America/Sao_Paulo')::date = (now() at time zone 'America/Sao_Paulo')::date)
      as "PodeDesfazer"
  from payment_batches b
  join central_users pu on pu.id = b.paid_by
  left join central_users uu on uu.id = b.undone_by`;

/** The batches registered between `from` and `to` (Brasília days, both included), newest first, at most 500. */
export async function listBatches(db: Db, from: string | undefined, to: string | undefined): Promise<Batch[]> {
  const list = await rows<BatchListRow>(
    db,
    sql`${batchSelect}
      where ${from ? sql`(b.paid_at at time zone 'America/Sao_Paulo')::date >= ${from}` : sql`true`}
        and ${to ? sql`(b.paid_at at time zone 'America/Sao_Paulo')::date <= ${to}` : sql`true`}
      order by b.paid_at desc, b.id
      limit 500`,
  );
  return list.map(toBatch);
}

export async function batchOf(db: Db, id: string): Promise<Batch | undefined> {
  const [row] = await rows<BatchListRow>(db, sql`${batchSelect} where b.id = ${id}`);
  return row ? toBatch(row) : undefined;
}
