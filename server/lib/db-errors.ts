// Tells a database that cannot be reached (restart, failover, network) from every other error, so a request in the outage is
// answered 503 with a clear message instead of 500 (server only).
import { conflict } from "./http-errors.ts";

/** PostgreSQL SQLSTATEs of a server going away or refusing connections, and Node's socket errors. */
const UNAVAILABLE_CODES = new Set([
  "57P01", // admin_shutdown ('terminating connection due to administrator command', pg_ctl stop/restart -m fast)
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now (starting up, shutting down, recovery)
  "08000", // connection_exception
  "08001", // sqlclient_unable_to_establish_sqlconnection
  "08003", // connection_does_not_exist
  "08004", // sqlserver_rejected_establishment_of_sqlconnection
  "08006", // connection_failure
  "53300", // too_many_connections
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/** node-postgres' own messages for a connection that broke or could not be made in time. */
const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection refused/i;

export const DB_UNAVAILABLE_MESSAGE = "O banco de dados está indisponível no momento. Tente novamente em instantes.";

/** `err` and the errors of its `cause` chain (drizzle wraps the driver's error), a few levels deep. */
function* causeChain(err: unknown): Generator<{ code?: unknown; message?: unknown }> {
  for (let e = err, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    yield e as { code?: unknown; message?: unknown };
  }
}

/** True when `err`, or any error in its `cause` chain, says the database is unreachable. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (const { code, message } of causeChain(err)) {
    if (typeof code === "string" && UNAVAILABLE_CODES.has(code)) return true;
    if (typeof message === "string" && UNAVAILABLE_MESSAGE.test(message)) return true;
  }
  return false;
}

/** True when `err`, or any error in its `cause` chain, is a unique index refusing a row (SQLSTATE 23505). */
export function isUniqueViolation(err: unknown): boolean {
  for (const { code } of causeChain(err)) if (code === "23505") return true;
  return false;
}

/**
 * `work`, with a unique index's refusal answered 409 with `message`: the index is the last word on a rule that a check made
 * before the write also tells (an e-mail already in use, a service already on the order), so a race answers like the check.
 */
export async function conflictOnUnique<T>(work: Promise<T>, message: string): Promise<T> {
  try {
    return await work;
  } catch (err) {
    throw isUniqueViolation(err) ? conflict(message) : err;
  }
}
