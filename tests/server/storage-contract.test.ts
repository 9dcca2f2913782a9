// The file storage contract (server/storage/storage.ts), one suite for every implementation (Node). Disk today; an object
// store joins the list when it exists (issue 22), and must pass the same cases.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { afterAll, describe, expect, it } from "vitest";
import { DiskStorage, type FileStorage } from "../../server/storage/storage.ts";

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

const IMPLEMENTATIONS: [name: string, make: () => FileStorage][] = [
  [
    "disk",
    () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-storage-"));
      dirs.push(dir);
      return new DiskStorage(dir);
    },
  ],
];

/** Writes `bytes` where the storage says an upload goes, as the upload route does, and commits it under `name`. */
async function put(storage: FileStorage, name: string, bytes: Buffer) {
  const temp = storage.tempPath();
  fs.writeFileSync(temp, bytes);
  await storage.commit(temp, name);
}

for (const [name, make] of IMPLEMENTATIONS) {
  describe(`file storage contract (${name})`, () => {
    const bytes = Buffer.from(Array.from({ length: 100_000 }, (_, i) => i % 251));

    it("is ready, stores a committed file, reports its size and reads it back whole", async () => {
      const storage = make();
      await expect(storage.ready()).resolves.toBeUndefined();
      await put(storage, "a1b2c3.mp4", bytes);
      expect(await storage.size("a1b2c3.mp4")).toBe(bytes.length);
      expect((await buffer(storage.read("a1b2c3.mp4"))).equals(bytes)).toBe(true);
    });

    it("reads an inclusive byte range (video seeking), including the last byte alone", async () => {
      const storage = make();
      await put(storage, "range.mp4", bytes);
      expect((await buffer(storage.read("range.mp4", { start: 1000, end: 1999 }))).equals(bytes.subarray(1000, 2000))).toBe(true);
      const last = await buffer(storage.read("range.mp4", { start: bytes.length - 1, end: bytes.length - 1 }));
      expect([...last]).toEqual([bytes[bytes.length - 1]]);
    });

    it("answers null for a missing file, and removes a file (twice is fine)", async () => {
      const storage = make();
      expect(await storage.size("nada.jpg")).toBeNull();
      await put(storage, "apagar.jpg", bytes.subarray(0, 10));
      await storage.remove("apagar.jpg");
      expect(await storage.size("apagar.jpg")).toBeNull();
      await expect(storage.remove("apagar.jpg")).resolves.toBeUndefined();
    });

    it("refuses names that could leave its folder or hide a file", async () => {
      const storage = make();
      for (const bad of ["../etc/passwd", "a/b.jpg", ".hidden", "", "x".repeat(300)]) {
        expect(() => storage.read(bad), bad).toThrow();
        expect(await storage.size(bad), bad).toBeNull();
        await expect(storage.remove(bad), bad).rejects.toThrow();
      }
    });

    it("keeps a new upload's temporary file apart from committed ones until it is committed", async () => {
      const storage = make();
      const temp = storage.tempPath();
      expect(storage.tempPath()).not.toBe(temp);
      fs.writeFileSync(temp, bytes.subarray(0, 5));
      expect(await storage.size(path.basename(temp))).toBeNull();
    });
  });
}
