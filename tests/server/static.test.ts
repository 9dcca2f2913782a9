// The built SPA's assets: precompressed copies served to clients that accept gzip, immutable caching, wasm content type.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
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
    fs.writeFileSync(path.join(dir, "assets", "core-abc.wasm.br"), brotliCompressSync(wasm));
    fs.writeFileSync(path.join(dir, "robots.txt"), "User-agent: *\nAllow: /\n");
    // The build's per-route copies (scripts/route-html.ts), here for two routes, the agenda at '/' and two central sections.
    fs.mkdirSync(path.join(dir, "route-html"));
    for (const name of ["espelho", "execucao-os", "index", "central-aprovacoes", "central-pontos"]) {
      fs.writeFileSync(
        path.join(dir, "route-html", `${name}.html`),
        `<!doctype html><title>Portal</title><link rel="modulepreload" href="/assets/${name}-page.js">`,
      );
    }
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

  it("serves the brotli copy to a client that accepts br, and gzip to one that accepts only gzip", async () => {
    const br = await t.app.inject({ method: "GET", url: "/assets/core-abc.wasm", headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.rawPayload).equals(wasm)).toBe(true);
    const gz = await t.app.inject({ method: "GET", url: "/assets/core-abc.wasm", headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
  });

  it("serves robots.txt as text; a missing file is a 404, never the app's HTML; an app route gets the HTML", async () => {
    const robots = await t.app.inject({ method: "GET", url: "/robots.txt" });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers["content-type"]).toMatch(/^text\/plain/);
    expect(robots.body).toContain("User-agent: *");
    for (const url of ["/sitemap.xml", "/favicon.ico", "/assets/index-old.js", "/assets/index-old.js?v=1"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ success: false, message: "Rota não encontrada." });
    }
    for (const url of ["/espelho", "/execucao-os/6f1c2d3e-0000-4000-8000-000000000001", "/avaliacoes?page=2"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"], url).toMatch(/^text\/html/);
      expect(res.body, url).toContain("<title>Portal</title>");
    }
  });

  it("sends a route its own HTML, with its page's code preloaded, and index.html to a route the build has no copy for", async () => {
    const cases: [url: string, preload: string | null][] = [
      ["/", "/assets/index-page.js"],
      ["/?inicio=2026-11-01", "/assets/index-page.js"],
      ["/espelho?status=PAGO", "/assets/espelho-page.js"],
      ["/execucao-os/6f1c2d3e-0000-4000-8000-000000000001", "/assets/execucao-os-page.js"],
      ["/avaliacoes", null],
      // The central's sections: each its own copy, by the first two segments.
      ["/central/aprovacoes?status=PENDENTE", "/assets/central-aprovacoes-page.js"],
      ["/central/pontos/6f1c2d3e-0000-4000-8000-000000000001", "/assets/central-pontos-page.js"],
      ["/central/pagamentos", null],
      ["/central", null],
    ];
    for (const [url, preload] of cases) {
      const res = await t.app.inject({ method: "GET", url, headers: { "accept-encoding": "identity" } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"], url).toMatch(/^text\/html/);
      expect(res.headers["cache-control"], url).toBe("no-cache");
      if (preload) expect(res.body, url).toContain(`<link rel="modulepreload" href="${preload}">`);
      else expect(res.body, url).toBe("<!doctype html><title>Portal</title>");
    }
  });
});
