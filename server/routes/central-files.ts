// /central/arquivos/:name: an order's evidence for the central staff, any point's (they judge every point's services); the
// session cookie is accepted for <img>/<video> tags (server only).
import type { FastifyInstance } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { schemaOf } from "../../contract/route.ts";
import * as C from "../../contract/central-session.ts";
import { CENTRAL_MESSAGES } from "../lib/central-messages.ts";
import { fileByName } from "../repositories/stored-files.ts";
import { sendStoredFile, STORED_NAME } from "./uploads.ts";
import type { RouteDeps } from "./deps.ts";

export async function centralFilesRoutes(plain: FastifyInstance, { db, storage }: RouteDeps) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  app.get(C.getCentralFile.url, { schema: schemaOf(C.getCentralFile) }, async (request, reply) => {
    const { name } = request.params;
    const file = STORED_NAME.test(name) ? await fileByName(db, name) : undefined;
    if (!file) return reply.code(404).send({ success: false, message: CENTRAL_MESSAGES.fileNotFound });
    return sendStoredFile(request, reply, storage, file);
  });
}
