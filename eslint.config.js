// ESLint flat config for the whole repository (`npm run lint`, part of `npm test`): TypeScript, React hooks, globals per
// runtime, and the layer rules of docs/architecture.md "Import rules" (lint/import-boundaries.js).
import js from "@eslint/js";
import { defineConfig, globalIgnores } from "eslint/config";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import checkFile from "eslint-plugin-check-file";
import boundaries from "./lint/import-boundaries.js";

export default defineConfig([
  globalIgnores(["dist/", "data/", "bench/results/", ".vitest-attachments/", "test-results/", ".tmp/", "server/db/migrations/"]),
  js.configs.recommended,
  // Not the type-aware set: it needs a TypeScript program per tsconfig (three here), which makes a lint run several times slower.
  tseslint.configs.recommended,
  {
    rules: {
      // `_`-prefixed names mark parameters kept for a signature (callbacks, Fastify hooks) and deliberately skipped items.
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_" }],
    },
  },
  { files: ["src/**"], languageOptions: { globals: globals.browser } },
  {
    // Components and the use-*.ts hook files: elsewhere a plain function named `use` (worker-lifecycle's) is not a hook.
    files: ["src/**/*.tsx", "src/**/use-*.ts"],
    extends: [reactHooks.configs.flat.recommended],
  },
  { files: ["workers/**"], languageOptions: { globals: globals.worker } },
  {
    files: ["server/**", "scripts/**", "bench/**", "tests/**", "*.config.{js,ts}", "drizzle.config.ts", "lint/**"],
    languageOptions: { globals: globals.node },
  },
  // Code that runs in a page: the browser bench page and the browser-mode tests (real Chromium).
  { files: ["bench/browser/**", "tests/workers/**", "tests/ui/**"], languageOptions: { globals: globals.browser } },
  {
    // File and folder names: kebab-case, suffixes after a dot (`ocr.worker.ts`, `api-crud.bench.ts`, `messages.pt-BR.ts`).
    files: ["**/*.{ts,tsx,js,mjs}"],
    ignores: ["*.config.{js,ts}", "drizzle.config.ts"],
    plugins: { "check-file": checkFile },
    rules: {
      "check-file/filename-naming-convention": ["error", { "**/*.{ts,tsx,js,mjs}": "KEBAB_CASE" }, { ignoreMiddleExtensions: true }],
      "check-file/folder-naming-convention": ["error", { "{src,workers,server,contract,tests,bench,scripts,lint,docs}/**/": "KEBAB_CASE" }],
    },
  },
  {
    files: ["src/**", "workers/**", "server/**", "contract/**"],
    plugins: { local: boundaries },
    rules: { "local/import-boundaries": "error" },
  },
]);
