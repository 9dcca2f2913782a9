// The point users' notifications (point_notifications, notification_reads): writing them in a change's transaction, one user's
// page with its read state, marking read for that user only, and the 90-day purge (server only).
import { and, desc, eq, inArray, isNull, lt, ne, notInArray, or, sql, type SQL } from "drizzle-orm";
import { TIPOS_NOTIFICACAO, TIPOS_SO_ADMINISTRADORES, type Notificacao, type TipoNotificacao } from "../../contract/notificacoes.ts";
import type { Db } from "../db/client.ts";
import { appointments, notificationReads, pointNotifications, pointUsers, userTypes } from "../db/schema.ts";

/** How long a notification is kept. */
export const NOTIFICATION_DAYS = 90;

export type NotificationRow = typeof pointNotifications.$inferSelect;

/** A notification to write; `actorUserId` (a point user) is not told of their own action. */
export interface NewNotification {
  servicePointId: string;
  kind: TipoNotificacao;
  title: string;
  body: string;
  reason?: string | null;
  actorName?: string | null;
  actorUserId?: string | null;
  appointmentId?: string | null;
  osNumber?: number | null;
}

/** The signed-in user a list or a mark is for. */
export interface Reader {
  userId: string;
  servicePointId: string;
}

export const toNotificacao = (n: NotificationRow, read: boolean): Notificacao => ({
  IdNotificacao: n.id,
  Tipo: n.kind as TipoNotificacao,
  Titulo: n.title,
  Conteudo: n.body,
  Motivo: n.reason,
  Autor: n.actorName,
  IdSocioVeiculoAgenda: n.appointmentId,
  NumeroOS: n.osNumber,
  DataHora: n.createdAt.toISOString(),
  Lida: read,
});

/** Writes the notifications (in the caller's transaction); answers their ids, for the push sent after the commit. */
export async function insertNotifications(tx: Db, list: NewNotification[]): Promise<string[]> {
  if (list.length === 0) return [];
  const rows = await tx
    .insert(pointNotifications)
    .values(list.map((n) => ({ ...n, title: n.title.slice(0, 300), body: n.body.slice(0, 2000) })))
    .returning({ id: pointNotifications.id });
  return rows.map((r) => r.id);
}

/** A kind only the point's administrators are shown and pushed (its payment data held or released). */
export const forAdministratorsOnly = (kind: string) => (TIPOS_SO_ADMINISTRADORES as readonly string[]).includes(kind);

/**
 * What this user is shown: the point's listed kinds, except what the user did; the payment-data kinds only while the user's
 * role is administrative (read on every call, like the bank data's own gate).
 */
const visibleTo = (reader: Reader): SQL =>
  and(
    eq(pointNotifications.servicePointId, reader.servicePointId),
    inArray(pointNotifications.kind, [...TIPOS_NOTIFICACAO]),
    or(isNull(pointNotifications.actorUserId), ne(pointNotifications.actorUserId, reader.userId)),
    or(
      notInArray(pointNotifications.kind, [...TIPOS_SO_ADMINISTRADORES]),
      sql`exists (select 1 from ${pointUsers} u join ${userTypes} t on t.id = u.user_type_id
        where u.id = ${reader.userId} and t.administrative = 'S')`,
    ),
  )!;

/** One page, newest first, older than the cursor `before` (a seq), with the user's unread count and the next cursor. */
export async function notificationPage(db: Db, reader: Reader, before: number | undefined, limit: number) {
  const list = await db
    .select({ n: pointNotifications, readAt: notificationReads.readAt })
    .from(pointNotifications)
    .leftJoin(
      notificationReads,
      and(eq(notificationReads.notificationId, pointNotifications.id), eq(notificationReads.userId, reader.userId)),
    )
    .where(and(visibleTo(reader), before !== undefined ? lt(pointNotifications.seq, before) : undefined))
    .orderBy(desc(pointNotifications.seq))
    .limit(limit + 1);
  const page = list.slice(0, limit);
  return {
    data: page.map((r) => toNotificacao(r.n, r.readAt !== null)),
    naoLidas: await unreadCount(db, reader),
    proxima: list.length > limit ? String(page.at(-1)!.n.seq) : null,
  };
}

export async function unreadCount(db: Db, reader: Reader) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(pointNotifications)
    .where(
      and(
        visibleTo(reader),
        sql`not exists (select 1 from ${notificationReads} r where r.notification_id = ${pointNotifications.id} and r.user_id = ${reader.userId})`,
      ),
    );
  return row?.n ?? 0;
}

/** Marks read for this user those of `ids` the user is shown (another point's id, or an unknown one, changes nothing). */
export async function markRead(db: Db, reader: Reader, ids: string[] | "all") {
  const chosen = and(visibleTo(reader), ids === "all" ? undefined : inArray(pointNotifications.id, ids));
  await db.execute(sql`
    insert into ${notificationReads} (notification_id, user_id)
    select ${pointNotifications.id}, ${reader.userId}::uuid from ${pointNotifications} where ${chosen}
    on conflict do nothing`);
}

/** Deletes the notifications older than NOTIFICATION_DAYS (their read marks go with them); answers how many. */
export async function purgeOldNotifications(db: Db, now: Date = new Date()) {
  const limit = new Date(now.getTime() - NOTIFICATION_DAYS * 86_400_000);
  const gone = await db.delete(pointNotifications).where(lt(pointNotifications.createdAt, limit)).returning({ id: pointNotifications.id });
  return gone.length;
}

/** The notifications just written, for their push. */
export const notificationsByIds = (db: Db, ids: string[]) =>
  ids.length ? db.select().from(pointNotifications).where(inArray(pointNotifications.id, ids)) : Promise.resolve([]);

/** A point user's name, as a notification's author. */
export async function pointActorName(db: Db, id: string) {
  const [row] = await db.select({ name: pointUsers.name }).from(pointUsers).where(eq(pointUsers.id, id));
  return row?.name ?? null;
}

const RETURN_STATUS: Record<string, string> = { A: "aberto", P: "em chamado", C: "concluído" };

/** The point's other users are told of a service return registered or changed by `userId` (in the change's transaction); its ids. */
export async function notifyReturn(
  tx: Db,
  user: Reader,
  appointmentId: string,
  event: "registrado" | "atualizado",
  r: { kind: string; status: string; description: string; statusReason: string | null },
) {
  const [appt] = await tx.select({ os: appointments.osNumber }).from(appointments).where(eq(appointments.id, appointmentId));
  const description = r.description.length > 300 ? `${r.description.slice(0, 299)}…` : r.description;
  return insertNotifications(tx, [
    {
      servicePointId: user.servicePointId,
      kind: "retorno",
      title: `Retorno de serviço ${event}: OS ${appt?.os ?? ""}`.trim(),
      body: `${r.kind}, ${RETURN_STATUS[r.status] ?? r.status}: ${description}`,
      reason: r.statusReason,
      actorName: await pointActorName(tx, user.userId),
      actorUserId: user.userId,
      appointmentId,
      osNumber: appt?.os ?? null,
    },
  ]);
}
