// The journal of money actions (issue 49): every central action on a payout, a payment run or a transfer (central_actions)
// and every confirmation of a point's payment data (audit_log), one list newest first, by point, user, run and period (server only).
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import type { JournalEntry } from "../../contract/central-payment-runs.ts";
import { rows } from "../db/rows.ts";

export interface JournalFilters {
  pointId?: string;
  userId?: string;
  runId?: string;
  /** Brasília days, both included. */
  from?: string;
  to?: string;
}

type JournalRow = Omit<JournalEntry, "Em"> & { Em: Date | string };

export async function listJournal(db: Db, f: JournalFilters): Promise<JournalEntry[]> {
  const day = sql`(j."Em" at time zone 'America/Sao_Paulo')::date`;
  const list = await rows<JournalRow>(
    db,
    sql`with j as (
        select c.id as "Id", c.at as "Em", u.name as "Usuario", c.user_id::text as "IdUsuario", c.action as "Acao",
          c.entity as "Entidade", c.entity_id::text as "IdEntidade",
          coalesce(f.service_point_id, t.service_point_id)::text as "IdPontoAtendimento",
          coalesce(r.id, tr.id, fr.id)::text as "IdRemessa", coalesce(r.number, tr.number, fr.number) as "NumeroRemessa",
          c.previous as "Antes", c.next as "Depois", c.note as "Observacao"
        from central_actions c
        join central_users u on u.id = c.user_id
        left join payout_statements f on c.entity = 'payout' and f.id = c.entity_id
        left join payment_transfers t on c.entity = 'payment_transfer' and t.id = c.entity_id
        left join payment_runs r on c.entity = 'payment_run' and r.id = c.entity_id
        left join payment_runs tr on tr.id = t.run_id
        left join payment_transfers ft on ft.id = f.transfer_id
        left join payment_runs fr on fr.id = coalesce(f.run_id, ft.run_id)
        where c.entity in ('payout', 'payment_run', 'payment_transfer')
        union all
        select -a.id, a.at, a.actor_name, a.actor_id::text,
          case a.action when 'primeira_confirmacao' then 'dados-pagamento-primeira-confirmacao' else 'dados-pagamento-confirmados' end,
          a.entity, a.entity_id,
          a.service_point_id::text, null, null, null, null, a.summary
        from audit_log a
        where a.entity = 'dados_pagamento' and a.actor_kind = 'central'
      )
      select j.*, p.trade_name as "NomeFantasia" from j left join service_points p on p.id::text = j."IdPontoAtendimento"
      where ${f.pointId ? sql`j."IdPontoAtendimento" = ${f.pointId}` : sql`true`}
        and ${f.userId ? sql`j."IdUsuario" = ${f.userId}` : sql`true`}
        and ${f.runId ? sql`j."IdRemessa" = ${f.runId}` : sql`true`}
        and ${f.from ? sql`${day} >= ${f.from}` : sql`true`}
        and ${f.to ? sql`${day} <= ${f.to}` : sql`true`}
      order by j."Em" desc, j."Id" desc
      limit 1000`,
  );
  return list.map((r) => ({ ...r, Id: Number(r.Id), Em: new Date(r.Em instanceof Date ? r.Em.getTime() : String(r.Em)).toISOString() }));
}
