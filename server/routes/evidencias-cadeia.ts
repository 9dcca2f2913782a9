// GET /execucao/:id/evidencias: the evidence chain of one of the point's orders, its seal and the initial video's plate
// check, which the OS screen verifies in the browser (server only).
import type { FastifyInstance } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { notFound } from "../lib/http-errors.ts";
import { schemaOf } from "../../contract/route.ts";
import * as C from "../../contract/evidencias-cadeia.ts";
import { NOT_FOUND, ownAppointment } from "../plugins/tenant.ts";
import { evidenceChainOf } from "../services/evidence-chain.ts";
import type { RouteDeps } from "./deps.ts";

/** Where the point's browser fetches a chained file's bytes (its own file route, token or session cookie). */
export const pointFileUrl = (storedName: string) => `/api/uploads/files/${storedName}`;

export async function evidenciasCadeiaRoutes(plain: FastifyInstance, { db }: RouteDeps) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  app.get(C.orderEvidenceChain.url, { schema: schemaOf(C.orderEvidenceChain) }, async (request) => {
    const appt = await ownAppointment(db, request, request.params.id);
    const answer = await evidenceChainOf(db, appt.id, pointFileUrl);
    if (!answer) throw notFound(NOT_FOUND.appointment);
    return answer;
  });
}
