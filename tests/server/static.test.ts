// The built SPA's assets: precompressed copies served to clients that accept gzip, immutable caching, wasm content type.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTestApp, type TestApp } from "./helpers";

describe("static assets", () => {
  let t: TestApp;
  let dir: string;
  const wasm = Buffer.concat([Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]), Buffer.alloc(50_000, 7)]);
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-static-"));
    fs.mkdirSync(path.join(dir, "assets"));
    fs.writeFileSync(path.join(dir, "index.html"), "<!doctype html><title>Portal</title>");
    fs.writeFileSync(path.join(dir, "assets", "core-abc.wasm"), wasm);
    fs.writeFileSync(path.join(dir, "assets", "core-abc.wasm.gz"), gzipSync(wasm));
    t = await makeTestApp("pglite", { staticDir: dir });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("serves the gzip copy of a wasm asset to a client that accepts gzip, as application/wasm, cached for a year", async () => {
    const res = await t.app.inject({ method: "GET", url: "/assets/core-abc.wasm", headers: { "accept-encoding": "gzip" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(res.headers["content-type"]).toBe("application/wasm");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(gunzipSync(res.rawPayload).equals(wasm)).toBe(true);
  });

  it("serves the plain file to a client that does not accept gzip", async () => {
    const res = await t.app.inject({ method: "GET", url: "/assets/core-abc.wasm", headers: { "accept-encoding": "identity" } });
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.rawPayload.equals(wasm)).toBe(true);
  });
});
