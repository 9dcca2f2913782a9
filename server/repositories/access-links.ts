// One-time access links' queries (services/access-links.ts issues and checks them): storing a link's hash, finding a usable
// one, spending it with the new password, and ending a user's sessions and pending links (server only).
import { and, desc, eq, gt, isNull, notInArray } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { accessTokens, pointUsers, servicePoints, sessions } from "../db/schema.ts";
import { sameEmail } from "../db/rows.ts";
import type { AccessLinkKind } from "../../src/domain/team.ts";

/**
 * Stores a new link of the user, in one transaction with what it ends: from an administrator (`issuedBy` set) every earlier
 * unused link of the user; asked for by the user (`issuedBy` null) only the user's own unused requests beyond the newest
 * `ownKept` (and expired ones).
 */
export async function storeAccessLink(
  db: Db,
  link: { tokenHash: string; userId: string; kind: AccessLinkKind; issuedBy: string | null; expiresAt: Date },
  opts: { ownKept: number; now: Date },
) {
  await db.transaction(async (tx) => {
    const unused = and(eq(accessTokens.userId, link.userId), isNull(accessTokens.usedAt));
    if (link.issuedBy !== null) {
      await tx.delete(accessTokens).where(unused);
    } else {
      // One request of the user at a time (row lock), so two at once cannot both keep `ownKept` others.
      await tx.select({ id: pointUsers.id }).from(pointUsers).where(eq(pointUsers.id, link.userId)).for("update");
      const own = and(unused, isNull(accessTokens.issuedBy));
      const kept = await tx
        .select({ id: accessTokens.id })
        .from(accessTokens)
        .where(and(own, gt(accessTokens.expiresAt, opts.now)))
        .orderBy(desc(accessTokens.id))
        .limit(opts.ownKept);
      const keep = kept.map((k) => k.id);
      await tx.delete(accessTokens).where(keep.length ? and(own, notInArray(accessTokens.id, keep)) : own);
    }
    await tx.insert(accessTokens).values(link);
  });
}

/** The unused, unexpired link with this token hash, of an active user, with the names of the user's point. */
export async function usableLinkByHash(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .select({
      link: accessTokens,
      user: pointUsers,
      point: { tradeName: servicePoints.tradeName, corporateName: servicePoints.corporateName, city: servicePoints.city },
    })
    .from(accessTokens)
    .innerJoin(pointUsers, eq(pointUsers.id, accessTokens.userId))
    .innerJoin(servicePoints, eq(servicePoints.id, pointUsers.servicePointId))
    .where(
      and(eq(accessTokens.tokenHash, tokenHash), isNull(accessTokens.usedAt), gt(accessTokens.expiresAt, now), eq(pointUsers.active, "A")),
    )
    .limit(1);
  return row;
}

/**
 * Spends the link and sets the password in one transaction: the conditional UPDATE makes the link single-use even when two
 * requests race (the second finds used_at set). Every session and other pending link of the user ends (a reset signs out
 * the stolen phone too); the caller opens the new session, which records the sign-in. Returns false when the link was spent
 * meanwhile.
 */
export async function spendLinkAndSetPassword(db: Db, linkId: number, userId: string, passwordHash: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const spent = await tx
      .update(accessTokens)
      .set({ usedAt: now })
      .where(and(eq(accessTokens.id, linkId), isNull(accessTokens.usedAt), gt(accessTokens.expiresAt, now)))
      .returning({ id: accessTokens.id });
    if (spent.length === 0) return false;
    await tx
      .update(pointUsers)
      .set({ passwordHash })
      .where(and(eq(pointUsers.id, userId), eq(pointUsers.active, "A")));
    await revokeUserAccess(tx, userId);
    return true;
  });
}

/**
 * Ends every session and pending link of a user at once: their next call is 401. On a deactivation the sessions are expired
 * instead of deleted, so the holder of such a token is told why (plugins/auth.ts); expired, they never work again, not even
 * after a reactivation, and the purge at start deletes them.
 */
export async function revokeUserAccess(db: Db, userId: string, { deactivated = false } = {}) {
  const now = new Date();
  if (deactivated) {
    await db
      .update(sessions)
      .set({ expiresAt: new Date(now.getTime() - 1) })
      .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)));
  } else await db.delete(sessions).where(eq(sessions.userId, userId));
  await db.delete(accessTokens).where(and(eq(accessTokens.userId, userId), isNull(accessTokens.usedAt)));
}

/** Active user by e-mail, case-insensitive. */
export async function activeUserByEmail(db: Db, email: string) {
  const [user] = await db
    .select()
    .from(pointUsers)
    .where(and(sameEmail(pointUsers.email, email), eq(pointUsers.active, "A")))
    .limit(1);
  return user;
}
