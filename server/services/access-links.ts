// One-time access links (invitation = first password, reset = new password): issued hashed, used once, revoking sessions (server only).
import { and, desc, eq, gt, isNull, notInArray } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { accessTokens, pointUsers, servicePoints, sessions } from "../db/schema.ts";
import { hashToken, isLinkToken, newToken } from "../lib/secrets.ts";
import { sameEmail } from "../db/rows.ts";
import type { ServerConfig } from "../config.ts";
import type { AccessCheck, AccessLink } from "../../contract/acesso.ts";
import { ACCESS_LINK_HOURS, ACCESS_LINK_PATHS, type AccessLinkKind } from "../../src/domain/team.ts";

export const INVALID_LINK = "Este link é inválido, já foi usado ou expirou. Peça um novo ao administrador do seu ponto.";

/**
 * Unused links a user may hold from 'Esqueci minha senha' at once: each request adds one and the oldest beyond this are
 * dropped, so nobody can fill the table by asking again and again (the route is rate-limited per address, not per user).
 */
export const SELF_SERVICE_LINKS = 5;

/** A link as Equipe hands it out (the contract's AccessLink). */
export type IssuedLink = AccessLink;

/**
 * The address a link starts with: PUBLIC_URL, never the request's Host header (anyone may write one: a reset link built from
 * it pointed at the attacker's site). Unset, the link is a path, which the administrator's own browser completes with the
 * address it shows (src/features/equipe/api/usuarios.ts); links in e-mails require PUBLIC_URL (server/config.ts).
 */
export const linkOrigin = (config: ServerConfig) => config.publicUrl ?? "";

/**
 * Issues a link for the user: an invitation (first access) while they have no password, a reset once they have one. A new
 * random 256-bit token of which only the SHA-256 is kept.
 * - From an administrator (`issuedBy` set, Equipe): any earlier unused link of the user stops working, so the last link
 *   given out is the only valid one.
 * - Asked for by the user ('Esqueci minha senha', `issuedBy` null): anyone may ask for anyone's e-mail, so it only ADDS a
 *   link: the administrator's invitation (or an earlier reset e-mail) keeps working; only the user's own unused requests
 *   beyond the newest SELF_SERVICE_LINKS (and expired ones) are dropped. Whichever link is used first ends the others
 *   (spendLinkAndSetPassword).
 */
export async function issueAccessLink(
  db: Db,
  user: { id: string; passwordHash: string | null },
  opts: { issuedBy: string | null; origin: string; now: Date },
): Promise<IssuedLink> {
  const kind: AccessLinkKind = user.passwordHash ? "redefinicao" : "convite";
  const token = newToken();
  const expiresAt = new Date(opts.now.getTime() + ACCESS_LINK_HOURS * 3_600_000);
  await db.transaction(async (tx) => {
    const unused = and(eq(accessTokens.userId, user.id), isNull(accessTokens.usedAt));
    if (opts.issuedBy !== null) {
      await tx.delete(accessTokens).where(unused);
    } else {
      // One request of the user at a time (row lock), so two at once cannot both keep SELF_SERVICE_LINKS - 1 others.
      await tx.select({ id: pointUsers.id }).from(pointUsers).where(eq(pointUsers.id, user.id)).for("update");
      const own = and(unused, isNull(accessTokens.issuedBy));
      const kept = await tx
        .select({ id: accessTokens.id })
        .from(accessTokens)
        .where(and(own, gt(accessTokens.expiresAt, opts.now)))
        .orderBy(desc(accessTokens.id))
        .limit(SELF_SERVICE_LINKS - 1);
      const keep = kept.map((k) => k.id);
      await tx.delete(accessTokens).where(keep.length ? and(own, notInArray(accessTokens.id, keep)) : own);
    }
    await tx.insert(accessTokens).values({ tokenHash: hashToken(token), userId: user.id, kind, issuedBy: opts.issuedBy, expiresAt });
  });
  return { Tipo: kind, Link: `${opts.origin}${ACCESS_LINK_PATHS[kind]}#${token}`, ExpiraEm: expiresAt.toISOString() };
}

/**
 * A usable link's user (active) and the names of their point (words a password of theirs must not lean on), or undefined
 * for an unknown, used or expired token or an inactive user.
 */
export async function findUsableLink(db: Db, token: unknown, now: Date) {
  if (!isLinkToken(token)) return undefined;
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
      and(
        eq(accessTokens.tokenHash, hashToken(token)),
        isNull(accessTokens.usedAt),
        gt(accessTokens.expiresAt, now),
        eq(pointUsers.active, "A"),
      ),
    )
    .limit(1);
  return row;
}

/** What a usable link opens, as POST /credenciado/acesso answers it. */
export const toAccessCheck = ({ link, user, point }: NonNullable<Awaited<ReturnType<typeof findUsableLink>>>): AccessCheck => ({
  // Written only by issueAccessLink, as an AccessLinkKind.
  Tipo: link.kind as AccessLinkKind,
  Nome: user.name,
  Email: user.email,
  ExpiraEm: link.expiresAt.toISOString(),
  // The point's names: the screen's strength meter counts them as the user's own words, as the password check does.
  Ponto: point.tradeName,
  RazaoSocial: point.corporateName,
});

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
