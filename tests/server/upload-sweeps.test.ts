// Upload housekeeping (the pass server.ts runs at start and hourly): partial files of multipart uploads cut by a crash are
// deleted once old, a fresh one (an upload in progress, maybe on another instance sharing the folder) stays; expired quota
// rows go in the same pass (node, server project, PGlite and PostgreSQL).
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BACKENDS, fixtures, makeTestApp, type Fixtures, type TestApp } from "./helpers";
import { pendingUploads } from "../../server/db/schema";
import { DiskStorage, RESUMABLE_EXPIRY_MS } from "../../server/storage/storage";
import { PARTIAL_MAX_AGE_MS, sweepUploads } from "../../server/lib/upload-sweeps";

describe.each(BACKENDS)("upload sweeps on %s", (backend) => {
  let t: TestApp;
  let f: Fixtures;
  beforeAll(async () => {
    t = await makeTestApp(backend);
    f = await fixtures(t);
  });
  afterAll(() => t?.close());

  it("deletes partial files left in .incoming older than an hour, keeps fresh ones, and drops expired quota rows", async () => {
    const incoming = path.join(t.uploadDir, ".incoming");
    const old = path.join(incoming, "0b1e6f7e-0000-4000-8000-000000000001.part");
    const fresh = path.join(incoming, "0b1e6f7e-0000-4000-8000-000000000002.part");
    fs.writeFileSync(old, Buffer.alloc(4096, 1));
    fs.writeFileSync(fresh, Buffer.alloc(4096, 2));
    const longAgo = new Date(Date.now() - PARTIAL_MAX_AGE_MS - 60_000);
    fs.utimesSync(old, longAgo, longAgo);
    // Under an hour since its last byte: an upload still arriving.
    const recent = new Date(Date.now() - PARTIAL_MAX_AGE_MS + 60_000);
    fs.utimesSync(fresh, recent, recent);
    await t.db.insert(pendingUploads).values([
      { uploadId: "expirado", servicePointId: f.p1, size: 10, createdAt: new Date(Date.now() - RESUMABLE_EXPIRY_MS - 1000) },
      { uploadId: "vigente", servicePointId: f.p1, size: 10 },
    ]);
    const warnings: string[] = [];

    const swept = await sweepUploads(t.db, new DiskStorage(t.uploadDir), (msg) => warnings.push(msg));

    expect(swept).toEqual({ partial: 1, expired: 0, quotaRows: 1 });
    expect(fs.readdirSync(incoming)).toEqual([path.basename(fresh)]);
    expect((await t.db.select().from(pendingUploads)).map((r) => r.uploadId)).toEqual(["vigente"]);
    expect(warnings).toEqual([]);
  });

  it("reports a sweep that fails without stopping the others", async () => {
    const storage = new DiskStorage(t.uploadDir);
    storage.sweepExpiredUploads = () => Promise.reject(new Error("EIO"));
    const warnings: string[] = [];
    const swept = await sweepUploads(t.db, storage, (msg, err) => warnings.push(`${msg}: ${err.message}`));
    expect(swept).toEqual({ partial: 0, expired: 0, quotaRows: 0 });
    expect(warnings).toEqual(["expired uploads not deleted: EIO"]);
  });
});
