// The central's own staff (issue 38): colleagues as the Equipe screen lists them, their invitations (one-time links, only the
// token's SHA-256 kept), the staff lock every role or activity change takes, and the sessions a change ends (server only).
import { and, asc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { centralInvitations, centralSessions, centralUsers } from "../db/schema.ts";
import { hashToken, isLinkToken, newToken } from "../lib/secrets.ts";
import type { AccessLink } from "../../contract/acesso.ts";
import type { CentralRole } from "../../contract/central-session.ts";
import type { Colleague } from "../../contract/central-staff.ts";
import { ACCESS_LINK_HOURS, ACCESS_LINK_PATHS } from "../../src/domain/team.ts";

/** Every colleague with whether they still have to choose a password and until when their newest unused link works. */
export async function staffRows(db: Db, now: Date) {
  // Written with aliases: inside a select drizzle names columns without their table, and "id" would be the invitation's.
  const inviteExpires = sql<Date | string | null>`(select max(ci.expires_at) from central_invitations ci
    where ci.user_id = "central_users"."id" and ci.used_at is null and ci.expires_at > ${now.toISOString()})`;
  return db
    .select({
      id: centralUsers.id,
      name: centralUsers.name,
      email: centralUsers.email,
      role: centralUsers.role,
      active: centralUsers.active,
      pending: sql<boolean>`${centralUsers.passwordHash} is null`,
      createdAt: centralUsers.createdAt,
      inviteExpires,
    })
    .from(centralUsers)
    .orderBy(asc(centralUsers.active), sql`lower(${centralUsers.name})`, asc(centralUsers.id));
}

type StaffRow = Awaited<ReturnType<typeof staffRows>>[number];

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export const toColleague = (row: StaffRow, meId: string): Colleague => ({
  Id: row.id,
  Nome: row.name,
  Email: row.email,
  // Written only through the role check (and the column's CHECK constraint).
  Papel: row.role as CentralRole,
  AtivoInativo: row.active === "A" ? "A" : "I",
  ConvitePendente: Boolean(row.pending),
  ConviteExpiraEm: iso(row.inviteExpires),
  CriadoEm: row.createdAt.toISOString(),
  Voce: row.id === meId,
});

export async function insertColleague(tx: Db, values: { name: string; email: string; role: CentralRole }) {
  const [created] = await tx
    .insert(centralUsers)
    .values({ ...values, passwordHash: null })
    .returning({ id: centralUsers.id, name: centralUsers.name });
  return created!;
}

/**
 * A new invitation link for the colleague: a random 256-bit token of which only the SHA-256 is kept, valid ACCESS_LINK_HOURS;
 * their earlier unused links stop working, so the last link given out is the only valid one. `origin` is PUBLIC_URL (or "",
 * a path the admin's browser completes), never the request's Host.
 */
export async function issueInvitation(tx: Db, userId: string, opts: { createdBy: string; origin: string; now: Date }): Promise<AccessLink> {
  const token = newToken();
  const expiresAt = new Date(opts.now.getTime() + ACCESS_LINK_HOURS * 3_600_000);
  await tx.delete(centralInvitations).where(and(eq(centralInvitations.userId, userId), isNull(centralInvitations.usedAt)));
  await tx.insert(centralInvitations).values({ tokenHash: hashToken(token), userId, createdBy: opts.createdBy, expiresAt });
  return { Tipo: "convite", Link: `${opts.origin}${ACCESS_LINK_PATHS.convite}#${token}`, ExpiraEm: expiresAt.toISOString() };
}

/** A usable invitation (unused, unexpired, its colleague active) and its colleague, or undefined. */
export async function findUsableInvitation(db: Db, token: unknown, now: Date) {
  if (!isLinkToken(token)) return undefined;
  const [row] = await db
    .select({
      id: centralInvitations.id,
      expiresAt: centralInvitations.expiresAt,
      user: { id: centralUsers.id, name: centralUsers.name, email: centralUsers.email },
    })
    .from(centralInvitations)
    .innerJoin(centralUsers, eq(centralUsers.id, centralInvitations.userId))
    .where(
      and(
        eq(centralInvitations.tokenHash, hashToken(token)),
        isNull(centralInvitations.usedAt),
        gt(centralInvitations.expiresAt, now),
        eq(centralUsers.active, "A"),
      ),
    )
    .limit(1);
  return row;
}

/** Whether the token was ever a central invitation (used, expired or replaced): its page then says whom to ask. */
export async function isKnownInvitation(db: Db, token: unknown) {
  if (!isLinkToken(token)) return false;
  const [row] = await db
    .select({ id: centralInvitations.id })
    .from(centralInvitations)
    .where(eq(centralInvitations.tokenHash, hashToken(token)))
    .limit(1);
  return Boolean(row);
}

/**
 * Spends the invitation and sets the first password in one transaction. The conditional UPDATE makes the link single-use under
 * racing requests (the second finds used_at set) and the password is written only for an active colleague; their other links
 * and any session end. False when the link was spent (or the colleague deactivated) meanwhile: nothing is written.
 */
export async function spendInvitation(db: Db, invitationId: number, userId: string, passwordHash: string, now: Date): Promise<boolean> {
  return db
    .transaction(async (tx) => {
      const spent = await tx
        .update(centralInvitations)
        .set({ usedAt: now })
        .where(and(eq(centralInvitations.id, invitationId), isNull(centralInvitations.usedAt), gt(centralInvitations.expiresAt, now)))
        .returning({ id: centralInvitations.id });
      if (spent.length === 0) return false;
      const set = await tx
        .update(centralUsers)
        .set({ passwordHash })
        .where(and(eq(centralUsers.id, userId), eq(centralUsers.active, "A")))
        .returning({ id: centralUsers.id });
      if (set.length === 0) {
        tx.rollback();
        return false;
      }
      await deleteUnusedInvitations(tx, userId);
      await endSessions(tx, userId);
      return true;
    })
    .catch((err: unknown) => {
      // drizzle's rollback() throws to unwind the transaction; here it only means "not spent".
      if (err instanceof Error && err.name === "TransactionRollbackError") return false;
      throw err;
    });
}

export interface StaffMember {
  id: string;
  name: string;
  role: CentralRole;
  active: boolean;
  pending: boolean;
}

/**
 * Locks every central user's row (in id order, the one order every staff change takes), then reads them again. Under the lock no
 * other role or activity change can run, and the second read (a new snapshot in READ COMMITTED) sees every change committed
 * before it: two admins demoting each other at once are taken one after the other, and the second sees one admin left.
 */
export async function lockStaff(tx: Db): Promise<StaffMember[]> {
  await tx.select({ id: centralUsers.id }).from(centralUsers).orderBy(asc(centralUsers.id)).for("update");
  const rows = await tx
    .select({
      id: centralUsers.id,
      name: centralUsers.name,
      role: centralUsers.role,
      active: centralUsers.active,
      pending: sql<boolean>`${centralUsers.passwordHash} is null`,
    })
    .from(centralUsers);
  return rows.map((r) => ({ ...r, role: r.role as CentralRole, active: r.active === "A", pending: Boolean(r.pending) }));
}

export async function setRole(tx: Db, userId: string, role: CentralRole) {
  await tx.update(centralUsers).set({ role }).where(eq(centralUsers.id, userId));
}

export async function setActive(tx: Db, userId: string, active: boolean) {
  await tx
    .update(centralUsers)
    .set({ active: active ? "A" : "I" })
    .where(eq(centralUsers.id, userId));
}

export async function deleteUnusedInvitations(tx: Db, userId: string) {
  await tx.delete(centralInvitations).where(and(eq(centralInvitations.userId, userId), isNull(centralInvitations.usedAt)));
}

/** Ends the user's sessions at once (their next request is a 401), but `keepSessionId`'s: the one changing its own password. */
export async function endSessions(tx: Db, userId: string, keepSessionId?: number) {
  await tx
    .delete(centralSessions)
    .where(and(eq(centralSessions.userId, userId), keepSessionId === undefined ? undefined : ne(centralSessions.id, keepSessionId)));
}

/** The user's password hash and their words for the strength check (null hash: an invited colleague). */
export async function credentialsOf(db: Db, userId: string) {
  const [row] = await db
    .select({ name: centralUsers.name, email: centralUsers.email, passwordHash: centralUsers.passwordHash })
    .from(centralUsers)
    .where(eq(centralUsers.id, userId));
  return row;
}

/**
 * Sets a new password only if the stored hash is still the one the current password was checked against: of two changes racing
 * with the same current password, one wins and the other is told the current password no longer matches.
 */
export async function replacePassword(tx: Db, userId: string, expectedHash: string, passwordHash: string) {
  const changed = await tx
    .update(centralUsers)
    .set({ passwordHash })
    .where(and(eq(centralUsers.id, userId), eq(centralUsers.passwordHash, expectedHash), eq(centralUsers.active, "A")))
    .returning({ id: centralUsers.id });
  return changed.length > 0;
}
