// Lazily loaded page chunks with a load timeout and a retry screen instead of a blank page (main thread).
import { startTransition, useEffect, useState, type ComponentType, type ReactNode } from "react";
import { LoadFailureBoundary } from "../components/ui/load-failure-boundary";
import { CHUNK_LOAD_TIMEOUT_MS } from "../config/env";
import { MSG } from "../config/messages.pt-BR";
import { LoadingScreen } from "./loading-screen";

/**
 * A page loaded on first use. Not React.lazy + Suspense: React 19 holds a Suspense boundary's content back for up to 300 ms after
 * its fallback was shown (FALLBACK_THROTTLE_MS), so a page whose chunk arrived would still wait behind the loading indicator,
 * time a slow phone feels on every cold start. Here the page is component state: the indicator shows inside the shell (header
 * and menus are there at once) and the page replaces it the moment its chunk has run. A chunk already loaded (the opening page,
 * preloaded with the entry; any page visited before) renders on the first pass with no indicator at all. A failed or timed-out
 * load is thrown during render, so `ChunkErrorBoundary` shows its retry screen.
 */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const start = () =>
    (pending ??= new Promise<ComponentType<P>>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("chunk timeout")), CHUNK_LOAD_TIMEOUT_MS);
      load()
        .then((m) => resolve((loaded = m.default)), reject)
        .finally(() => clearTimeout(timer));
    }).catch((error: unknown) => {
      pending = null; // the next mount (after 'Tentar novamente' reloads, or another visit) asks again
      throw error;
    }));
  function LazyPage(props: P) {
    const [Page, setPage] = useState<{ C: ComponentType<P> } | null>(() => (loaded ? { C: loaded } : null));
    const [failure, setFailure] = useState<{ error: unknown } | null>(null);
    useEffect(() => {
      if (Page) return;
      let live = true;
      start().then(
        // A transition: the page's first render yields to the browser every few ms (taps, the data arriving) instead of holding
        // the main thread for the whole screen on a slow phone; the loading indicator stays until it commits.
        (C) => live && startTransition(() => setPage({ C })),
        (error: unknown) => live && setFailure({ error }),
      );
      return () => {
        live = false;
      };
    }, [Page]);
    if (failure) throw failure.error;
    return Page ? <Page.C {...props} /> : <LoadingScreen />;
  }
  /** Starts the chunk now (the opening page, with the entry); a failure here is left to the page's own mount to show. */
  LazyPage.preload = () => void start().catch(() => undefined);
  return LazyPage;
}

/** The router's boundary: a page chunk that failed to download shows the app's retry screen. */
export const ChunkErrorBoundary = ({ children }: { children: ReactNode }) => (
  <LoadFailureBoundary className="page-state" message={MSG.chunk.failed} retry={MSG.chunk.retry} buttonClassName="btn btn-primary">
    {children}
  </LoadFailureBoundary>
);
