// The points as the central watches them (issue 38): each point's figures and the flags that ask for attention, computed in
// one SQL query at the request's instant (filtered by a flag, sorted), the worklist home's counts over the same query, and
// one point's page (team, masked bank data, latest orders) (server only).
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import {
  IDLE_DAYS,
  LOW_RATING,
  POINT_FLAGS,
  RATING_DAYS,
  type MaskedBankAccount,
  type PointFlag,
  type PointOrder,
  type PointSort,
  type PointSummary,
  type PointTeamMember,
  type SortDirection,
} from "../../contract/central-points.ts";
import type { CentralHome } from "../../contract/central-home.ts";
import { rows } from "../db/rows.ts";
import { holdReasonSql, unconfirmedChangeSql } from "../rules/payout-hold.ts";
import { maskAccount, maskDocument, maskPixKey } from "../lib/bank-mask.ts";

const DAY_MS = 86_400_000;
const iso = (d: Date | string | null) => (d ? new Date(String(d)).toISOString() : null);
const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/**
 * Every point's figures and flags at `now`, as a subquery (`figures`) the list, the home and the point page read. Every
 * instant is bounded by `now`: a start time seeded (or clocked) in the future is not "activity", so the last activity is
 * never ahead of the answer.
 */
function figuresSql(now: Date, month: string): SQL {
  const ratingSince = new Date(now.getTime() - RATING_DAYS * DAY_MS);
  const idleSince = new Date(now.getTime() - IDLE_DAYS * DAY_MS);
  return sql`(
    select f.*,
      array_remove(array[
        case when f.avg_30 is not null and f.avg_30 < ${LOW_RATING} then 'avaliacao-baixa' end,
        case when f.open_returns > 0 then 'retornos-abertos' end,
        case when not f.has_bank then 'sem-dados-bancarios' end,
        case when f.payment_changed is not null then 'dados-bancarios-alterados' end,
        case when f.pending_approvals > 0 then 'aprovacoes-pendentes' end,
        case when f.due_count > 0 then 'repasses-devidos' end,
        case when f.last_activity is null or f.last_activity < ${at(idleSince)} then 'sem-atividade' end
      ]::text[], null) as flags
    from (
      select p.id, p.trade_name, p.corporate_name, p.cnpj, p.city, p.uf,
        (select round(avg(r.score)::numeric, 2)::float8 from ratings r join appointments a on a.id = r.appointment_id
          where a.service_point_id = p.id) as avg_all,
        (select count(*)::int from ratings r join appointments a on a.id = r.appointment_id where a.service_point_id = p.id)
          as ratings_all,
        (select round(avg(r.score)::numeric, 2)::float8 from ratings r join appointments a on a.id = r.appointment_id
          where a.service_point_id = p.id and r.created_at > ${at(ratingSince)} and r.created_at <= ${at(now)}) as avg_30,
        (select count(*)::int from ratings r join appointments a on a.id = r.appointment_id
          where a.service_point_id = p.id and r.created_at > ${at(ratingSince)} and r.created_at <= ${at(now)}) as ratings_30,
        (select count(*)::int from service_returns sr join appointments a on a.id = sr.appointment_id
          where a.service_point_id = p.id and sr.status <> 'C') as open_returns,
        (select count(*)::int from appointments a
          where a.service_point_id = p.id and a.status <> 'E' and to_char(a.date, 'YYYY-MM') = ${month}) as month_orders,
        (select max(x.at) from (
          select max(a.created_at) as at from appointments a where a.service_point_id = p.id and a.created_at <= ${at(now)}
          union all select max(e.started_at) from executions e join appointments a on a.id = e.appointment_id
            where a.service_point_id = p.id and e.started_at <= ${at(now)}
          union all select max(e.finished_at) from executions e join appointments a on a.id = e.appointment_id
            where a.service_point_id = p.id and e.finished_at <= ${at(now)}
        ) x) as last_activity,
        (select count(*)::int from execution_services es join appointments a on a.id = es.appointment_id
          where a.service_point_id = p.id and es.approval_status = 'P') as pending_approvals,
        (select count(*)::int from payout_statements ps where ps.service_point_id = p.id and ps.paid = 'N') as due_count,
        (select coalesce(sum(ps.payout), 0)::float8 from payout_statements ps where ps.service_point_id = p.id and ps.paid = 'N')
          as due_total,
        exists (select 1 from bank_accounts b where b.service_point_id = p.id and b.selected = 'S') as has_bank,
        case when p.payment_data_changed_at <= ${at(now)} and ${unconfirmedChangeSql(sql`p`, now)}
          then p.payment_data_changed_at end as payment_changed
      from service_points p
    ) f
  ) figures`;
}

interface FigureRow {
  id: string;
  trade_name: string;
  corporate_name: string;
  cnpj: string;
  city: string | null;
  uf: string | null;
  avg_all: number | null;
  ratings_all: number;
  avg_30: number | null;
  ratings_30: number;
  open_returns: number;
  month_orders: number;
  last_activity: Date | string | null;
  pending_approvals: number;
  due_count: number;
  due_total: number;
  payment_changed: Date | string | null;
  flags: string[] | string;
}

/** node-postgres answers text[] as an array; PGlite may answer its literal ({a,b}). */
const flagList = (value: string[] | string): PointFlag[] => {
  const list = Array.isArray(value)
    ? value
    : value
        .replace(/^\{|\}$/g, "")
        .split(",")
        .filter(Boolean);
  // In the contract's order, whatever the array's.
  return POINT_FLAGS.filter((f) => list.includes(f));
};

export const toPointSummary = (r: FigureRow): PointSummary => ({
  IdPontoAtendimento: r.id,
  NomeFantasia: r.trade_name,
  RazaoSocial: r.corporate_name,
  Cnpj: r.cnpj,
  Cidade: r.city,
  Uf: r.uf,
  MediaAvaliacao: r.avg_all,
  QuantidadeAvaliacoes: r.ratings_all,
  RetornosAbertos: r.open_returns,
  OrdensNoMes: r.month_orders,
  UltimaAtividade: iso(r.last_activity),
  MediaAvaliacao30Dias: r.avg_30,
  AvaliacoesRecentes: r.ratings_30,
  AprovacoesPendentes: r.pending_approvals,
  RepassesDevidos: r.due_count,
  ValorDevido: Number(r.due_total),
  DadosPagamentoAlteradosEm: iso(r.payment_changed),
  Sinalizacoes: flagList(r.flags),
});

/** Each order's SQL; ties always end on the trade name then the id, so the order is stable between polls. */
const ORDER_BY: Record<PointSort, (dir: SQL) => SQL> = {
  nome: (dir) => sql`lower(trade_name) ${dir}, id`,
  sinalizacoes: (dir) => sql`cardinality(flags) ${dir}, lower(trade_name), id`,
  atividade: (dir) => sql`last_activity ${dir} nulls last, lower(trade_name), id`,
  avaliacao: (dir) => sql`avg_all ${dir} nulls last, lower(trade_name), id`,
};

export const DEFAULT_DIRECTION: Record<PointSort, SortDirection> = {
  nome: "asc",
  sinalizacoes: "desc",
  atividade: "desc",
  avaliacao: "asc",
};

export interface PointListOptions {
  now: Date;
  /** yyyy-MM of Brasília's today: "orders this month". */
  month: string;
  flag?: PointFlag;
  sort: PointSort;
  direction: SortDirection;
  /** One point only (its page). */
  pointId?: string;
}

/** The points with their figures and flags, only those with `flag` when given, in the order asked. */
export async function attentionList(db: Db, o: PointListOptions): Promise<PointSummary[]> {
  const where = sql.join([o.flag ? sql`${o.flag} = any(flags)` : sql`true`, o.pointId ? sql`id = ${o.pointId}` : sql`true`], sql` and `);
  const dir = o.direction === "desc" ? sql`desc` : sql`asc`;
  const list = await rows<FigureRow>(db, sql`select * from ${figuresSql(o.now, o.month)} where ${where} order by ${ORDER_BY[o.sort](dir)}`);
  return list.map(toPointSummary);
}

/** The worklist home's counts at `now`, in one query: approvals, payouts due (and held), points by flag. */
export async function homeCounts(db: Db, now: Date, month: string): Promise<CentralHome> {
  const [row] = await rows<{
    approvals: number;
    oldest: Date | string | null;
    due_count: number;
    due_points: number;
    due_total: number;
    held_count: number;
    held_total: number;
    points: number;
    flagged: number;
    by_flag: Record<string, number> | string | null;
  }>(
    db,
    sql`
      with pending as (
        select es.created_at from execution_services es where es.approval_status = 'P'
      ), due as (
        select ps.service_point_id, ps.payout, (${holdReasonSql(sql`p`, now)}) is not null as held
        from payout_statements ps join service_points p on p.id = ps.service_point_id where ps.paid = 'N'
      ), figures as (
        select flags from ${figuresSql(now, month)}
      )
      select
        (select count(*)::int from pending) as approvals,
        (select min(created_at) from pending) as oldest,
        (select count(*)::int from due) as due_count,
        (select count(distinct service_point_id)::int from due) as due_points,
        (select coalesce(sum(payout), 0)::float8 from due) as due_total,
        (select count(*)::int from due where held) as held_count,
        (select coalesce(sum(payout), 0)::float8 from due where held) as held_total,
        (select count(*)::int from figures) as points,
        (select count(*)::int from figures where cardinality(flags) > 0) as flagged,
        (select json_object_agg(flag, n) from (select unnest(flags) as flag, count(*)::int as n from figures group by 1) c)
          as by_flag`,
  );
  const r = row!;
  const byFlag = (typeof r.by_flag === "string" ? JSON.parse(r.by_flag) : (r.by_flag ?? {})) as Record<string, number>;
  return {
    Aprovacoes: { Quantidade: r.approvals, MaisAntiga: iso(r.oldest) },
    Repasses: {
      Quantidade: r.due_count,
      Pontos: r.due_points,
      Total: Number(r.due_total),
      Retidos: r.held_count,
      TotalRetido: Number(r.held_total),
    },
    Pontos: {
      Total: r.points,
      ComSinalizacao: r.flagged,
      PorSinal: POINT_FLAGS.map((flag) => ({ Sinal: flag, Quantidade: Number(byFlag[flag] ?? 0) })),
    },
    GeradoEm: now.toISOString(),
  };
}

/** The point's users, principal first, then by name; read only for the central. */
export async function pointTeam(db: Db, pointId: string): Promise<PointTeamMember[]> {
  const list = await rows<{
    id: string;
    name: string;
    email: string;
    phone: string | null;
    role: string;
    admin: string;
    active: string;
    principal: boolean;
  }>(
    db,
    sql`
      with principal as (
        select id from point_users where service_point_id = ${pointId} order by created_at, seq limit 1
      )
      select u.id, u.name, u.email, u.phone, t.description as role, t.administrative as admin, u.active,
        u.id = (select id from principal) as principal
      from point_users u join user_types t on t.id = u.user_type_id
      where u.service_point_id = ${pointId}
      order by u.id = (select id from principal) desc, lower(u.name), u.id`,
  );
  return list.map((u) => ({
    IdPontoAtendimentoUsuario: u.id,
    Nome: u.name,
    Email: u.email,
    Telefone: u.phone,
    Cargo: u.role,
    // The principal is an administrator whatever its type says (docs/security.md).
    Administrador: u.principal || u.admin === "S",
    Ativo: u.principal || u.active === "A",
    Principal: u.principal,
  }));
}

/** The point's bank/PIX records, the selected one first, masked: the central pays from the payments screen, not from here. */
export async function maskedBankAccounts(db: Db, pointId: string): Promise<MaskedBankAccount[]> {
  const list = await rows<{
    id: string;
    selected: string;
    pix_key_type: string | null;
    pix_key: string | null;
    bank: string | null;
    agency: string | null;
    account: string | null;
    account_type: string | null;
    holder_name: string;
    holder_document: string | null;
    created_at: Date | string;
  }>(
    db,
    sql`select id, selected, pix_key_type, pix_key, bank, agency, account, account_type, holder_name, holder_document, created_at
      from bank_accounts where service_point_id = ${pointId} order by selected = 'S' desc, created_at desc, id`,
  );
  return list.map((b) => ({
    IdDadoBancario: b.id,
    Selecionado: b.selected === "S",
    TipoPagamento: b.pix_key ? "PIX" : "TRANSFERENCIA",
    TipoChavePix: b.pix_key_type,
    ChavePix: maskPixKey(b.pix_key_type, b.pix_key),
    Banco: b.bank,
    NumeroAgencia: b.agency,
    NumeroConta: maskAccount(b.account),
    TipoConta: b.account_type,
    NomeTitular: b.holder_name,
    DocumentoTitular: maskDocument(b.holder_document),
    CriadoEm: new Date(String(b.created_at)).toISOString(),
  }));
}

const SITUATION: Record<string, PointOrder["Situacao"]> = { C: "CONCLUÍDO", E: "CANCELADO" };

/** The point's latest 20 orders by appointment date and time, with their pending services and payouts. */
export async function latestOrders(db: Db, pointId: string): Promise<PointOrder[]> {
  const list = await rows<{
    id: string;
    os: number;
    day: string;
    time: string;
    plate: string;
    status: string;
    started: boolean;
    pending: number;
    payout: number | null;
    paid: number;
    payouts: number;
  }>(
    db,
    sql`
      select a.id, a.os_number as os, to_char(a.date, 'YYYY-MM-DD') as day, to_char(a.time, 'HH24:MI') as time, v.plate,
        a.status, exists (select 1 from executions e where e.appointment_id = a.id) as started,
        (select count(*)::int from execution_services es where es.appointment_id = a.id and es.approval_status = 'P') as pending,
        (select sum(ps.payout)::float8 from payout_statements ps where ps.appointment_id = a.id) as payout,
        (select count(*)::int from payout_statements ps where ps.appointment_id = a.id and ps.paid = 'S') as paid,
        (select count(*)::int from payout_statements ps where ps.appointment_id = a.id) as payouts
      from appointments a join vehicles v on v.id = a.vehicle_id
      where a.service_point_id = ${pointId}
      order by a.date desc, a.time desc, a.os_number desc
      limit 20`,
  );
  return list.map((o) => ({
    IdSocioVeiculoAgenda: o.id,
    NumeroOS: o.os,
    DataAgendamento: o.day,
    HoraAgendamento: o.time,
    Placa: o.plate,
    Situacao: SITUATION[o.status] ?? (o.started ? "EM ANDAMENTO" : "PENDENTE"),
    ServicosPendentes: o.pending,
    ValorRepasse: o.payouts > 0 ? Number(o.payout ?? 0) : null,
    Pago: o.payouts === 0 ? null : o.paid === o.payouts ? "S" : o.paid === 0 ? "N" : "PARCIAL",
  }));
}
