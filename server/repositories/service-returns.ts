// Service returns (warranty claims) on the point's concluded orders: lists, writes, the locked merge of files (server only).
import { asc, eq, sql } from "drizzle-orm";
import type { AgendamentoDisponivel, RetornoServico } from "../../contract/retorno-servico.ts";
import type { Db } from "../db/client.ts";
import { payoutStatements, serviceReturns } from "../db/schema.ts";
import { rows } from "../db/rows.ts";

/** The columns a body may set (the handler checked and normalised them). */
export type ReturnValues = Pick<
  typeof serviceReturns.$inferInsert,
  "kind" | "description" | "photos" | "videos" | "status" | "statusReason"
>;

/** The point's returns, newest first, in the contract's shape (the SQL names every column as the contract does). */
export const pointReturns = (db: Db, servicePointId: string) =>
  rows<RetornoServico>(
    db,
    sql`
      select r.id as "IdRetornoServico", r.kind as "Tipo", r.description as "Descricao", r.videos as "Videos", r.photos as "Fotos",
        r.appointment_id as "IdSocioVeiculoAgenda", r.vehicle_id as "IdSocioVeiculo", r.motivation_id as "IdServico",
        r.statement_id as "IdFinanceiroEspelho", r.status as "Status", r.status_reason as "MotivoStatus", r.created_at as "DataLog",
        v.plate as "PlacaVeiculo", coalesce(chosen.description, mo.description, s.description) as "NomeServico", m.name as "NomeSocio",
        a.os_number as "NumeroOS", to_char(a.date, 'YYYY-MM-DD') || 'T00:00:00.000Z' as "DataAgendamento", r.origin as "Origem"
      from service_returns r join appointments a on a.id = r.appointment_id join vehicles v on v.id = r.vehicle_id
        join members m on m.id = v.member_id left join motivations mo on mo.id = r.motivation_id left join services s on s.id = a.service_id
        -- A member's return names the service the member chose (issue 50): that one, before the order's motivation.
        left join execution_services es on es.id = r.execution_service_id left join services chosen on chosen.id = es.service_id
      where a.service_point_id = ${servicePointId}
      order by r.created_at desc`,
  );

/** The point's concluded orders with a payout row (one per order: its first), newest day first, in the contract's shape. */
export const returnableAppointments = (db: Db, servicePointId: string) =>
  rows<AgendamentoDisponivel>(
    db,
    sql`
      select distinct on (a.date, a.id) a.id as "IdSocioVeiculoAgenda", a.vehicle_id as "IdSocioVeiculo", a.motivation_id as "IdMotivacao",
        a.os_number as "NumeroOS", to_char(a.date, 'YYYY-MM-DD') || 'T00:00:00.000Z' as "DataAgendamento",
        a.service_value::float8 as "ValorServico", v.plate as "Placa",
        coalesce(mo.description, f.service_name) as "NomeServico", m.name as "SocioNome", f.payout::float8 as "ValorRepasse",
        f.id as "IdFinanceiroEspelho"
      from appointments a join payout_statements f on f.appointment_id = a.id join vehicles v on v.id = a.vehicle_id
        join members m on m.id = v.member_id left join motivations mo on mo.id = a.motivation_id
      where a.service_point_id = ${servicePointId} and a.status = 'C'
      order by a.date desc, a.id, f.os_number`,
  );

/** The order's first payout row, which a new return refers to (none when the order has no payout). */
export async function firstStatementId(db: Db, appointmentId: string) {
  const [statement] = await db
    .select({ id: payoutStatements.id })
    .from(payoutStatements)
    .where(eq(payoutStatements.appointmentId, appointmentId))
    .orderBy(asc(payoutStatements.osNumber))
    .limit(1);
  return statement?.id ?? null;
}

export async function insertReturn(
  db: Db,
  values: ReturnValues & Pick<typeof serviceReturns.$inferInsert, "appointmentId" | "vehicleId" | "motivationId" | "statementId">,
) {
  const [created] = await db.insert(serviceReturns).values(values).returning();
  return created!;
}

export async function updateReturn(db: Db, id: string, values: ReturnValues) {
  await db.update(serviceReturns).set(values).where(eq(serviceReturns.id, id));
}

/** The return's file lists, locked for the caller's transaction (two merges of one return run one after the other). */
export async function lockReturnFiles(tx: Db, id: string) {
  const [row] = await tx
    .select({ photos: serviceReturns.photos, videos: serviceReturns.videos })
    .from(serviceReturns)
    .where(eq(serviceReturns.id, id))
    .for("update");
  return row;
}

export async function setReturnFiles(tx: Db, id: string, files: { photos: string | null; videos: string | null }) {
  await tx.update(serviceReturns).set(files).where(eq(serviceReturns.id, id));
}

export async function deleteReturn(db: Db, id: string) {
  await db.delete(serviceReturns).where(eq(serviceReturns.id, id));
}
