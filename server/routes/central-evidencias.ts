// GET /central/ordens/:id/evidencias: any order's evidence chain, its seal and the initial video's plate check, for the
// central's evidence panel to verify in the browser (server only).
import type { FastifyInstance } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { notFound } from "../lib/http-errors.ts";
import { schemaOf } from "../../contract/route.ts";
import * as C from "../../contract/evidencias-cadeia.ts";
import { evidenceChainOf } from "../services/evidence-chain.ts";
import type { RouteDeps } from "./deps.ts";

/** Where the central's browser fetches a chained file's bytes (its own file route: any point's file, token or cookie). */
export const centralFileUrl = (storedName: string) => `/api/central/arquivos/${storedName}`;

const ORDER_NOT_FOUND = "Ordem de serviço não encontrada.";

export async function centralEvidenciasRoutes(plain: FastifyInstance, { db }: RouteDeps) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  app.get(C.centralEvidenceChain.url, { schema: schemaOf(C.centralEvidenceChain) }, async (request) => {
    const answer = await evidenceChainOf(db, request.params.id, centralFileUrl);
    if (!answer) throw notFound(ORDER_NOT_FOUND);
    return answer;
  });
}
