// The server's error message in an answer body, read one way by the API client and the outbox worker (pure TS).

/**
 * The text a failed answer carries: `message` (our server and the contract), else `error` (tus and proxies), when it is a
 * non-blank string; undefined for anything else (an HTML page, a number, an empty body), so the caller uses its own words.
 */
export function serverMessage(body: unknown): string | undefined {
  if (!body || typeof body !== "object") return undefined;
  const { message, error } = body as { message?: unknown; error?: unknown };
  for (const m of [message, error]) if (typeof m === "string" && m.trim()) return m;
  return undefined;
}
