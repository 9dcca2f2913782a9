// Vite build of the SPA; the dev server proxies /api to the real server on port 3001.
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { precompress } from "./scripts/precompress";
import { routeHtml } from "./scripts/route-html";

export default defineConfig({
  plugins: [pwa(), routeHtml(), precompress()],
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
      output: {
        codeSplitting: {
          // The entry (index.html and main.tsx) stays out of the group: main.tsx's stages (src/app/boot/) use top-level await, and
          // an async entry captured by the group left the build with no entry chunk (no manifest entry, no route HTML).
          groups: [{ name: "app", tags: ["$initial"], test: (id: string) => !/[\\/](index\.html|src[\\/]app[\\/]main\.tsx)$/.test(id) }],
        },
      },
    },
  },
  worker: { format: "es" },
  // @ffmpeg/ffmpeg starts its worker with new URL(…, import.meta.url) and imports the core at run time: served as it is (dev
  // server, bench), never pre-bundled, or a worker importing it mid-session makes Vite re-optimise and reload the page.
  // onnxruntime-web is imported only by the OCR worker's second reader, loaded late: pre-bundled up front, so its discovery
  // does not make the dev server reload the page mid-run (the benches' pages).
  optimizeDeps: { exclude: ["@ffmpeg/ffmpeg"], include: ["onnxruntime-web/wasm"] },
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
      globIgnores: ["**/ffmpeg-core*", "**/*.wasm", "**/*.gz", ".vite/**", "route-html/**", "**/password-strength-*"],
      maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      // Hashed file names already change with their content.
      dontCacheBustURLsMatching: /\/assets\/.+-[A-Za-z0-9_-]{8}\.[a-z0-9.]+$/,
      navigateFallback: "index.html",
      // Uploaded files open in a tab (/api/uploads/files/...): never answered with the shell, never cached.
      navigateFallbackDenylist: [/^\/api(\/|$)/],
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
