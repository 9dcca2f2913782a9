// The devices' Web Push subscriptions (push_subscriptions) and the server's own keys (server_keys) (server only).
import { and, asc, eq, gt, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { pointUsers, pushSubscriptions, serverKeys, sessions, userTypes } from "../db/schema.ts";

/** Devices one user may have subscribed; beyond it the oldest subscription goes. */
export const MAX_SUBSCRIPTIONS_PER_USER = 10;

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/**
 * Keeps the subscription for this user and session: the same endpoint again (a browser re-subscribing, another user on it)
 * replaces it. Bound to the session, so signing out on the device (the session deleted) ends its pushes with it.
 */
export async function saveSubscription(
  db: Db,
  user: { userId: string; servicePointId: string; sessionId: number },
  endpoint: string,
  p256dh: string,
  auth: string,
) {
  await db.transaction(async (tx) => {
    await tx
      .insert(pushSubscriptions)
      .values({ userId: user.userId, servicePointId: user.servicePointId, sessionId: user.sessionId, endpoint, p256dh, auth })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId: user.userId, servicePointId: user.servicePointId, sessionId: user.sessionId, p256dh, auth, createdAt: sql`now()` },
      });
    const mine = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, user.userId))
      .orderBy(asc(pushSubscriptions.createdAt));
    const extra = mine.slice(0, Math.max(0, mine.length - MAX_SUBSCRIPTIONS_PER_USER)).map((s) => s.id);
    if (extra.length) await tx.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, extra));
  });
}

/** Deletes this user's subscription of the endpoint (another user's stays). */
export async function deleteSubscription(db: Db, userId: string, endpoint: string) {
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

/** A subscription the push service says is gone (404/410). */
export async function deleteSubscriptionById(db: Db, id: string) {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

/**
 * The subscriptions of the point's active users whose session is still valid, but `exceptUserId`'s; with `administratorsOnly`,
 * only those of users whose role is administrative now (a notification about the payment data, which only they see).
 */
export async function pointSubscriptions(db: Db, servicePointId: string, exceptUserId: string | null, administratorsOnly = false) {
  return db
    .select({ s: pushSubscriptions })
    .from(pushSubscriptions)
    .innerJoin(pointUsers, eq(pointUsers.id, pushSubscriptions.userId))
    .innerJoin(sessions, eq(sessions.id, pushSubscriptions.sessionId))
    .where(
      and(
        gt(sessions.expiresAt, sql`now()`),
        eq(pushSubscriptions.servicePointId, servicePointId),
        eq(pointUsers.servicePointId, servicePointId),
        eq(pointUsers.active, "A"),
        exceptUserId ? ne(pushSubscriptions.userId, exceptUserId) : undefined,
        administratorsOnly
          ? sql`exists (select 1 from ${userTypes} t where t.id = ${pointUsers.userTypeId} and t.administrative = 'S')`
          : undefined,
      ),
    )
    .then((list) => list.map((r) => r.s));
}

/** A key the server keeps: the first instance to write it wins, every instance then reads that one. */
export async function sharedKey<T>(db: Db, name: string, make: () => T): Promise<T> {
  await db.insert(serverKeys).values({ name, value: make() }).onConflictDoNothing();
  const [row] = await db.select().from(serverKeys).where(eq(serverKeys.name, name));
  return row!.value as T;
}
