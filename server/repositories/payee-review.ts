// What the central reads before confirming a point's new payment data (issue 49, item 4): the payee now and before, field by
// field, who changed it and when, the warnings (a natural person, a holder other than the point), the first of two
// confirmations, and the point's phone to call; one query and one mapping to the contract's PayeeReview (server only).
import { sql } from "drizzle-orm";
import type { PayeeReview } from "../../contract/central-points.ts";
import type { Db } from "../db/client.ts";
import { rows } from "../db/rows.ts";
import { holderIsPerson, holderIsPoint, payeeDiff } from "../../src/domain/payee.ts";
import { holdReasonSql, holdText, type HoldReason, type Payee } from "../rules/payout-hold.ts";
import { currentPayees } from "./payout-holds.ts";

/** A phone changed this recently is pointed out: whoever changed the payment data may have changed it too. */
export const PHONE_RECENT_DAYS = 30;

interface ReviewRow {
  reason: HoldReason;
  changed: Date | string | null;
  confirmed: Date | string | null;
  changedBy: string | null;
  snapshot: Payee | null;
  firstAt: Date | string | null;
  firstBy: string | null;
  firstName: string | null;
  paidTo: Payee | null;
  paidAt: Date | string | null;
  phone: string | null;
  contact: string | null;
  phoneChanged: Date | string | null;
}

const iso = (d: Date | string | null) => (d ? new Date(String(d)).toISOString() : null);

/** The payee as a snapshot may hold it (one written before a field existed reads it as null). */
const asPayee = (p: Partial<Payee>): Payee => ({
  RazaoSocial: p.RazaoSocial ?? "",
  Cnpj: p.Cnpj ?? "",
  IdDadoBancario: p.IdDadoBancario ?? null,
  TipoChavePix: p.TipoChavePix ?? null,
  ChavePix: p.ChavePix ?? null,
  Banco: p.Banco ?? null,
  NumeroAgencia: p.NumeroAgencia ?? null,
  NumeroConta: p.NumeroConta ?? null,
  TipoConta: p.TipoConta ?? null,
  NomeTitular: p.NomeTitular ?? null,
  DocumentoTitular: p.DocumentoTitular ?? null,
});

/** The point's payee review at `now` for the central user `viewerId`; undefined for an unknown point. */
export async function payeeReview(db: Db, pointId: string, now: Date, viewerId: string): Promise<PayeeReview | undefined> {
  const phoneSince = new Date(now.getTime() - PHONE_RECENT_DAYS * 86_400_000);
  const [row] = await rows<ReviewRow>(
    db,
    sql`
      with principal as (
        select u.id, u.name, u.phone from point_users u where u.service_point_id = ${pointId}
        order by u.created_at, u.seq limit 1
      ), last_paid as (
        select ps.paid_to, ps.paid_at from payout_statements ps
        where ps.service_point_id = ${pointId} and ps.paid = 'S' and ps.paid_to is not null
        order by ps.paid_at desc nulls last limit 1
      )
      select ${holdReasonSql(sql`p`, now)} as reason, p.payment_data_changed_at as changed,
        p.payment_data_confirmed_at as confirmed, cu.name as "changedBy", p.payment_data_confirmed_payee as snapshot,
        p.payment_data_first_confirmed_at as "firstAt", p.payment_data_first_confirmed_by as "firstBy", fc.name as "firstName",
        (select paid_to from last_paid) as "paidTo", (select paid_at from last_paid) as "paidAt",
        (select phone from principal) as phone, (select name from principal) as contact,
        (select max(a.at) from audit_log a where a.entity = 'usuario' and a.entity_id = (select id::text from principal)
          and a.changes @> '[{"campo": "Telefone"}]'::jsonb and a.at > ${phoneSince.toISOString()}::timestamptz) as "phoneChanged"
      from service_points p
      left join point_users cu on cu.id = p.payment_data_changed_by
      left join central_users fc on fc.id = p.payment_data_first_confirmed_by
      where p.id = ${pointId}`,
  );
  if (!row) return undefined;
  const payee = (await currentPayees(db, [pointId])).get(pointId)!;
  const before = row.snapshot
    ? { payee: asPayee(row.snapshot), source: row.confirmed ? ("confirmado" as const) : ("original" as const), at: iso(row.confirmed) }
    : row.paidTo
      ? { payee: asPayee(row.paidTo), source: "pago" as const, at: iso(row.paidAt) }
      : null;
  const person = holderIsPerson(payee);
  return {
    ...payee,
    Retido: row.reason !== null,
    MotivoRetencao: holdText(row.reason, row.changed),
    AlteradoEm: iso(row.changed),
    ConfirmadoEm: iso(row.confirmed),
    AlteradoPor: row.changed ? row.changedBy : null,
    Anterior: before?.payee ?? null,
    AnteriorOrigem: before?.source ?? null,
    AnteriorEm: before?.at ?? null,
    Comparacao: payeeDiff(before?.payee ?? null, payee),
    TitularPessoaFisica: person,
    TitularEhOPonto: holderIsPoint(payee),
    ConfirmacoesNecessarias: person ? 2 : 1,
    PrimeiraConfirmacao:
      row.firstBy && row.firstAt
        ? { Usuario: row.firstName ?? "Equipe central", DataHora: iso(row.firstAt)!, Sua: row.firstBy === viewerId }
        : null,
    Telefone: row.phone,
    TelefoneContato: row.phone ? row.contact : null,
    TelefoneAlteradoEm: iso(row.phoneChanged),
  };
}
