// Payouts held back from payment (server only): a point with no selected bank data, or whose payment data (bank/PIX data,
// CNPJ, company name) changed in the last 7 days and was not confirmed by the central since. A change and a payment both
// lock the point's row first, so a payment never goes to data changed while it was being registered.
import { eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { servicePoints } from "../db/schema.ts";
import { rows } from "../lib/db-rows.ts";
import { isoToBr, wallClock } from "../../src/domain/dates.ts";

export const HOLD_DAYS = 7;

export const HOLD_MESSAGES = {
  noBankData: "Ponto sem dados bancários selecionados: o repasse fica retido até o ponto cadastrar e selecionar uma conta.",
  changed: (when: string) =>
    `Dados de pagamento alterados em ${when}: o repasse fica retido até a central conferir e confirmar os novos dados (ou por 7 dias).`,
} as const;

export type HoldReason = "sem_dados_bancarios" | "dados_alterados" | null;

/** A hold's reason as the payments screen shows it ("… alterados em 27/11/2026 às 10:15: …"). */
export function holdText(reason: HoldReason, changedAt: Date | string | null): string | null {
  if (reason === "sem_dados_bancarios") return HOLD_MESSAGES.noBankData;
  if (reason !== "dados_alterados") return null;
  const when = changedAt ? wallClock(new Date(String(changedAt))) : null;
  return HOLD_MESSAGES.changed(when ? `${isoToBr(when.date)} às ${when.time}` : "");
}

/**
 * The hold of the point `p` (an alias of service_points in the caller's query) at `now`, as SQL: 'sem_dados_bancarios',
 * 'dados_alterados' or null. One expression for the payments list and the payment's own check.
 */
export function holdReasonSql(point: SQL, now: Date): SQL<HoldReason> {
  const since = new Date(now.getTime() - HOLD_DAYS * 86_400_000);
  return sql<HoldReason>`case
    when not exists (select 1 from bank_accounts hb where hb.service_point_id = ${point}.id and hb.selected = 'S')
      then 'sem_dados_bancarios'
    when ${point}.payment_data_changed_at is not null and ${point}.payment_data_changed_at > ${since.toISOString()}::timestamptz
      and (${point}.payment_data_confirmed_at is null or ${point}.payment_data_confirmed_at < ${point}.payment_data_changed_at)
      then 'dados_alterados'
    else null end`;
}

/** The points' holds at `now`, with the payment data's last change and confirmation (one query for the payment and the review). */
export async function pointHolds(tx: Db, pointIds: string[], now: Date) {
  return rows<{ id: string; name: string; changed: Date | string | null; confirmed: Date | string | null; reason: HoldReason }>(
    tx,
    sql`select p.id, p.trade_name as name, p.payment_data_changed_at as changed, p.payment_data_confirmed_at as confirmed,
      ${holdReasonSql(sql`p`, now)} as reason from service_points p where p.id in ${pointIds}`,
  );
}

/**
 * Records that the point's payment data changed now, in the caller's transaction, which holds the point's row lock
 * (plugins/tenant.ts lockPoints) from its start: a payment of the point waits for it (and the other way round).
 */
export async function markPaymentDataChanged(tx: Db, pointId: string, at: Date) {
  await tx.update(servicePoints).set({ paymentDataChangedAt: at }).where(eq(servicePoints.id, pointId));
}

/** The central confirmed the point's changed payment data at `at` (in the caller's transaction, under the point's lock). */
export async function markPaymentDataConfirmed(tx: Db, pointId: string, at: Date) {
  await tx.update(servicePoints).set({ paymentDataConfirmedAt: at }).where(eq(servicePoints.id, pointId));
}

/** What a payout is paid to, as it is now: the selected bank/PIX data and the point's CNPJ and company name. */
export interface Payee {
  RazaoSocial: string;
  Cnpj: string;
  IdDadoBancario: string | null;
  TipoChavePix: string | null;
  ChavePix: string | null;
  Banco: string | null;
  NumeroAgencia: string | null;
  NumeroConta: string | null;
  TipoConta: string | null;
  NomeTitular: string | null;
  DocumentoTitular: string | null;
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
