// The agenda list's SQL (GET /agendamentos/lista): the contract's row shape for one point, optional status, plate and date range (server only).
import { sql } from "drizzle-orm";

const BR = sql.raw(`'America/Sao_Paulo'`);

export interface AgendaFilters {
  servicePointId: string;
  status?: string;
  plate?: string;
  from?: string;
  to?: string;
}

export function agendaListSql(f: AgendaFilters) {
  const { status, plate, from, to } = f;
  return sql`
    select a.id as "IdSocioVeiculoAgenda", v.id as "IdSocioVeiculo", a.service_id as "IdServico", a.os_number as "NumeroOS",
      a.service_point_id as "IdPontoAtendimento", a.initial_video as "VideoInicial", a.final_video as "VideoFinal",
      to_char(a.date, 'DD/MM/YYYY') as "DataAgendamento", to_char(a.time, 'HH24:MI') as "HoraAgendamento",
      upper(v.plate) as "Placa", v.engine_size as "Litragem", v.year as "Ano", v.vehicle_type as "TipoVeiculo",
      v.name as "Nome", v.phone as "Telefone", v.member_id as "IdSocio", v.cpf as "Cpf", mo.description as "Motivacao",
      s.notes as "Observacoes", v.model as "Veiculo", v.brand as "Marca", a.status as "StatusAgendamento",
      e.id as "IdSocioVeiculoAgendaExecucao",
      to_char(e.started_at at time zone ${BR}, 'DD/MM/YYYY HH24:MI') as "DataHoraInicio",
      to_char(e.finished_at at time zone ${BR}, 'DD/MM/YYYY HH24:MI') as "DataHoraFim",
      e.started_name as "NomeInicio", e.finished_name as "NomeFim",
      coalesce(a.service_value, s.price)::float8 as "ValorServico", s.payout::float8 as "ValorRepasse",
      p.trade_name as "DescricaoPontoAtendimento",
      (select count(*)::int from execution_services es where es.appointment_id = a.id and es.approval_status = 'P') as "QtdePendencias"
    from appointments a
      -- Per-row index lookups (OFFSET 0 keeps the planner from flattening them into hash joins that scan every vehicle,
      -- member and execution ever written: years of history would then cost every poll).
      cross join lateral (select v.id, v.plate, v.engine_size, v.year, v.vehicle_type, v.model, v.brand, m.id as member_id, m.name, m.phone, m.cpf
        from vehicles v join members m on m.id = v.member_id where v.id = a.vehicle_id offset 0) v
      join service_points p on p.id = a.service_point_id
      left join services s on s.id = a.service_id
      left join motivations mo on mo.id = a.motivation_id
      left join lateral (select e.id, e.started_at, e.finished_at, ui.name as started_name, uf.name as finished_name
        from executions e left join point_users ui on ui.id = e.started_by left join point_users uf on uf.id = e.finished_by
        where e.appointment_id = a.id offset 0) e on true
    where a.service_point_id = ${f.servicePointId}
      and ${status === undefined ? sql`a.status <> 'E'` : status === "E" ? sql`a.status = 'A' and e.id is not null` : sql`a.status = ${status}`}
      and ${plate ? sql`upper(replace(v.plate, '-', '')) = ${plate}` : sql`true`}
      and ${from ? sql`a.date >= ${from}` : sql`true`}
      and ${to ? sql`a.date <= ${to}` : sql`true`}
    order by a.status, a.date, a.time`;
}
