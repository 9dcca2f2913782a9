// Vite build of the SPA and the member's follow page (acompanhar.html); the dev server proxies /api to the real server on port 3001.
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { precompress } from "./scripts/precompress";
import { routeHtml } from "./scripts/route-html";
import { initialChunkGroups, LAZY_COMMON_MAX_BYTES, lazyCommonGroup } from "./scripts/initial-chunks";
import { paddlePlateModel } from "./scripts/paddle-trim/vite-plugin.ts";

const root = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  // paddlePlateModel: the second reader's model, cut to the plate's classes, made before the OCR worker imports it (scripts/paddle-trim).
  plugins: [pwa(), routeHtml(), precompress(), memberPage(), paddlePlateModel()],
  // React DOM with the automatic JSX runtime (Vite's built-in Oxc transform; no Fast Refresh: the dev server reloads the page).
  oxc: { jsx: { runtime: "automatic" } },
  build: {
    target: "es2022",
    sourcemap: false,
    manifest: true,
    // Every module the entry imports statically goes into one chunk. Left to itself, Rolldown split each module that a lazy page
    // also uses into a chunk of its own (16 files before the first screen, many under 1 KB): on HTTP/1.1's six connections
    // and a mobile round trip that is three rounds of requests instead of one.
    rolldownOptions: {
      // The app, and the member's follow page (/acompanhar, src/member/): a light page of its own, without the app's shell.
      input: { index: `${root}index.html`, acompanhar: `${root}acompanhar.html` },
      // An imported constant is written where it is used: the client's routes (contract/gen, "METHOD /url" strings) land in
      // the chunk that calls them, as a literal URL did, and their modules drop out; without it a contract file's routes went
      // together into the first chunk that used one (the app's initial chunk grew 0.85 KiB gzip).
      optimization: { inlineConst: { mode: "all", pass: 1 } },
      output: {
        chunkFileNames: chunkFileName,
        // Style sheets are in the preload map too: a bare hash as well. Other assets (fonts, wasm, the plate reader's weights)
        // keep their names: the service worker's runtime routes and the benches find them by name.
        assetFileNames: (asset) =>
          asset.names.some((n) => n.endsWith(".css")) ? "assets/[hash][extname]" : "assets/[name]-[hash][extname]",
        codeSplitting: {
          // The entries (the HTML pages and their main.tsx) stay out of the group: main.tsx's stages (src/app/boot/) use top-level
          // await, and an async entry captured by the group left the build with no entry chunk (no manifest entry, no route HTML).
          // The rest goes to "app" (the app's one initial chunk), "shared" (what both pages load at once: React DOM, TanStack
          // Query) or "app-common": scripts/initial-chunks.ts, so the member page never loads the app's chunk. The lazy chunks'
          // small common pieces go together to "lazy-common" (issue 52: the OS screen loaded 41 chunks, now 29).
          groups: [...initialChunkGroups(root), lazyCommonGroup(root, LAZY_COMMON_MAX_BYTES)],
        },
      },
    },
  },
  worker: { format: "es" },
  // @ffmpeg/ffmpeg starts its worker with new URL(…, import.meta.url) and imports the core at run time: served as it is (dev
  // server, bench), never pre-bundled, or a worker importing it mid-session makes Vite re-optimise and reload the page.
  // onnxruntime-web is imported only by the OCR worker's second reader, loaded late: pre-bundled up front, so its discovery
  // does not make the dev server reload the page mid-run (the benches' pages).
  optimizeDeps: { exclude: ["@ffmpeg/ffmpeg"], include: ["onnxruntime-web/wasm", "fix-webm-duration"] },
  server: { port: 5173, proxy: { "/api": "http://localhost:3001" } },
});

/**
 * Service worker (Workbox generateSW) and web app manifest; README "Offline".
 * - precache: the shell and every route/worker chunk, so the portal opens with no network after one online visit;
 * - heavy assets (ffmpeg core, the plate reader's weights) are not precached: CacheFirst on first use. The OCR route shares
 *   the cache the OCR worker already keeps (workers/ocr/assets.ts, "ocr-assets-v1"), so one copy is stored;
 * - nothing under /api is ever cached or answered by the worker (per-user data lives in IndexedDB, cleared on logout);
 * - registerType "prompt": a new deploy waits until the user clicks 'Atualizar' (src/app/pwa/update-prompt.tsx).
 */
function pwa() {
  return VitePWA({
    registerType: "prompt",
    injectRegister: false,
    includeAssets: ["apple-touch-icon.png"],
    manifest: {
      id: "/",
      name: "Portal do Credenciado",
      short_name: "Credenciado",
      description: "Agenda, ordens de serviço e financeiro dos pontos de atendimento credenciados.",
      lang: "pt-BR",
      dir: "ltr",
      start_url: "/",
      scope: "/",
      display: "standalone",
      orientation: "any",
      theme_color: "#0b5cad",
      background_color: "#f3f5f8",
      categories: ["business", "productivity"],
      icons: [
        { src: "/pwa-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
        { src: "/pwa-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
        { src: "/pwa-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      ],
    },
    workbox: {
      // The manifest and its icons are added by the plugin itself (plus includeAssets).
      globPatterns: ["**/*.{js,css,html,svg,woff2}"],
      // Heavy engines load on first use through the runtime routes below; .gz copies are the server's business.
      // The per-route copies of index.html are for cold starts from the server; the worker answers every navigation with index.html.
      // The password strength estimator's dictionaries (about 510 KiB gzipped, src/features/session/password-strength.ts) are for
      // the first-access and reset pages only, which need the network anyway: fetched by those pages, not by every install.
      // The member's follow page (acompanhar.html, its entry, style and forms) is never opened inside the installed app.
      globIgnores: [
        "**/ffmpeg-core*",
        "**/*.wasm",
        "**/*.gz",
        ".vite/**",
        "route-html/**",
        "**/password-strength-*",
        "acompanhar.html",
        "assets/acompanhar-*",
        "assets/member-*",
      ],
      maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      // Hashed file names already change with their content.
      dontCacheBustURLsMatching: /\/assets\/(.+-)?[A-Za-z0-9_-]{8}\.[a-z0-9.]+$/,
      navigateFallback: "index.html",
      // Uploaded files open in a tab (/api/uploads/files/...): never answered with the shell, never cached. The member's follow
      // page (/acompanhar) is a page of its own, from the server.
      navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/acompanhar(\.html)?(\/|\?|$)/],
      cleanupOutdatedCaches: true,
      // The first install takes the open page at once (so an engine loaded in the first session is cached already); an update
      // never skips waiting by itself: only the prompt's 'Atualizar' does.
      clientsClaim: true,
      skipWaiting: false,
      // Web Push: public/push-handler.js shows the server's pushes and opens their screen on a click.
      importScripts: ["push-handler.js"],
      runtimeCaching: [
        {
          urlPattern: ({ url, sameOrigin }) => sameOrigin && /^\/assets\/ffmpeg-core[^/]*\.(js|wasm)$/.test(url.pathname),
          handler: "CacheFirst",
          // The core's script and wasm of one build: a new deploy's copies push the previous ones out.
          options: { cacheName: "ffmpeg-core", expiration: { maxEntries: 2 }, cacheableResponse: { statuses: [200] } },
        },
        {
          // The plate net's weights and the second reader's (PaddleOCR's recogniser, onnxruntime-web's wasm, the dictionary).
          urlPattern: ({ url, sameOrigin }) =>
            sameOrigin &&
            /^\/assets\/(plate-net-[^/]+\.bin|ch_PP-OCRv4_rec_infer-[^/]+\.onnx|ort-wasm-simd-threaded-[^/]+\.wasm|ppocr_keys_v1-[^/]+\.txt)$/.test(
              url.pathname,
            ),
          handler: "CacheFirst",
          // Same cache as the OCR worker's own Cache API copy (it also drops older hashed copies of an asset).
          options: { cacheName: "ocr-assets-v1", cacheableResponse: { statuses: [200] } },
        },
      ],
    },
  });
}

/**
 * The member's follow page (acompanhar.html) beside the app: the dev server answers /acompanhar with it, as the server does in
 * production (/acompanhar.html works too); the build leaves out the app's manifest link the PWA plugin adds to every page (the
 * member installs nothing).
 */
function memberPage(): Plugin {
  return {
    name: "portal-member-page",
    enforce: "post",
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url && /^\/acompanhar(\?|$)/.test(req.url)) req.url = req.url.replace("/acompanhar", "/acompanhar.html");
        next();
      });
    },
    transformIndexHtml: {
      order: "post",
      handler: (html, ctx) => (ctx.filename.endsWith("acompanhar.html") ? html.replace(/<link rel="manifest"[^>]*>/, "") : html),
    },
  };
}

/** Chunks whose names something keys on: the initial groups (scripts/initial-chunks.ts), the password dictionaries and the
 * image fallback (left out of the precache, or measured by name by `npm run bench bundle`). */
const NAMED_CHUNKS = new Set(["app", "app-common", "shared", "password-strength", "browser-image-compression"]);

/**
 * A chunk's file name. Every chunk a page may load is named in the app's first chunk (the preload map, one string per chunk)
 * and in the import lines of every chunk that uses it: a bare hash (`assets/BLp1CcUh.js`) instead of
 * `assets/<module>-<hash>.js` took 0.7 KiB gzip off the app's first chunk (issue 51). Kept named: NAMED_CHUNKS, and the member
 * page's own lazy chunks (member-*), which the app's service worker leaves out of its precache.
 */
function chunkFileName(chunk: { name: string; moduleIds: readonly string[] }) {
  if (chunk.moduleIds.length > 0 && chunk.moduleIds.every((id) => /[\\/]src[\\/](member[\\/]|config[\\/]messages[\\/]member\.)/.test(id)))
    return "assets/member-[hash].js";
  return NAMED_CHUNKS.has(chunk.name) ? "assets/[name]-[hash].js" : "assets/[hash].js";
}
