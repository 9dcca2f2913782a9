// /notificacoes: the point's unread notices from the program's central staff (a service approved or rejected), for the
// attendant's app to tell wherever they are; marking them read (server only).
import type { FastifyInstance } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { RouteDeps } from "./deps.ts";
import { isUuid } from "../lib/db-rows.ts";
import { schemaOf } from "../../contract/route.ts";
import * as C from "../../contract/notificacoes.ts";
import { markRead, unreadCentralNotices } from "../repositories/notifications.ts";

export async function notificacoesRoutes(plain: FastifyInstance, { db }: RouteDeps) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();

  app.get(C.listNotices.url, { schema: schemaOf(C.listNotices) }, async (request) => ({
    data: await unreadCentralNotices(db, request.auth.servicePointId),
  }));

  app.post(C.markNoticesRead.url, { schema: schemaOf(C.markNoticesRead) }, async (request) => {
    const ids = request.body.ids.filter(isUuid);
    if (ids.length > 0) await markRead(db, request.auth.servicePointId, ids);
    return { success: true as const, message: "Notificações marcadas como lidas." };
  });
}
