// Members' vehicles by plate (the scanner) and the invitations kept for plates that are not a member's (server only).
import { sql } from "drizzle-orm";
import type { PlateLookup } from "../../contract/scanner.ts";
import type { Db } from "../db/client.ts";
import { invitations } from "../db/schema.ts";
import { rows } from "../db/rows.ts";

/**
 * The member's active vehicle of a normalised plate (no hyphen, upper case), with its latest open appointment at the point
 * (null fields when none), in the contract's shape (the SQL names every column as the contract does); none: not a member's.
 */
export async function vehicleByPlate(db: Db, servicePointId: string, plate: string): Promise<PlateLookup | undefined> {
  const [found] = await rows<PlateLookup>(
    db,
    sql`
      select m.name as "NomeSocio", m.id as "IdSocio", a.id as "IdSocioVeiculoAgenda", v.id as "IdSocioVeiculo",
        ${servicePointId}::uuid as "IdPontoAtendimento", to_char(a.date, 'DD/MM/YYYY') as "DataAgendamento",
        to_char(a.time, 'HH24:MI') as "HoraAgendamento", a.status as "StatusAgendamento", a.os_number as "NumeroOS",
        v.year as "AnoVeiculo", v.plate as "PlacaVeiculo", v.engine_size as "LitragemVeiculo", v.brand as "MarcaVeiculo",
        v.model as "ModeloVeiculo", e.started_at as "InicioExecucaoOS"
      from vehicles v join members m on m.id = v.member_id
        left join appointments a on a.vehicle_id = v.id and a.service_point_id = ${servicePointId} and a.status = 'A'
        left join executions e on e.appointment_id = a.id
      where upper(replace(v.plate, '-', '')) = ${plate} and v.status = 'A'
      order by a.date desc nulls last, a.time desc nulls last
      limit 1`,
  );
  return found;
}

/** An invitation kept in the outbox (a phone in 55DDDNUMBER form, a normalised plate). */
export async function insertInvitation(db: Db, values: typeof invitations.$inferInsert) {
  await db.insert(invitations).values(values);
}
