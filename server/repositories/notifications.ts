// The point's notices (point_notifications): the central's unread ones for the attendants' app, marking them read (server only).
import { and, desc, eq, inArray } from "drizzle-orm";
import type { Notificacao } from "../../contract/notificacoes.ts";
import type { Db } from "../db/client.ts";
import { pointNotifications } from "../db/schema.ts";

export const toNotificacao = (n: typeof pointNotifications.$inferSelect): Notificacao => ({
  IdNotificacao: n.id,
  Titulo: n.title,
  Conteudo: n.body,
  DataHora: n.createdAt.toISOString(),
});

/** The point's 20 newest unread notices written by the central. */
export const unreadCentralNotices = async (db: Db, servicePointId: string) =>
  (
    await db
      .select()
      .from(pointNotifications)
      .where(
        and(
          eq(pointNotifications.servicePointId, servicePointId),
          eq(pointNotifications.source, "central"),
          eq(pointNotifications.read, false),
        ),
      )
      .orderBy(desc(pointNotifications.createdAt))
      .limit(20)
  ).map(toNotificacao);

/** Marks the notices read, only the point's own: another point's id changes nothing. */
export async function markRead(db: Db, servicePointId: string, ids: string[]) {
  await db
    .update(pointNotifications)
    .set({ read: true })
    .where(and(inArray(pointNotifications.id, ids), eq(pointNotifications.servicePointId, servicePointId)));
}
