// Seeds a busy service point for the agenda-poll bench: three years of history (~20 000 appointments) beside other points, in bulk SQL (Node).
import { sql } from "drizzle-orm";
import type { Db } from "../server/db/client.ts";
import { rows } from "../server/db/rows.ts";

export const BUSY = { appointments: 20_000, days: 3 * 365, otherPoints: 4, perOtherPoint: 5_000, members: 3_000 } as const;

/**
 * Adds members/vehicles, other points and appointments (past: finished with an execution and an approved service, a few cancelled;
 * the last month: open, some started with a pending service; the next month: open) to the point named `tradeName`.
 */
/** A trusted integer constant inlined into the SQL (a bound parameter would leave `current_date - $1` ambiguous). */
const n = (value: number) => sql.raw(String(Math.trunc(value)));

export async function seedBusyPoint(db: Db, tradeName: string): Promise<string> {
  const [{ id: busy }] = await rows<{ id: string }>(db, sql`select id from service_points where trade_name = ${tradeName}`);
  await db.execute(sql`insert into service_points (trade_name, corporate_name, cnpj, lifts)
    select 'Ponto de carga ' || g, 'Ponto de carga ' || g || ' Ltda', lpad(g::text, 14, '0'), 3 from generate_series(1, ${n(BUSY.otherPoints)}) g`);
  await db.execute(sql`insert into point_users (service_point_id, user_type_id, name, email, password_hash)
    select p.id, (select min(id) from user_types), 'Atendente ' || p.trade_name, 'carga-' || p.id || '@example.com', 'x'
    from service_points p where p.trade_name like 'Ponto de carga %'`);
  await db.execute(sql`insert into members (cpf, name, phone)
    select lpad(g::text, 11, '0'), 'Sócio de carga ' || g, '8199' || lpad(g::text, 7, '0') from generate_series(1, ${n(BUSY.members)}) g`);
  await db.execute(sql`insert into vehicles (member_id, brand, model, year, plate, engine_size, vehicle_type)
    select m.id, 'Fiat', 'Argo 1.3', 2021, 'CRG' || lpad((row_number() over (order by m.id))::text, 4, '0'), '1.3', 'PASSEIO'
    from members m where m.name like 'Sócio de carga %'`);
  // One statement per point: n appointments spread evenly over the last `days` days plus 30 days ahead, 8:00 to 17:30.
  const fill = (pointFilter: ReturnType<typeof sql>, count: number) =>
    db.execute(sql`
    with v as (select array_agg(id order by id) ids from vehicles where plate like 'CRG%'),
      s as (select array_agg(id order by id) ids from services where active = 'A'),
      p as (select id from service_points where ${pointFilter}),
      g as (select p.id as point, x, (current_date - ${n(BUSY.days)} + (x * ${n(BUSY.days + 30)} / ${n(count)})) as day
        from p, generate_series(0, ${n(count - 1)}) x)
    insert into appointments (service_point_id, vehicle_id, service_id, motivation_id, date, time, status, service_value)
    select g.point, v.ids[1 + x % array_length(v.ids, 1)], s.ids[1 + x % array_length(s.ids, 1)], (select min(id) from motivations),
      g.day, time '08:00' + (x % 20) * interval '30 minutes',
      case when g.day < current_date - 30 then (case when x % 25 = 0 then 'E' else 'C' end) else 'A' end, null
    from g, v, s`);
  await fill(sql`id = ${busy}`, BUSY.appointments);
  await fill(sql`trade_name like 'Ponto de carga %'`, BUSY.perOtherPoint);
  await db.execute(sql`insert into executions (appointment_id, started_by, started_at, finished_by, finished_at)
    select a.id, u.id, (a.date + a.time) at time zone 'America/Sao_Paulo', case when a.status = 'C' then u.id end,
      case when a.status = 'C' then (a.date + a.time + interval '90 minutes') at time zone 'America/Sao_Paulo' end
    from appointments a join lateral (select id from point_users where service_point_id = a.service_point_id limit 1) u on true
    where a.vehicle_id in (select id from vehicles where plate like 'CRG%')
      and (a.status = 'C' or (a.status = 'A' and a.date < current_date and a.os_number % 3 = 0))`);
  await db.execute(sql`insert into execution_services (appointment_id, service_id, approval_status, paid)
    select e.appointment_id, a.service_id, case when a.status = 'A' then 'P' else 'A' end, 'N'
    from executions e join appointments a on a.id = e.appointment_id where a.service_id is not null
      and a.vehicle_id in (select id from vehicles where plate like 'CRG%')`);
  await db.execute(sql`analyze`);
  return busy;
}
