// /avaliacoes: average and list of the point's ratings (server only).
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { rows } from "../lib/db-rows.ts";
import { params } from "../../contract/fields.ts";
import { route } from "../../contract/route.ts";
import { assertOwnPoint } from "../plugins/tenant.ts";
import type { RouteDeps } from "./deps.ts";

const byPoint = route({ params: params("idPontoAtendimento") });

export async function avaliacoesRoutes(plain: FastifyInstance, { db }: RouteDeps) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  app.get("/avaliacoes/get-average/:idPontoAtendimento", { schema: byPoint }, async (request) => {
    assertOwnPoint(request, request.params.idPontoAtendimento);
    const [r] = await rows<{ avg: number | null; n: number }>(
      db,
      sql`
      select round(avg(r.score)::numeric, 2)::float8 as avg, count(*)::int as n
      from ratings r join appointments a on a.id = r.appointment_id where a.service_point_id = ${request.auth.servicePointId}`,
    );
    return { MediaNotas: r.avg ?? 0, TotalAvaliacoes: r.n };
  });

  app.get("/avaliacoes/get-all/:idPontoAtendimento", { schema: byPoint }, async (request) => {
    assertOwnPoint(request, request.params.idPontoAtendimento);
    return rows(
      db,
      sql`
      select a.service_point_id as "IdPontoAtendimento", a.id as "IdSocioVeiculoAgenda", a.os_number as "NumeroOS", r.score as "Nota",
        r.comment as "Observacoes", r.created_at as "DataLog", v.year as "AnoVeiculo", v.plate as "PlacaVeiculo",
        v.brand as "MarcaVeiculo", v.model as "ModeloVeiculo", m.name as "Cliente"
      from ratings r join appointments a on a.id = r.appointment_id join vehicles v on v.id = a.vehicle_id join members m on m.id = v.member_id
      where a.service_point_id = ${request.auth.servicePointId}
      order by r.created_at desc`,
    );
  });
}
