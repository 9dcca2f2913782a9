// Conditional GET for polled JSON lists: an ETag built from cheap version data, and 304 with no body when it matches (server only).
import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";

/** A weak ETag over the given parts (versions, the point, the normalised query); JSON keeps "a","b" and "a,b" apart. */
export function makeEtag(...parts: unknown[]): string {
  return `W/"${createHash("sha256").update(JSON.stringify(parts)).digest("base64url").slice(0, 27)}"`;
}

/** If-None-Match holds this tag (weak comparison, lists and "*" as RFC 9110 says). */
export function matches(request: FastifyRequest, etag: string): boolean {
  const header = request.headers["if-none-match"];
  if (!header) return false;
  const bare = etag.replace(/^W\//, "");
  return header.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t.replace(/^W\//, "") === bare;
  });
}

/**
 * Sets ETag and Cache-Control (private: per session; no-cache: always revalidate, so a 10 s poll sees changes at once) and answers
 * true when the client's copy is current; the caller then returns reply.code(304).send() and never builds the body.
 */
export function notModified(request: FastifyRequest, reply: FastifyReply, etag: string): boolean {
  reply.header("etag", etag).header("cache-control", "private, no-cache");
  return matches(request, etag);
}
