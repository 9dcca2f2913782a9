// One-time access links (invitation = first password, reset = new password): issued hashed, used once, revoking sessions (server only).
import type { Db } from "../db/client.ts";
import { hashToken, isLinkToken, newToken } from "../lib/secrets.ts";
import { storeAccessLink, usableLinkByHash } from "../repositories/access-links.ts";
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
 *   (repositories/access-links.ts spendLinkAndSetPassword).
 */
export async function issueAccessLink(
  db: Db,
  user: { id: string; passwordHash: string | null },
  opts: { issuedBy: string | null; origin: string; now: Date },
): Promise<IssuedLink> {
  const kind: AccessLinkKind = user.passwordHash ? "redefinicao" : "convite";
  const token = newToken();
  const expiresAt = new Date(opts.now.getTime() + ACCESS_LINK_HOURS * 3_600_000);
  await storeAccessLink(
    db,
    { tokenHash: hashToken(token), userId: user.id, kind, issuedBy: opts.issuedBy, expiresAt },
    { ownKept: SELF_SERVICE_LINKS - 1, now: opts.now },
  );
  return { Tipo: kind, Link: `${opts.origin}${ACCESS_LINK_PATHS[kind]}#${token}`, ExpiraEm: expiresAt.toISOString() };
}

/**
 * A usable link's user (active) and the names of their point (words a password of theirs must not lean on), or undefined
 * for an unknown, used or expired token or an inactive user.
 */
export async function findUsableLink(db: Db, token: unknown, now: Date) {
  if (!isLinkToken(token)) return undefined;
  return usableLinkByHash(db, hashToken(token), now);
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
