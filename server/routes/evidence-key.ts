// GET /.well-known/evidence-key: the server's Ed25519 public key that signs every ended order's evidence chain, public and
// outside /api (anyone verifying a chain fetches it from the well-known address) (server only).
import type { FastifyInstance } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { schemaOf } from "../../contract/route.ts";
import * as C from "../../contract/evidencias-cadeia.ts";
import { evidenceKeyAnswer } from "../services/evidence-chain.ts";
import type { RouteDeps } from "./deps.ts";

export async function evidenceKeyRoutes(plain: FastifyInstance, { db }: RouteDeps) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  app.get(C.evidenceKey.url, { schema: schemaOf(C.evidenceKey) }, async (_request, reply) => {
    // The key never changes once made: caches may keep it for an hour.
    reply.header("cache-control", "public, max-age=3600");
    return evidenceKeyAnswer(db);
  });
}
