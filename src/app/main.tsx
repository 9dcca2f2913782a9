// Entry point: mounts the query client, the router and the toast container, then restores the session (main thread).
// First: the browser's install offer can come before React mounts (pwa/install-capture.ts keeps it).
import "./pwa/install-capture";
// Then React DOM and the shared libraries, each in a task of its own (boot/); the modules below are evaluated in a third task.
import "./boot/react-dom-first";
import "./boot/libraries-next";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { lazy, startTransition, Suspense } from "react";
import { createRoot } from "react-dom/client";
import { initSession } from "../features/session/store";
import { setupOfflineCache } from "../lib/offline/persist";
import { AppRoot } from "./root";
import { AppRouter } from "./router";
import { yieldToMain } from "../lib/yield-to-main";
import "../styles.css";

// Server state for every screen (docs/architecture.md "Server state"): refetch on focus and reconnect, one quick retry, then the error
// state with its retry button; each screen's polling interval is set on its own query.
const queryClient = new QueryClient({
  defaultOptions: {
    queries: { refetchOnWindowFocus: true, refetchOnReconnect: true, retry: 1, staleTime: 0 },
    mutations: { retry: 0 },
  },
});

// The service worker's registration and its 'Atualizar' prompt (with workbox-window) are a chunk of their own, fetched beside the
// first screen rather than inside the entry, as the toast container is: the first screen never waits for them.
const UpdatePrompt = lazy(() => import("./pwa/update-prompt").then((m) => ({ default: m.UpdatePrompt })));

// The app's modules were evaluated in this task; the query client, the offline cache and the first render get a task of their own.
await yieldToMain();

// The agenda list and the OS screen are kept on the device per signed-in user and point (README "Offline").
setupOfflineCache(queryClient);

const root = createRoot(document.getElementById("root")!);
startTransition(() =>
  root.render(
    <AppRoot>
      <QueryClientProvider client={queryClient}>
        <AppRouter />
      </QueryClientProvider>
      <Suspense fallback={null}>
        <UpdatePrompt />
      </Suspense>
    </AppRoot>,
  ),
);

void initSession();
