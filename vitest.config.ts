// Test projects: unit (node), server (node, PGlite/PostgreSQL), browser (real Chromium), e2e (built app + real server).
import { defineConfig } from "vitest/config";
import { playwright } from "@vitest/browser-playwright";
import { VitePWA } from "vite-plugin-pwa";
import { CHROME_ARGS, CHROME_PATH, FAKE_MEDIA_ARGS } from "./tests/support/chromium";
import { startMainThreadTrace, stopMainThreadTrace } from "./tests/support/trace-commands";
import { paddlePlateModel } from "./scripts/paddle-trim/vite-plugin.ts";

export default defineConfig({
  test: {
    reporters: ["default", "./tests/summary-reporter.ts"],
    projects: [
      { test: { name: "unit", include: ["tests/unit/**/*.test.ts"], environment: "node" } },
      {
        test: {
          name: "server",
          include: ["tests/server/**/*.test.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The UI under test runs on React DOM's development build, as the dev server does. The PWA plugin, disabled, only
        // answers the app's `virtual:pwa-register/react` import (a no-op registration, as on the dev server). The second
        // reader's plate model is made before any worker imports it, as in the build.
        plugins: [VitePWA({ disable: true, injectRegister: false }), paddlePlateModel()],
        oxc: { jsx: { runtime: "automatic" } },
        // Every package the tested UI and workers import, declared, and no discovery: a package found mid-run makes Vite
        // re-optimise and reload the test pages ("Vite unexpectedly reloaded a test"), which fails the file being imported at
        // that moment and, on a loaded machine, can leave the browser pool waiting for ever (vitest issue 10791: a CI run
        // hung that way on a cold cache). A package missing here now fails its import at once instead.
        optimizeDeps: {
          noDiscovery: true,
          include: [
            "react",
            "react/jsx-runtime",
            "react/jsx-dev-runtime",
            "react-dom",
            "react-dom/client",
            "react-toastify",
            "valtio",
            "valtio/vanilla",
            "comlink",
            "idb",
            "mediabunny",
            "browser-image-compression",
            "@tanstack/react-query",
            "wouter",
            "wouter/use-browser-location",
            "react-imask",
            "mitt",
            "papaparse",
            "@ffmpeg/util",
            "@brazilian-utils/brazilian-utils/format-cpf",
            "@brazilian-utils/brazilian-utils/format-cnpj",
            "@brazilian-utils/brazilian-utils/format-cep",
            "@brazilian-utils/brazilian-utils/is-valid-cnpj",
            "@brazilian-utils/brazilian-utils/get-states",
            "@brazilian-utils/brazilian-utils/get-banks",
            "onnxruntime-web/wasm",
            // A UMD file: pre-bundled so its default export exists in the browser tests (the build converts it itself).
            "fix-webm-duration",
          ],
          // Served as it is: its worker module (@ffmpeg/ffmpeg/worker, imported by the video worker's nested worker) would
          // otherwise be discovered mid-run (same reload). vite.config.ts excludes it too.
          exclude: ["@ffmpeg/ffmpeg"],
        },
        test: {
          name: "browser",
          include: ["tests/workers/**/*.test.ts", "tests/ui/**/*.test.tsx"],
          globalSetup: ["tests/workers/global-setup.ts"],
          hookTimeout: 120_000,
          testTimeout: 30_000,
          browser: {
            enabled: true,
            headless: true,
            screenshotFailures: false,
            // A fake camera and microphone, granted without a prompt, for the capture tests.
            provider: playwright({ launchOptions: { executablePath: CHROME_PATH, args: [...CHROME_ARGS, ...FAKE_MEDIA_ARGS] } }),
            instances: [{ browser: "chromium" }],
            // The main thread's tasks with their CPU time, traced from Node (tests/workers/main-thread-trace.ts).
            commands: { startMainThreadTrace, stopMainThreadTrace },
          },
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/e2e/global-setup.ts"],
          // A failure bound, not a speed target (those are bench/'s): CI runs these files beside the server and browser suites
          // on 2 cores, where a test that takes 10 s alone once took over a minute.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
