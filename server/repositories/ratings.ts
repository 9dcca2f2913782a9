// The members' ratings of the point's orders: the average and the list of GET /avaliacoes (server only).
import { sql } from "drizzle-orm";
import type { Avaliacao, MediaAvaliacoes } from "../../contract/avaliacoes.ts";
import type { Db } from "../db/client.ts";
import { rows } from "../db/rows.ts";

/** The average (two decimals; 0 with no ratings) and the count of the point's ratings. */
export async function ratingAverage(db: Db, servicePointId: string): Promise<MediaAvaliacoes> {
  const [r] = await rows<{ avg: number | null; n: number }>(
    db,
    sql`
      select round(avg(r.score)::numeric, 2)::float8 as avg, count(*)::int as n
      from ratings r join appointments a on a.id = r.appointment_id where a.service_point_id = ${servicePointId}`,
  );
  return { MediaNotas: r!.avg ?? 0, TotalAvaliacoes: r!.n };
}

/** The point's ratings, newest first, in the contract's shape (the SQL names every column as the contract does). */
export const pointRatings = (db: Db, servicePointId: string) =>
  rows<Avaliacao>(
    db,
    sql`
      select a.service_point_id as "IdPontoAtendimento", a.id as "IdSocioVeiculoAgenda", a.os_number as "NumeroOS", r.score as "Nota",
        r.comment as "Observacoes", r.created_at as "DataLog", v.year as "AnoVeiculo", v.plate as "PlacaVeiculo",
        v.brand as "MarcaVeiculo", v.model as "ModeloVeiculo", m.name as "Cliente"
      from ratings r join appointments a on a.id = r.appointment_id join vehicles v on v.id = a.vehicle_id join members m on m.id = v.member_id
      where a.service_point_id = ${servicePointId}
      order by r.created_at desc`,
  );
