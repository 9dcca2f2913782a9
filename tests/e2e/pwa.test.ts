// Installable PWA end to end (built app, real server, real Chromium, desktop and Pixel 7): the manifest is linked and valid with
// real icons; after one online visit the app opens with no network (the shell comes from the service worker, nothing under /api
// is ever in Cache Storage); a new deploy shows 'Nova versão disponível', reloads only when 'Atualizar' is clicked, and an outbox
// job saved before the update is still there after it and reaches the server; the plate reader's weights are fetched from the
// server once, by the service worker, and the second use of /scan does not hit the server.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page, Request, Route } from "playwright-core";
import { build, type Plugin } from "vite";
import { startServer } from "../support/start-server";
import { apiCall, builtChunk, DESKTOP, inProgressOrder, launch, MOBILE, openSignedIn, violations } from "./browser";

const base = inject("baseUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/** The signed-in shell (header link) or the login page: what a phone shows when the portal opens. */
const shellOrLogin = (page: Page) =>
  page.getByRole("link", { name: "Portal do Credenciado — Início" }).or(page.getByLabel("E-mail")).first();

/** Resolves once a service worker controls the page (the first install claims the page it was registered from). */
const untilControlled = (page: Page) =>
  page.waitForFunction(() => navigator.serviceWorker.controller?.state === "activated", undefined, { timeout: 30_000 });

/** Every URL stored in the origin's Cache Storage, per cache name. */
const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const out: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      out[name] = (await cache.keys()).map((r) => new URL(r.url).pathname);
    }
    return out;
  });

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe("installable PWA (e2e)", () => {
  it("links a valid manifest (pt-BR, standalone, theme, icons incl. maskable) and serves sw.js and index.html with no-cache", async () => {
    const index = await fetch(`${base}/`);
    expect(index.headers.get("cache-control")).toBe("no-cache");
    const html = await index.text();
    const href = /<link rel="manifest" href="([^"]+)"/.exec(html)?.[1];
    expect(href).toBe("/manifest.webmanifest");
    const theme = /<meta name="theme-color" content="([^"]+)"/.exec(html)?.[1];
    expect(html).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png"');

    const res = await fetch(`${base}${href}`);
    expect(res.headers.get("content-type")).toContain("application/manifest+json");
    const manifest = (await res.json()) as {
      name: string;
      short_name: string;
      lang: string;
      start_url: string;
      scope: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({
      name: "Portal do Credenciado",
      short_name: "Credenciado",
      lang: "pt-BR",
      start_url: "/",
      scope: "/",
      display: "standalone",
      theme_color: theme,
      background_color: "#f3f5f8",
    });
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
    const icons = [...manifest.icons, { src: "/apple-touch-icon.png", sizes: "180x180", type: "image/png", purpose: "any" }];
    for (const icon of icons) {
      const file = await fetch(`${base}${icon.src}`);
      expect(file.status, icon.src).toBe(200);
      expect(file.headers.get("content-type")).toBe(icon.type);
      const { width, height } = pngSize(Buffer.from(await file.arrayBuffer()));
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
    }
    expect(manifest.icons.some((i) => i.purpose === "maskable" && i.sizes === "512x512")).toBe(true);
    expect(manifest.icons.some((i) => i.purpose === "any" && i.sizes === "192x192")).toBe(true);
    expect(manifest.icons.some((i) => i.purpose === "any" && i.sizes === "512x512")).toBe(true);

    const sw = await fetch(`${base}/sw.js`);
    expect(sw.status).toBe(200);
    expect(sw.headers.get("cache-control")).toBe("no-cache");
  });

  for (const [name, options] of [
    ["desktop", DESKTOP],
    ["Pixel 7", MOBILE],
  ] as const) {
    it(`opens offline after one online visit on ${name}: the shell from the service worker, no /api response cached`, async () => {
      const ctx = await browser.newContext(options);
      try {
        const page = await openSignedIn(ctx, `${base}/`, (p) => p.getByRole("heading", { name: "Agenda", level: 1 }));
        await untilControlled(page);
        const registration = await page.evaluate(async () => {
          const r = await navigator.serviceWorker.ready;
          return { scope: new URL(r.scope).pathname, script: new URL(r.active!.scriptURL).pathname };
        });
        expect(registration).toEqual({ scope: "/", script: "/sw.js" });

        await ctx.setOffline(true);
        const reload = await page.reload();
        expect(reload?.fromServiceWorker()).toBe(true);
        await shellOrLogin(page).waitFor({ timeout: 15_000 });
        // A deep link never opened before also gets the shell (navigation fallback to the precached index.html).
        const deep = await page.goto(`${base}/avaliacoes`);
        expect(deep?.fromServiceWorker()).toBe(true);
        await shellOrLogin(page).waitFor({ timeout: 15_000 });
        const caches = await cachedUrls(page);
        const all = Object.values(caches).flat();
        expect(all.filter((u) => u.startsWith("/api"))).toEqual([]);
        const precache = Object.entries(caches).find(([cacheName]) => cacheName.startsWith("workbox-precache"))?.[1] ?? [];
        expect(precache).toContain("/index.html");
        expect(precache).toContain(builtChunk("src/features/agenda/components/agenda-page.tsx"));
        expect(precache.some((u) => /\/assets\/outbox\.worker-[^/]+\.js$/.test(u))).toBe(true);
        // The heavy engines and the plate reader's weights are not in the precache (they load on first use).
        expect(precache.filter((u) => /ffmpeg-core|plate-net|\.wasm$|\.bin$/.test(u))).toEqual([]);
        // Uploaded files (opened in a tab) are never answered by the worker with the shell or a cached copy.
        await expect(page.goto(`${base}/api/uploads/files/qualquer.jpg`)).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
        await ctx.setOffline(false);
      } finally {
        await ctx.close();
      }
    });
  }

  it("serves the plate reader's weights from the cache on the second use of /scan (one server hit)", async () => {
    const ctx = await browser.newContext(DESKTOP);
    try {
      const asset = /\/assets\/plate-net-[^/]+\.bin$/;
      const fromServer: string[] = []; // requests that went to the network: the service worker's own fetches, or unanswered ones
      const answeredBySw: string[] = [];
      ctx.on("requestfinished", async (request: Request) => {
        const pathname = new URL(request.url()).pathname;
        if (!asset.test(pathname)) return;
        const response = await request.response();
        if (request.serviceWorker() || !response?.fromServiceWorker()) fromServer.push(pathname);
        else answeredBySw.push(pathname);
      });
      const page = await openSignedIn(ctx, `${base}/`, (p) => p.getByRole("heading", { name: "Agenda", level: 1 }));
      await untilControlled(page);
      const ready = page.getByRole("status").filter({ hasText: "Procurando placa..." });

      await page.goto(`${base}/scan`);
      await ready.waitFor({ timeout: 60_000 });
      await expect.poll(() => fromServer.length).toBe(1);
      expect(fromServer.every((p) => asset.test(p))).toBe(true);
      // The worker's request was answered by the service worker, which fetched it once and kept it.
      expect(answeredBySw.sort()).toEqual([...fromServer].sort());
      const ocrCache = (await cachedUrls(page))["ocr-assets-v1"] ?? [];
      expect(ocrCache.filter((u) => asset.test(u)).sort()).toEqual([...fromServer].sort());

      // Second use: a new worker on a new visit of /scan loads the weights again, with no request reaching the server.
      await page.goto(`${base}/`);
      await page.getByRole("heading", { name: "Agenda", level: 1 }).waitFor();
      await page.goto(`${base}/scan`);
      await ready.waitFor({ timeout: 60_000 });
      await page.waitForTimeout(500); // requestfinished events are delivered asynchronously
      expect(fromServer).toHaveLength(1);
      expect(
        Object.values(await cachedUrls(page))
          .flat()
          .filter((u) => u.startsWith("/api")),
      ).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});

/** Marks the built index.html with its build name, so the test can tell which deploy a page runs. */
const markBuild = (buildName: string): Plugin => ({
  name: "e2e-mark-build",
  transformIndexHtml: () => [{ tag: "meta", attrs: { name: "portal-build", content: buildName }, injectTo: "head" }],
});

describe("new deploy: 'Nova versão disponível' (e2e, two builds)", () => {
  const dirs: Record<"A" | "B", string> = { A: "", B: "" };
  let live = "";
  let current: "A" | "B" = "A";
  let server: { url: string; stop(): Promise<void> } | undefined;

  /** Deploys the other build into the directory the server serves (files are looked up per request). */
  function deployOther(): "A" | "B" {
    current = current === "A" ? "B" : "A";
    for (const entry of fs.readdirSync(live)) fs.rmSync(path.join(live, entry), { recursive: true, force: true });
    fs.cpSync(dirs[current], live, { recursive: true });
    return current;
  }

  beforeAll(async () => {
    for (const buildName of ["A", "B"] as const) {
      dirs[buildName] = fs.mkdtempSync(path.join(os.tmpdir(), `portal-pwa-${buildName}-`));
      await build({
        root: process.cwd(),
        logLevel: "warn",
        build: { outDir: dirs[buildName], emptyOutDir: true },
        plugins: [markBuild(buildName)],
      });
    }
    live = fs.mkdtempSync(path.join(os.tmpdir(), "portal-pwa-live-"));
    fs.cpSync(dirs.A, live, { recursive: true });
    server = await startServer({ STATIC_DIR: live });
  }, 600_000);
  afterAll(async () => {
    await server?.stop();
    for (const dir of [dirs.A, dirs.B, live]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  for (const [name, options] of [
    ["desktop", DESKTOP],
    ["Pixel 7", MOBILE],
  ] as const) {
    it(`on ${name}: prompt, reload only on 'Atualizar', the new build active and a queued upload kept and sent`, async () => {
      const url = server!.url;
      const { token, orderId } = await inProgressOrder(url);
      const photoRows = async () =>
        (await apiCall<{ fotos: { Foto: string }[] }>(url, token, `/agendamentos/get-fotos/${orderId}`)).fotos.length;
      const ctx = await browser.newContext({ ...options, bypassCSP: true }); // axe is injected as a script
      try {
        const page = await openSignedIn(ctx, `${url}/execucao-os/${orderId}`, (p) =>
          p.getByRole("heading", { name: "Fotos e Vídeos da Execução" }),
        );
        await untilControlled(page);
        const running = current;
        const buildOf = () => page.locator('meta[name="portal-build"]').getAttribute("content");
        expect(await buildOf()).toBe(running);

        // A photo whose upload is held, as on a bad network: the job is saved in IndexedDB and pending.
        const held: Route[] = [];
        await ctx.route("**/api/uploads/tus**", (route) => void held.push(route));
        const before = await photoRows();
        const photo = await jpegOf(page, 160);
        await page
          .locator(".media-picker input[type=file]")
          .setInputFiles({ name: `deploy-${name}.jpg`, mimeType: "image/jpeg", buffer: photo });
        await expect.poll(() => held.length, { timeout: 20_000 }).toBeGreaterThan(0);
        const queued = (await outboxJobs(page)).find((j) => j.name === `deploy-${name}.jpg`);
        expect(queued?.state).toBe("uploading");

        // The new deploy; the app's update check (hourly and on reconnect) is asked for now.
        const next = deployOther();
        await page.evaluate(() => {
          (window as unknown as { beforeUpdate: boolean }).beforeUpdate = true;
        });
        await page.evaluate(async () => {
          await (await navigator.serviceWorker.getRegistration())!.update();
        });
        // Announced in a status live region (the region itself is 0 px high: its card is fixed on screen).
        const prompt = page.getByRole("status").filter({ hasText: "Nova versão disponível" });
        await page.getByText("Nova versão disponível", { exact: true }).waitFor({ timeout: 30_000 });
        expect(await prompt.count()).toBe(1);
        await expect.poll(() => prompt.textContent()).toContain("Os arquivos na fila de envio continuam salvos.");
        expect(await violations(page)).toEqual([]);
        // Nothing happens until the user chooses: same document, same build, the job still queued.
        await page.waitForTimeout(1500);
        expect(await page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate)).toBe(true);
        expect(await buildOf()).toBe(running);
        expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(true);

        await Promise.all([page.waitForEvent("load", { timeout: 30_000 }), prompt.getByRole("button", { name: "Atualizar" }).click()]);
        await page.getByRole("heading", { name: "Fotos e Vídeos da Execução" }).waitFor();
        expect(await page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate)).toBeUndefined();
        expect(await buildOf()).toBe(next);
        expect(
          await page.evaluate(async () => {
            const r = await navigator.serviceWorker.getRegistration();
            return { waiting: Boolean(r?.waiting), controlled: navigator.serviceWorker.controller?.state };
          }),
        ).toEqual({ waiting: false, controlled: "activated" });
        expect(await page.getByText("Nova versão disponível").count()).toBe(0);

        // The job survived the update, and is sent once the network lets it through.
        expect(["stored", "compressing", "uploading"]).toContain(
          (await outboxJobs(page)).find((j) => j.name === `deploy-${name}.jpg`)?.state,
        );
        expect(await photoRows()).toBe(before);
        await ctx.unroute("**/api/uploads/tus**");
        for (const route of held) await route.abort().catch(() => {});
        await expect.poll(photoRows, { timeout: 60_000, interval: 500 }).toBe(before + 1);
        const job = async () => (await outboxJobs(page)).find((j) => j.name === `deploy-${name}.jpg`)?.state;
        await expect.poll(job, { timeout: 15_000 }).toBe("attached");
      } finally {
        await ctx.close();
      }
    }, 180_000);
  }
});

/** The outbox jobs saved on this device (the upload worker's IndexedDB). */
const outboxJobs = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ name: string; state: string }[]>((resolve, reject) => {
        const open = indexedDB.open("portal-outbox");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const request = open.result.transaction("jobs").objectStore("jobs").getAll();
          request.onsuccess = () => resolve(request.result as { name: string; state: string }[]);
          request.onerror = () => reject(request.error);
        };
      }),
  );

/** A real JPEG of noise drawn by the browser (passes the server's magic-byte check). */
async function jpegOf(page: Page, side: number): Promise<Buffer> {
  const b64 = await page.evaluate(async (n) => {
    const canvas = new OffscreenCanvas(n, n);
    const context = canvas.getContext("2d")!;
    const img = context.createImageData(n, n);
    for (let i = 0; i < img.data.length; i++) img.data[i] = (i * 2654435761) >>> 24;
    context.putImageData(img, 0, 0);
    const bytes = new Uint8Array(await (await canvas.convertToBlob({ type: "image/jpeg", quality: 0.9 })).arrayBuffer());
    let s = "";
    for (const b of bytes) s += String.fromCharCode(b);
    return btoa(s);
  }, side);
  return Buffer.from(b64, "base64");
}
