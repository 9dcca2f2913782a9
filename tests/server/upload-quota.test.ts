// The quota of unfinished resumable uploads per service point (count and declared bytes): 429 with a pt-BR message and
// Retry-After beyond it, places freed when an upload is stored, refused, terminated or expires, other points unaffected,
// and parallel creations of one point counted one after the other (node, server project, PGlite and PostgreSQL).
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import net, { type AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { BACKENDS, fixtures, makeTestApp, queryRows, SAMPLE, type Fixtures, type TestApp } from "./helpers";
import { pendingUploads } from "../../server/db/schema";
import { DiskStorage, RESUMABLE_EXPIRY_MS } from "../../server/storage/storage";
import { purgeExpiredPendingUploads, QUOTA_MESSAGES, QUOTA_RETRY_AFTER_S } from "../../server/lib/upload-quota";

const LIMITS = { image: 4096, video: 64 * 1024, document: 4096 };
const QUOTA = { maxCount: 3, maxBytes: 10_000 };
const b64 = (s: string) => Buffer.from(s).toString("base64");
const video = (n: number) => {
  const body = Buffer.alloc(n, 3);
  SAMPLE.mp4.copy(body, 0, 0, 12);
  return body;
};

/** A disk store whose next resumable creation fails, as a full or unmounted disk would. */
class FlakyStorage extends DiskStorage {
  failNextCreate = false;
  private wrapped = false;
  resumableStore() {
    const store = super.resumableStore();
    if (this.wrapped) return store;
    this.wrapped = true;
    const create = store.create.bind(store);
    store.create = async (upload) => {
      if (this.failNextCreate) {
        this.failNextCreate = false;
        throw new Error("ENOSPC: no space left on device");
      }
      return create(upload);
    };
    return store;
  }
}

describe.each(BACKENDS)("upload quota on %s", (backend) => {
  let t: TestApp;
  let f: Fixtures;
  let storage: FlakyStorage;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-quota-"));
    storage = new FlakyStorage(dir);
    t = await makeTestApp(
      backend,
      { loginRateLimit: { max: 1000, windowMs: 60_000 }, uploadLimits: LIMITS, pendingUploads: QUOTA },
      { storage },
    );
    f = await fixtures(t);
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await t.db.delete(pendingUploads);
  });

  const tus = (token: string) => ({ authToken: token, "tus-resumable": "1.0.0" });
  const create = (token: string, size: number, extra: Record<string, string> = {}) =>
    t.app.inject({
      method: "POST",
      url: "/api/uploads/tus",
      headers: {
        ...tus(token),
        "upload-length": String(size),
        "upload-metadata": `filename ${b64("video.mp4")},filetype ${b64("video/mp4")}`,
        ...extra,
      },
    });
  const patch = (token: string, location: string, bytes: Buffer, offset = 0) =>
    t.app.inject({
      method: "PATCH",
      url: location,
      headers: { ...tus(token), "upload-offset": String(offset), "content-type": "application/offset+octet-stream" },
      payload: bytes,
    });
  const held = async (point: string) =>
    (await t.db.select().from(pendingUploads).where(eq(pendingUploads.servicePointId, point))).map((r) => r.size).sort();
  const full = { success: false, message: QUOTA_MESSAGES.full(QUOTA) };
  /** The app on a real port (parallel requests over real sockets, a connection cut mid-body). */
  const listening = async () => {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: "127.0.0.1" });
    return (t.app.server.address() as AddressInfo).port;
  };

  it("refuses a creation beyond the count with 429, Retry-After and the pt-BR message; another point is not affected", async () => {
    for (let i = 0; i < QUOTA.maxCount; i++) expect((await create(f.token1, 100)).statusCode).toBe(201);
    const refused = await create(f.token1, 100);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(full);
    expect(refused.headers["retry-after"]).toBe(String(QUOTA_RETRY_AFTER_S));
    expect(QUOTA_MESSAGES.full({ maxCount: 30, maxBytes: 4096 * 1024 * 1024 })).toBe(
      "Há muitos envios em andamento neste ponto (no máximo 30 arquivos ou 4 GB por vez). Este arquivo continua salvo no aparelho " +
        "e será enviado automaticamente quando os outros envios terminarem.",
    );
    expect(await held(f.p1)).toEqual([100, 100, 100]);
    expect((await create(f.token2, 100)).statusCode).toBe(201);
    expect(await held(f.p2)).toEqual([100]);
  });

  it("refuses a creation whose declared bytes pass the total, and a file larger than the total at all (413)", async () => {
    expect((await create(f.token1, 4000)).statusCode).toBe(201);
    expect((await create(f.token1, 4000)).statusCode).toBe(201);
    const over = await create(f.token1, 2001);
    expect([over.statusCode, over.json()]).toEqual([429, full]);
    expect((await create(f.token1, 2000)).statusCode).toBe(201);
    await t.db.delete(pendingUploads);
    const never = await create(f.token1, QUOTA.maxBytes + 1);
    expect([never.statusCode, never.json().message]).toEqual([413, QUOTA_MESSAGES.tooLarge(QUOTA)]);
    expect(never.headers["retry-after"]).toBeUndefined();
    expect(await held(f.p1)).toEqual([]);
  });

  it("refuses a deferred length (Upload-Defer-Length): every pending upload counts the bytes it declared", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/uploads/tus",
      headers: { ...tus(f.token1), "upload-defer-length": "1" },
    });
    expect([res.statusCode, res.json()]).toEqual([400, { success: false, message: QUOTA_MESSAGES.deferred }]);
    expect(await held(f.p1)).toEqual([]);
  });

  it("frees the place of an upload that is stored, refused, terminated, or sent whole with its creation", async () => {
    const locations = [];
    for (let i = 0; i < QUOTA.maxCount; i++) locations.push(String((await create(f.token1, 1000)).headers.location));
    expect((await create(f.token1, 1000)).statusCode).toBe(429);
    // Stored: the last PATCH makes it a stored file.
    expect((await patch(f.token1, locations[0]!, video(1000))).statusCode).toBe(200);
    expect(await held(f.p1)).toEqual([1000, 1000]);
    // Refused: its bytes are no allowed type.
    const refused = await patch(f.token1, locations[1]!, Buffer.concat([SAMPLE.html, Buffer.alloc(1000 - SAMPLE.html.length, 32)]));
    expect(refused.statusCode).toBe(415);
    expect(await held(f.p1)).toEqual([1000]);
    // Terminated by its client (tus DELETE).
    const removed = await t.app.inject({ method: "DELETE", url: locations[2]!, headers: tus(f.token1) });
    expect(removed.statusCode).toBe(204);
    expect(await held(f.p1)).toEqual([]);
    // A small file sent whole with its creation holds no place once stored.
    const whole = await t.app.inject({
      method: "POST",
      url: "/api/uploads/tus",
      headers: {
        ...tus(f.token1),
        "upload-length": String(SAMPLE.png.length),
        "upload-metadata": `filename ${b64("foto.png")}`,
        "content-type": "application/offset+octet-stream",
      },
      payload: SAMPLE.png,
    });
    expect(whole.statusCode).toBe(200);
    expect(await held(f.p1)).toEqual([]);
  });

  it("releases the place of a creation the store could not make, and keeps one whose upload exists", async () => {
    storage.failNextCreate = true;
    const failed = await create(f.token1, 500);
    expect(failed.statusCode).toBe(503);
    expect(await held(f.p1)).toEqual([]);
    expect((await create(f.token1, 500)).statusCode).toBe(201);
    expect(await held(f.p1)).toEqual([500]);
  });

  it("frees the place, and deletes the bytes, of a creation-with-upload whose connection is cut mid-body", async () => {
    const port = await listening();
    const socket = net.connect(port, "127.0.0.1");
    socket.on("error", () => {});
    socket.write(
      `POST /api/uploads/tus HTTP/1.1\r\nHost: localhost\r\nauthToken: ${f.token1}\r\nTus-Resumable: 1.0.0\r\n` +
        `Upload-Length: 5000\r\nContent-Type: application/offset+octet-stream\r\nContent-Length: 5000\r\n\r\n`,
    );
    socket.write(video(1000));
    // The upload exists and holds its place while its bytes arrive...
    await expect.poll(() => held(f.p1)).toEqual([5000]);
    const [{ uploadId }] = await t.db.select().from(pendingUploads).where(eq(pendingUploads.servicePointId, f.p1));
    const kept = () => fs.readdirSync(path.join(dir, ".resumable")).filter((n) => n.startsWith(uploadId));
    expect(kept()).toEqual([uploadId, `${uploadId}.json`]);
    // ...and its client never learnt its address (that comes with the 201): cut, nobody can resume it.
    socket.destroy();
    await expect.poll(() => held(f.p1)).toEqual([]);
    await expect.poll(kept).toEqual([]);
  });

  it("does not count rows past the upload expiry, and the sweep deletes them", async () => {
    const old = new Date(Date.now() - RESUMABLE_EXPIRY_MS - 60_000);
    await t.db
      .insert(pendingUploads)
      .values(Array.from({ length: 5 }, (_, i) => ({ uploadId: `old${i}`, servicePointId: f.p1, size: 4000, createdAt: old })));
    for (let i = 0; i < QUOTA.maxCount; i++) expect((await create(f.token1, 100)).statusCode).toBe(201);
    expect(await purgeExpiredPendingUploads(t.db)).toBe(5);
    expect(await held(f.p1)).toEqual([100, 100, 100]);
  });

  it("counts parallel creations of one point one after the other: exactly maxCount of 24 succeed", async () => {
    const port = await listening();
    const post = () =>
      new Promise<number>((resolve, reject) => {
        const req = http.request(
          {
            host: "127.0.0.1",
            port,
            method: "POST",
            path: "/api/uploads/tus",
            agent: false,
            headers: { ...tus(f.token1), "upload-length": "100", "upload-metadata": `filetype ${b64("video/mp4")}` },
          },
          (res) => {
            res.resume();
            res.on("end", () => resolve(res.statusCode!));
          },
        );
        req.on("error", reject);
        req.end();
      });
    // Three bursts: without the point's lock a burst lets more through most of the time, not every time.
    for (let round = 0; round < 3; round++) {
      await t.db.delete(pendingUploads);
      const statuses = await Promise.all(Array.from({ length: 24 }, post));
      expect(statuses.filter((s) => s === 201)).toHaveLength(QUOTA.maxCount);
      expect(statuses.filter((s) => s === 429)).toHaveLength(24 - QUOTA.maxCount);
      const [count] = await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from ${pendingUploads} where ${pendingUploads.servicePointId} = ${f.p1}`,
      );
      expect(count!.n).toBe(QUOTA.maxCount);
    }
  });
});
