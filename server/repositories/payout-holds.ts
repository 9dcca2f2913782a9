// The payout holds' queries (server only): the points' holds at an instant, the payment data's change mark, and the payee
// each point's payouts go to now. The rules and their SQL expressions are rules/payout-hold.ts.
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { servicePoints } from "../db/schema.ts";
import { rows } from "../db/rows.ts";
import { holdReasonSql, type HoldReason, type Payee } from "../rules/payout-hold.ts";

/** The points' holds at `now`, with the payment data's last change and confirmation (one query for the payment and the review). */
export async function pointHolds(tx: Db, pointIds: string[], now: Date) {
  return rows<{ id: string; name: string; changed: Date | string | null; confirmed: Date | string | null; reason: HoldReason }>(
    tx,
    sql`select p.id, p.trade_name as name, p.payment_data_changed_at as changed, p.payment_data_confirmed_at as confirmed,
      ${holdReasonSql(sql`p`, now)} as reason from service_points p where p.id in ${pointIds}`,
  );
}

/**
 * Records that the point's payment data changed now, by the point user `by`, in the caller's transaction, which holds the
 * point's row lock (plugins/tenant.ts lockPoints) from its start: a payment of the point waits for it (and the other way
 * round). A first confirmation of the data before is void. `previous` is the payee just before the change: kept as the
 * review's "before" when the point has none yet (never changed, never confirmed).
 */
export async function markPaymentDataChanged(tx: Db, pointId: string, at: Date, by: string | null, previous: Payee) {
  await tx
    .update(servicePoints)
    .set({
      paymentDataChangedAt: at,
      paymentDataChangedBy: by,
      paymentDataFirstConfirmedBy: null,
      paymentDataFirstConfirmedAt: null,
      paymentDataConfirmedPayee: sql`case when ${servicePoints.paymentDataConfirmedPayee} is null
        and ${servicePoints.paymentDataChangedAt} is null then ${JSON.stringify(previous)}::jsonb
        else ${servicePoints.paymentDataConfirmedPayee} end`,
    })
    .where(eq(servicePoints.id, pointId));
}

export async function currentPayees(tx: Db, pointIds: string[]): Promise<Map<string, Payee>> {
  const ids = [...new Set(pointIds)];
  if (ids.length === 0) return new Map();
  const list = await rows<Payee & { id: string }>(
    tx,
    sql`select p.id, p.corporate_name as "RazaoSocial", p.cnpj as "Cnpj", b.id as "IdDadoBancario",
      b.pix_key_type as "TipoChavePix", b.pix_key as "ChavePix", b.bank as "Banco", b.agency as "NumeroAgencia",
      b.account as "NumeroConta", b.account_type as "TipoConta", b.holder_name as "NomeTitular", b.holder_document as "DocumentoTitular"
    from service_points p left join bank_accounts b on b.service_point_id = p.id and b.selected = 'S'
    where p.id in ${ids}`,
  );
  return new Map(list.map(({ id, ...payee }) => [id, payee]));
}
