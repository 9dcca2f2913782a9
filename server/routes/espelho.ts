// POST /espelho/lista: payout statement rows of the point, filtered by period and payment status, a held one with its reason;
// GET /espelho/comprovante/:id: the proof of one of its paid payouts (server only).
import type { FastifyInstance } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { parsePeriod } from "../lib/dates.ts";
import { schemaOf } from "../../contract/route.ts";
import * as C from "../../contract/espelho.ts";
import { assertOwnPoint } from "../plugins/tenant.ts";
import { statementProof, statementRows } from "../repositories/payout-statements.ts";
import { isUuid } from "../db/rows.ts";
import { sendStoredFile } from "./uploads.ts";
import type { RouteDeps } from "./deps.ts";

export async function espelhoRoutes(plain: FastifyInstance, { db, storage, clock }: RouteDeps) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  app.post(C.listStatement.url, { schema: schemaOf(C.listStatement) }, async (request) => {
    const b = request.body;
    assertOwnPoint(request, b.idPontoAtendimento);
    const { from, to } = parsePeriod(b);
    return statementRows(db, { servicePointId: request.auth.servicePointId, from, to, paid: b.pagamentoFeito || undefined, now: clock() });
  });
  app.get(C.getStatementProof.url, { schema: schemaOf(C.getStatementProof) }, async (request, reply) => {
    const { id } = request.params;
    const proof = isUuid(id) ? await statementProof(db, request.auth.servicePointId, id) : undefined;
    if (!proof) return reply.code(404).send({ success: false, message: "Comprovante não encontrado." });
    return sendStoredFile(request, reply, storage, proof);
  });
}
