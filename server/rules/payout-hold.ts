// Payouts held back from payment (server only): a point with no selected bank data, or whose payment data (bank/PIX data,
// CNPJ, company name) changed in the last 7 days and was not confirmed by the central since; a change to a natural person
// (a CPF holder) stays held until two central users confirm it, however old (issue 49). A change and a payment both lock the
// point's row first, so a payment never goes to data changed while it was being registered. The rules and their SQL
// expressions; the queries that apply them are repositories/payout-holds.ts.
import { sql, type SQL } from "drizzle-orm";
import { isoToBr, wallClock } from "../../src/domain/dates.ts";
import type { TransferPayee } from "../../src/domain/payment-run.ts";

export const HOLD_DAYS = 7;

export const HOLD_MESSAGES = {
  noBankData: "Ponto sem dados bancários selecionados: o repasse fica retido até o ponto cadastrar e selecionar uma conta.",
  changed: (when: string) =>
    `Dados de pagamento alterados em ${when}: o repasse fica retido até a central conferir e confirmar os novos dados (ou por 7 dias).`,
  changedToPerson: (when: string) =>
    `Dados de pagamento alterados em ${when} para um titular pessoa física (CPF): o repasse fica retido até dois usuários da central conferirem e confirmarem os novos dados.`,
  secondConfirmation: (when: string) =>
    `Dados de pagamento alterados em ${when} para um titular pessoa física (CPF): primeira confirmação registrada. Aguardando a confirmação de um segundo usuário da central.`,
} as const;

/**
 * Why a point's payouts are held: no selected bank data; a change not confirmed (7 days at most); a change to a natural person
 * not confirmed (no time limit); or one whose first confirmation waits for a second central user.
 */
export type HoldReason = "sem_dados_bancarios" | "dados_alterados" | "dados_alterados_pf" | "segunda_confirmacao" | null;

/** "27/11/2026 às 10:15" in Brasília, or "" without an instant. */
export function whenText(at: Date | string | null): string {
  const when = at ? wallClock(new Date(String(at))) : null;
  return when ? `${isoToBr(when.date)} às ${when.time}` : "";
}

/** A hold's reason as the payments screen shows it ("… alterados em 27/11/2026 às 10:15: …"). */
export function holdText(reason: HoldReason, changedAt: Date | string | null): string | null {
  if (reason === "sem_dados_bancarios") return HOLD_MESSAGES.noBankData;
  if (reason === "dados_alterados") return HOLD_MESSAGES.changed(whenText(changedAt));
  if (reason === "dados_alterados_pf") return HOLD_MESSAGES.changedToPerson(whenText(changedAt));
  if (reason === "segunda_confirmacao") return HOLD_MESSAGES.secondConfirmation(whenText(changedAt));
  return null;
}

/**
 * The point's selected account pays a natural person (src/domain/payee.ts holderIsPerson): a CPF holder (11 digits) or a PIX
 * key of type CPF. `point` is an alias of service_points.
 */
export function personPayeeSql(point: SQL): SQL<boolean> {
  return sql<boolean>`exists (select 1 from bank_accounts pb where pb.service_point_id = ${point}.id and pb.selected = 'S'
    and (length(regexp_replace(coalesce(pb.holder_document, ''), '[^0-9]', '', 'g')) = 11 or pb.pix_key_type = 'CPF'))`;
}

/**
 * The point's last change of payment data still holds its payouts at `now`: not confirmed since, and either of the last 7
 * days or to a natural person (whose change waits for two confirmations, however long).
 */
export function unconfirmedChangeSql(point: SQL, now: Date): SQL<boolean> {
  const since = new Date(now.getTime() - HOLD_DAYS * 86_400_000);
  return sql<boolean>`(${point}.payment_data_changed_at is not null
    and (${point}.payment_data_confirmed_at is null or ${point}.payment_data_confirmed_at < ${point}.payment_data_changed_at)
    and (${point}.payment_data_changed_at > ${since.toISOString()}::timestamptz or ${personPayeeSql(point)}))`;
}

/**
 * The hold of the point `p` (an alias of service_points in the caller's query) at `now`, as SQL: 'sem_dados_bancarios',
 * 'dados_alterados', 'dados_alterados_pf', 'segunda_confirmacao' or null. One expression for the payments list, the
 * payment's own check and the point's espelho.
 */
export function holdReasonSql(point: SQL, now: Date): SQL<HoldReason> {
  return sql<HoldReason>`case
    when not exists (select 1 from bank_accounts hb where hb.service_point_id = ${point}.id and hb.selected = 'S')
      then 'sem_dados_bancarios'
    when not ${unconfirmedChangeSql(point, now)} then null
    when not ${personPayeeSql(point)} then 'dados_alterados'
    when ${point}.payment_data_first_confirmed_at is null then 'dados_alterados_pf'
    else 'segunda_confirmacao' end`;
}

/**
 * What a payout is paid to, as it is now: the selected bank/PIX data and the point's CNPJ and company name — a transfer's
 * payee (src/domain/payment-run.ts, what the bank file writes) plus the account's id.
 */
export interface Payee extends TransferPayee {
  IdDadoBancario: string | null;
}
