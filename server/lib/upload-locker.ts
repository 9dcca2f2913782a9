// The tus lock of a resumable upload kept in the database (server only): only one request at a time writes to an upload,
// across every instance behind the load balancer. @tus/server's default MemoryLocker only sees its own process.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Lock, Locker, RequestRelease } from "@tus/utils";
import { ERRORS } from "@tus/utils";
import type { Db } from "../db/client.ts";
import { uploadLocks } from "../db/schema.ts";
import { rows } from "../db/rows.ts";

/** A holder that stops renewing (its process died) loses the lock this long after its last renewal. */
const LEASE_MS = 15_000;
/** How often a holder renews its lease and looks for a waiter asking it to let go; also a waiter's retry pace. */
const BEAT_MS = 500;
/** A request that cannot get the lock in this time is answered with tus' lock timeout. */
const ACQUIRE_TIMEOUT_MS = 30_000;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
  });

class DatabaseLock implements Lock {
  private readonly holder = randomUUID();
  private beat: NodeJS.Timeout | undefined;
  constructor(
    private readonly db: Db,
    private readonly id: string,
  ) {}

  private async tryTake(): Promise<boolean> {
    const taken = await rows<{ holder: string }>(
      this.db,
      sql`insert into ${uploadLocks} (upload_id, holder, expires_at)
          values (${this.id}, ${this.holder}, now() + ${LEASE_MS} * interval '1 millisecond')
          on conflict (upload_id) do update set
            holder = excluded.holder, expires_at = excluded.expires_at, release_requested = false
          where ${uploadLocks.expiresAt} < now()
          returning holder`,
    );
    return taken.length === 1;
  }

  async lock(stop: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const deadline = Date.now() + ACQUIRE_TIMEOUT_MS;
    while (!(await this.tryTake())) {
      if (stop.aborted || Date.now() > deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
      // Ask whoever holds it to finish: a request whose client went away (a cut connection) lets go at once.
      await this.db.execute(sql`update ${uploadLocks} set release_requested = true where upload_id = ${this.id}`);
      await sleep(BEAT_MS, stop);
    }
    this.beat = setInterval(() => {
      rows<{ release: boolean }>(
        this.db,
        sql`update ${uploadLocks} set expires_at = now() + ${LEASE_MS} * interval '1 millisecond'
            where upload_id = ${this.id} and holder = ${this.holder}
            returning release_requested as release`,
      ).then(
        ([row]) => {
          if (row?.release) void requestRelease();
        },
        () => {
          // The database is away for a moment: the lease outlives a short outage; a long one frees the lock by itself.
        },
      );
    }, BEAT_MS);
    this.beat.unref();
  }

  async unlock(): Promise<void> {
    clearInterval(this.beat);
    await this.db.execute(sql`delete from ${uploadLocks} where upload_id = ${this.id} and holder = ${this.holder}`);
  }
}

export function databaseLocker(db: Db): Locker {
  return { newLock: (id) => new DatabaseLock(db, id) };
}

/** Leases left behind by a process that died are dropped at the next start. */
export async function purgeExpiredUploadLocks(db: Db) {
  await db.execute(sql`delete from ${uploadLocks} where ${uploadLocks.expiresAt} < now()`);
}
