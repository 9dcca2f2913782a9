// The UI is written against React's API and runs on Preact (preact/compat), for the app, its libraries and the UI tests alike
// (Vite config, Node). Why: React DOM was ~60 KiB of the ~120 KiB gzipped JS every route needed before its first paint; with Preact the
// entry is ~64 KiB and the measured Lighthouse performance rose on every route (README "Budgets"). The types stay React's.
import type { Alias } from "vite";

/** Every React entry point the app and its dependencies (TanStack Query, react-toastify, react-imask, valtio, wouter) import. */
export const preactAliases: Alias[] = [
  { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
  { find: /^react-dom\/test-utils$/, replacement: "preact/test-utils" },
  { find: /^react-dom$/, replacement: "preact/compat" },
  { find: /^react\/jsx-runtime$/, replacement: "preact/jsx-runtime" },
  { find: /^react\/jsx-dev-runtime$/, replacement: "preact/jsx-runtime" },
  { find: /^react$/, replacement: "preact/compat" },
];

/** JSX compiles to Preact's automatic runtime (Vite's built-in Oxc transform; no Fast Refresh: the dev server reloads the page). */
export const preactJsx = { jsx: { runtime: "automatic" as const, importSource: "preact" } };
