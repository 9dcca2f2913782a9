// A @fastify/rate-limit store kept in the database (server only): every instance behind a load balancer counts the same login
// attempts, so the limit holds across instances and restarts (the plugin's default store is per-process memory). One atomic
// upsert per request; the database's clock decides windows, so instances with skewed clocks still agree.
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { rateLimitWindows } from "../db/schema.ts";
import { rows } from "../db/rows.ts";

type Callback = (err: Error | null, result?: { current: number; ttl: number }) => void;

/** The ms left in a window, as the plugin wants it. */
const TTL_MS = sql.raw("greatest(0, floor(extract(epoch from (expires_at - now())) * 1000))::float8 as ttl");
type RouteInfo = { method?: unknown; url?: unknown };

/** The store class for `@fastify/rate-limit`'s `store` option, over this database. */
export function databaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  class DatabaseStore implements FastifyRateLimitStore {
    private readonly prefix: string;
    /** The plugin constructs the store with its options (unused here); `child` passes the route's key prefix. */
    constructor(_options?: unknown, prefix = "global") {
      this.prefix = prefix;
    }

    private id(key: string) {
      return `${this.prefix}:${key}`;
    }

    /** Counts one hit of `key` and answers the hits in its window and the ms left in it. */
    incr(key: string, cb: Callback, timeWindow: number) {
      rows<{ hits: number; ttl: number }>(
        db,
        sql`insert into ${rateLimitWindows} (key, hits, expires_at)
            values (${this.id(key)}, 1, now() + ${timeWindow} * interval '1 millisecond')
            on conflict (key) do update set
              hits = case when ${rateLimitWindows.expiresAt} <= now() then 1 else ${rateLimitWindows.hits} + 1 end,
              expires_at = case when ${rateLimitWindows.expiresAt} <= now() then excluded.expires_at
                                else ${rateLimitWindows.expiresAt} end
            returning hits, ${TTL_MS}`,
      ).then(
        ([row]) => cb(null, { current: Number(row!.hits), ttl: Number(row!.ttl) }),
        (err: Error) => cb(err),
      );
    }

    /** The same answer without counting (the plugin's `increment: false`). */
    read(key: string, cb: Callback) {
      rows<{ hits: number; ttl: number }>(
        db,
        sql`select hits, ${TTL_MS}
            from ${rateLimitWindows} where key = ${this.id(key)} and expires_at > now()`,
      ).then(
        ([row]) => cb(null, row ? { current: Number(row.hits), ttl: Number(row.ttl) } : { current: 0, ttl: 0 }),
        (err: Error) => cb(err),
      );
    }

    /** A store per route: its keys do not mix with another route's. */
    child(routeOptions: object) {
      // At run time the plugin passes its merged options with the route under `routeInfo`.
      const info = ((routeOptions as { routeInfo?: RouteInfo }).routeInfo ?? routeOptions) as RouteInfo;
      return new DatabaseStore(undefined, `${String(info.method ?? "")} ${String(info.url ?? "")}`.trim() || this.prefix);
    }
  }
  return DatabaseStore;
}

/** Windows that ended are only kept until the next start. */
export async function purgeExpiredRateLimits(db: Db) {
  await db.execute(sql`delete from ${rateLimitWindows} where ${rateLimitWindows.expiresAt} < now()`);
}
