// Vite build of the SPA; the dev server proxies /api to the real server on port 3001.
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { precompress } from "./scripts/precompress";

export default defineConfig({
  plugins: [react(), precompress()],
  build: { target: "es2022", sourcemap: false, manifest: true },
  worker: { format: "es" },
  server: { port: 5173, proxy: { "/api": "http://localhost:3001" } },
});
