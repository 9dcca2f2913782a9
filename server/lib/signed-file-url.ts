// Short-lived signed addresses of an order's files for the member's follow page (issue 39): HMAC-SHA256 over the link's id,
// the file's stored name and the expiry, so no token ever travels in a URL (an <img>/<video> cannot send a body) (server only).
import { createHmac, timingSafeEqual } from "node:crypto";

/** How long a signed address works: the page asks again (it refreshes while the order is open) long before. */
export const FILE_URL_TTL_S = 60 * 60;
/** Where the public file route answers (contract/acompanhamento.ts memberFile, under /api). */
export const MEMBER_FILE_PATH = "/api/acompanhamento/arquivos/";

const mac = (key: Buffer, linkId: string, name: string, exp: number) =>
  createHmac("sha256", key).update(`${linkId}|${name}|${exp}`).digest();

/**
 * The signed address of `name` for the link, valid from one to two FILE_URL_TTL_S from `now`: the expiry is rounded up to
 * the end of the next period, so every refresh of the page within one period gives the same address. Otherwise each 30-s
 * refresh would change every <img>/<video> src, downloading the photos again and cutting a video the member is watching.
 */
export function signedFileUrl(key: Buffer, linkId: string, name: string, now: Date): string {
  const exp = (Math.floor(now.getTime() / 1000 / FILE_URL_TTL_S) + 2) * FILE_URL_TTL_S;
  const s = mac(key, linkId, name, exp).toString("base64url");
  return `${MEMBER_FILE_PATH}${encodeURIComponent(name)}?l=${encodeURIComponent(linkId)}&e=${exp}&s=${s}`;
}

export type SignatureCheck = "ok" | "bad" | "expired";

/** Checks an address's query (l, e, s) for `name`: the signature in constant time, then the expiry. */
export function checkFileSignature(key: Buffer, q: { l: string; e: string; s: string }, name: string, now: Date): SignatureCheck {
  if (!/^\d{1,12}$/.test(q.e) || !/^[A-Za-z0-9_-]{43}$/.test(q.s)) return "bad";
  const exp = Number(q.e);
  const given = Buffer.from(q.s, "base64url");
  const wanted = mac(key, q.l, name, exp);
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return "bad";
  return exp * 1000 > now.getTime() ? "ok" : "expired";
}
