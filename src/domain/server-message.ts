// The server's error message in an answer body, read one way by the API client and the outbox worker (pure TS).

/**
 * The text a failed answer carries: `message` (our server and the contract), else `error` (tus and proxies), when it is a
 * non-blank string; undefined for anything else (an HTML page, a number, an empty body), so the caller uses its own words.
 */
export function serverMessage(body: unknown): string | undefined {
  if (body && typeof body === "object") {
    const m = (body as { message?: unknown }).message ?? (body as { error?: unknown }).error;
    if (typeof m === "string" && m.trim()) return m;
  }
  return undefined;
}
