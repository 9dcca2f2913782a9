// The file storage contract (server/storage), one suite for every implementation (Node): disk always, and the S3-compatible
// store against a real server (OpenStack Swift with s3api, started by scripts/test-s3.sh) when TEST_S3_ENDPOINT is set.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { Upload } from "@tus/utils";
import { afterAll, describe, expect, it } from "vitest";
import { DiskStorage, type FileStorage } from "../../server/storage/storage.ts";
import { S3Storage } from "../../server/storage/s3-storage.ts";
import { testS3Settings } from "./s3-env.ts";

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

const IMPLEMENTATIONS: [name: string, make: () => Promise<FileStorage>][] = [
  [
    "disk",
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-storage-"));
      dirs.push(dir);
      return new DiskStorage(dir);
    },
  ],
];
const s3 = testS3Settings();
if (s3) {
  IMPLEMENTATIONS.push([
    "S3 (Swift s3api)",
    async () => {
      const storage = new S3Storage({ ...s3, bucket: `contrato-${randomUUID().slice(0, 8)}` });
      await storage.ensureBucket();
      return storage;
    },
  ]);
}

const put = (storage: FileStorage, name: string, bytes: Buffer) => storage.write(name, Readable.from([bytes]));

/** A body of `total` bytes produced in 64 KiB pieces, never whole in memory; byte i is i % 251. */
function* pieces(total: number) {
  for (let at = 0; at < total; at += 65536) {
    const n = Math.min(65536, total - at);
    yield Buffer.from(Array.from({ length: n }, (_, i) => (at + i) % 251));
  }
}

for (const [name, make] of IMPLEMENTATIONS) {
  describe(`file storage contract (${name})`, () => {
    const bytes = Buffer.from(Array.from({ length: 100_000 }, (_, i) => i % 251));

    it("is ready, stores a written file, reports its size and reads it back whole", async () => {
      const storage = await make();
      await expect(storage.ready()).resolves.toBeUndefined();
      await put(storage, "a1b2c3.mp4", bytes);
      expect(await storage.size("a1b2c3.mp4")).toBe(bytes.length);
      expect((await buffer(await storage.read("a1b2c3.mp4"))).equals(bytes)).toBe(true);
    });

    it("streams a file larger than one multipart part and reads back a range deep inside it", async () => {
      const storage = await make();
      const total = 17 * 1024 * 1024 + 123;
      await storage.write("grande.mp4", Readable.from(pieces(total)));
      expect(await storage.size("grande.mp4")).toBe(total);
      const start = 16 * 1024 * 1024 + 7;
      const got = await buffer(await storage.read("grande.mp4", { start, end: start + 999 }));
      expect([...got]).toEqual(Array.from({ length: 1000 }, (_, i) => (start + i) % 251));
    }, 60_000);

    it("reads an inclusive byte range (video seeking), including the last byte alone", async () => {
      const storage = await make();
      await put(storage, "range.mp4", bytes);
      expect((await buffer(await storage.read("range.mp4", { start: 1000, end: 1999 }))).equals(bytes.subarray(1000, 2000))).toBe(true);
      const last = await buffer(await storage.read("range.mp4", { start: bytes.length - 1, end: bytes.length - 1 }));
      expect([...last]).toEqual([bytes[bytes.length - 1]]);
    });

    it("answers null for a missing file, and removes a file (twice is fine)", async () => {
      const storage = await make();
      expect(await storage.size("nada.jpg")).toBeNull();
      await expect(storage.read("nada.jpg")).rejects.toThrow();
      await put(storage, "apagar.jpg", bytes.subarray(0, 10));
      await storage.remove("apagar.jpg");
      expect(await storage.size("apagar.jpg")).toBeNull();
      await expect(storage.remove("apagar.jpg")).resolves.toBeUndefined();
    });

    it("leaves nothing under the name when the body fails part-way (a refused or cut upload)", async () => {
      const storage = await make();
      const failing = Readable.from(
        (function* () {
          yield* pieces(6 * 1024 * 1024);
          throw new Error("cortado");
        })(),
      );
      await expect(storage.write("cortado.mp4", failing)).rejects.toThrow();
      expect(await storage.size("cortado.mp4")).toBeNull();
    }, 60_000);

    it("refuses names that could leave its folder or hide a file", async () => {
      const storage = await make();
      for (const bad of ["../etc/passwd", "a/b.jpg", ".hidden", "", "x".repeat(300)]) {
        await expect(storage.read(bad), bad).rejects.toThrow();
        expect(await storage.size(bad), bad).toBeNull();
        await expect(storage.remove(bad), bad).rejects.toThrow();
        await expect(put(storage, bad, bytes.subarray(0, 3)), bad).rejects.toThrow();
      }
    });

    it("keeps a resumable upload apart until it is adopted, then serves it under its stored name", async () => {
      const storage = await make();
      const store = storage.resumableStore();
      const id = randomUUID().replaceAll("-", "");
      const total = 6 * 1024 * 1024 + 5;
      await store.create(new Upload({ id, size: total, offset: 0, metadata: {} }));
      // Two writes, as a cut upload resumed: the first stops mid-way.
      const whole = Buffer.concat([...pieces(total)]);
      const first = await store.write(Readable.from([whole.subarray(0, 1_000_000)]), id, 0);
      expect(first).toBe(1_000_000);
      expect((await store.getUpload(id)).offset).toBe(1_000_000);
      await store.write(Readable.from([whole.subarray(1_000_000)]), id, 1_000_000);
      expect((await store.getUpload(id)).offset).toBe(total);
      expect(await storage.size(`${id}.mp4`)).toBeNull();
      expect((await storage.readResumableHead(id, 4100)).equals(whole.subarray(0, 4100))).toBe(true);

      await storage.adoptResumable(id, `${id}.mp4`);
      expect(await storage.size(`${id}.mp4`)).toBe(total);
      expect(
        (await buffer(await storage.read(`${id}.mp4`, { start: total - 10, end: total - 1 }))).equals(whole.subarray(total - 10)),
      ).toBe(true);
      await expect(store.getUpload(id)).rejects.toBeTruthy();
    }, 60_000);

    it("sweeps expired resumable uploads without touching fresh ones", async () => {
      const storage = await make();
      const store = storage.resumableStore();
      const fresh = randomUUID().replaceAll("-", "");
      await store.create(new Upload({ id: fresh, size: 10, offset: 0, metadata: {}, creation_date: new Date().toISOString() }));
      await store.write(Readable.from([Buffer.from("abc")]), fresh, 0);
      expect(await storage.sweepExpiredUploads()).toBe(0);
      expect((await store.getUpload(fresh)).offset).toBe(3);
      if (name === "disk") {
        // A week and a day old (an object store dates a multipart upload itself: that case cannot be made old here).
        const old = randomUUID().replaceAll("-", "");
        const then = new Date(Date.now() - 8 * 24 * 60 * 60 * 1000).toISOString();
        await store.create(new Upload({ id: old, size: 10, offset: 0, metadata: {}, creation_date: then }));
        expect(await storage.sweepExpiredUploads()).toBe(1);
        await expect(store.getUpload(old)).rejects.toBeTruthy();
        expect((await store.getUpload(fresh)).offset).toBe(3);
      }
    }, 60_000);
  });
}
