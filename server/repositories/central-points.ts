// The service points as the central sees them: every point with its figures, one point's registration and its payment data
// under review; one mapping per contract shape (server only).
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import type { servicePoints } from "../db/schema.ts";
import type { PayeeReview, PointRegistration, PointSummary } from "../../contract/central-points.ts";
import { rows } from "../lib/db-rows.ts";
import { holdText, type HoldReason, type Payee } from "../services/payout-hold.ts";

type PointSummaryRow = Omit<PointSummary, "UltimaAtividade"> & { UltimaAtividade: Date | string | null };

export const toPointSummary = (r: PointSummaryRow): PointSummary => ({
  ...r,
  UltimaAtividade: r.UltimaAtividade ? new Date(String(r.UltimaAtividade)).toISOString() : null,
});

/** Every point by trade name, with its ratings, open returns, orders of `month` (yyyy-MM) and last activity. */
export async function pointSummaries(db: Db, month: string): Promise<PointSummary[]> {
  const list = await rows<PointSummaryRow>(
    db,
    sql`
      select p.id as "IdPontoAtendimento", p.trade_name as "NomeFantasia", p.corporate_name as "RazaoSocial", p.cnpj as "Cnpj",
        p.city as "Cidade", p.uf as "Uf",
        (select round(avg(r.score)::numeric, 2)::float8 from ratings r join appointments a on a.id = r.appointment_id
          where a.service_point_id = p.id) as "MediaAvaliacao",
        (select count(*)::int from ratings r join appointments a on a.id = r.appointment_id where a.service_point_id = p.id)
          as "QuantidadeAvaliacoes",
        (select count(*)::int from service_returns sr join appointments a on a.id = sr.appointment_id
          where a.service_point_id = p.id and sr.status <> 'C') as "RetornosAbertos",
        (select count(*)::int from appointments a where a.service_point_id = p.id and a.status <> 'E' and to_char(a.date, 'YYYY-MM') = ${month})
          as "OrdensNoMes",
        (select max(x.at) from (
          select max(a.created_at) as at from appointments a where a.service_point_id = p.id
          union all select max(e.started_at) from executions e join appointments a on a.id = e.appointment_id where a.service_point_id = p.id
          union all select max(e.finished_at) from executions e join appointments a on a.id = e.appointment_id where a.service_point_id = p.id
        ) x) as "UltimaAtividade"
      from service_points p
      order by p.trade_name`,
  );
  return list.map(toPointSummary);
}

export const toPointRegistration = (p: typeof servicePoints.$inferSelect): PointRegistration => ({
  IdPontoAtendimento: p.id,
  NomeFantasia: p.tradeName,
  RazaoSocial: p.corporateName,
  Cnpj: p.cnpj,
  InscricaoEstadual: p.stateRegistration,
  Matricula: p.registrationNumber,
  QuantidadeElevadores: p.lifts,
  Cep: p.cep,
  Endereco: p.address,
  Complemento: p.complement,
  Bairro: p.district,
  Cidade: p.city,
  Uf: p.uf,
});

const iso = (d: Date | string | null) => (d ? new Date(String(d)).toISOString() : null);

/** The point's payee now with its hold (payout-hold.ts pointHolds): what the central checks before confirming. */
export const toPayeeReview = (
  payee: Payee,
  hold: { changed: Date | string | null; confirmed: Date | string | null; reason: HoldReason },
): PayeeReview => ({
  ...payee,
  Retido: hold.reason !== null,
  MotivoRetencao: holdText(hold.reason, hold.changed),
  AlteradoEm: iso(hold.changed),
  ConfirmadoEm: iso(hold.confirmed),
});
