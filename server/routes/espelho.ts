// POST /espelho/lista: payout statement rows of the point, filtered by period and payment status (server only).
import type { FastifyInstance } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { parsePeriod } from "../lib/dates.ts";
import { schemaOf } from "../../contract/route.ts";
import * as C from "../../contract/espelho.ts";
import { assertOwnPoint } from "../plugins/tenant.ts";
import { statementRows } from "../repositories/payout-statements.ts";
import type { RouteDeps } from "./deps.ts";

export async function espelhoRoutes(plain: FastifyInstance, { db }: RouteDeps) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  app.post(C.listStatement.url, { schema: schemaOf(C.listStatement) }, async (request) => {
    const b = request.body;
    assertOwnPoint(request, b.idPontoAtendimento);
    const { from, to } = parsePeriod(b);
    return statementRows(db, { servicePointId: request.auth.servicePointId, from, to, paid: b.pagamentoFeito || undefined });
  });
}
