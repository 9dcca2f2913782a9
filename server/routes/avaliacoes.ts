// /avaliacoes: average and list of the point's ratings (server only).
import type { FastifyInstance } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { schemaOf } from "../../contract/route.ts";
import * as C from "../../contract/avaliacoes.ts";
import { assertOwnPoint } from "../plugins/tenant.ts";
import { pointRatings, ratingAverage } from "../repositories/ratings.ts";
import type { RouteDeps } from "./deps.ts";

export async function avaliacoesRoutes(plain: FastifyInstance, { db }: RouteDeps) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  app.get(C.getRatingAverage.url, { schema: schemaOf(C.getRatingAverage) }, async (request) => {
    assertOwnPoint(request, request.params.idPontoAtendimento);
    return ratingAverage(db, request.auth.servicePointId);
  });

  app.get(C.listRatings.url, { schema: schemaOf(C.listRatings) }, async (request) => {
    assertOwnPoint(request, request.params.idPontoAtendimento);
    return pointRatings(db, request.auth.servicePointId);
  });
}
