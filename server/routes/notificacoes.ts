// /notificacoes: the point's unread notices from the program's central staff (a service approved or rejected), for the
// attendant's app to tell wherever they are; marking them read (server only).
import { and, desc, eq, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import type { RouteDeps } from "./deps.ts";
import { pointNotifications } from "../db/schema.ts";
import { isUuid } from "../lib/db-rows.ts";
import { route } from "../../contract/route.ts";

const ReadBody = Type.Object({ ids: Type.Array(Type.String({ maxLength: 36 }), { maxItems: 100 }) });

export async function notificacoesRoutes(plain: FastifyInstance, { db }: RouteDeps) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();

  app.get("/notificacoes", { schema: route({}) }, async (request) => {
    const rows = await db
      .select()
      .from(pointNotifications)
      .where(
        and(
          eq(pointNotifications.servicePointId, request.auth.servicePointId),
          eq(pointNotifications.source, "central"),
          eq(pointNotifications.read, false),
        ),
      )
      .orderBy(desc(pointNotifications.createdAt))
      .limit(20);
    return {
      data: rows.map((n) => ({ IdNotificacao: n.id, Titulo: n.title, Conteudo: n.body, DataHora: n.createdAt.toISOString() })),
    };
  });

  app.post("/notificacoes/lidas", { schema: route({ body: ReadBody }) }, async (request) => {
    const ids = request.body.ids.filter(isUuid);
    if (ids.length > 0) {
      // Only the point's own: another point's id changes nothing.
      await db
        .update(pointNotifications)
        .set({ read: true })
        .where(and(inArray(pointNotifications.id, ids), eq(pointNotifications.servicePointId, request.auth.servicePointId)));
    }
    return { success: true, message: "Notificações marcadas como lidas." };
  });
}
