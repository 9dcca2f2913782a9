// The database lock of resumable uploads (server/lib/upload-locker.ts): one holder per upload across every instance; a waiter
// asks the holder to let go (a request whose client went away); a holder that stopped renewing loses it (node, server project).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { BACKENDS, makeTestApp, type TestApp } from "./helpers";
import { databaseLocker } from "../../server/lib/upload-locker";
import { rows } from "../../server/db/rows";

describe.each(BACKENDS)("upload locks on %s", (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(backend);
  });
  afterAll(() => t?.close());
  const holders = async (id: string) =>
    (await rows<{ n: number }>(t.db, sql`select count(*)::int as n from upload_locks where upload_id = ${id}`))[0]!.n;

  it("gives the lock to one holder at a time; a waiter asks the holder to release, and gets it once released", async () => {
    // Two lockers over one database: two instances.
    const a = databaseLocker(t.db).newLock("upload-1");
    const b = databaseLocker(t.db).newLock("upload-1");
    let asked = 0;
    await a.lock(new AbortController().signal, () => {
      asked++;
      // The holder's request is cancelled: it finishes and unlocks.
      void a.unlock();
    });
    await b.lock(new AbortController().signal, () => {});
    expect(asked).toBeGreaterThanOrEqual(1);
    expect(await holders("upload-1")).toBe(1);
    await b.unlock();
    expect(await holders("upload-1")).toBe(0);
  });

  it("keeps other uploads apart, and frees a lock whose holder stopped renewing it", async () => {
    const a = databaseLocker(t.db).newLock("upload-2");
    const other = databaseLocker(t.db).newLock("upload-3");
    await a.lock(new AbortController().signal, () => {});
    await other.lock(new AbortController().signal, () => {});
    await other.unlock();
    // The holder's process died: its lease is left to run out (made to have run out here).
    await t.db.execute(sql`update upload_locks set expires_at = now() - interval '1 second' where upload_id = 'upload-2'`);
    const b = databaseLocker(t.db).newLock("upload-2");
    await b.lock(new AbortController().signal, () => {});
    await b.unlock();
    // The dead holder's late unlock does not free what is no longer its own.
    const c = databaseLocker(t.db).newLock("upload-2");
    await c.lock(new AbortController().signal, () => {});
    await a.unlock();
    expect(await holders("upload-2")).toBe(1);
    await c.unlock();
  });

  it("gives up when the waiting request is cancelled", async () => {
    const a = databaseLocker(t.db).newLock("upload-4");
    await a.lock(new AbortController().signal, () => {});
    const stop = new AbortController();
    const waiting = databaseLocker(t.db)
      .newLock("upload-4")
      .lock(stop.signal, () => {});
    setTimeout(() => stop.abort(), 300);
    await expect(waiting).rejects.toBeTruthy();
    await a.unlock();
  });
});
