// Route guards: private pages need a session (origin remembered in ?redirect=), /login bounces signed-in users (main thread).
import type { ReactNode } from "react";
import { Redirect, useLocation, useSearch } from "wouter";
import { PATHS, safeRedirect } from "../config/paths";
import { useSession } from "../features/session/use-session";
import { AppShell } from "./shell/app-shell";
import { LoadingScreen } from "./loading-screen";

/** `data`: the screen's first calls (router.tsx), rendered before the shell so they start before it is built. */
export function Private({ children, data }: { children: ReactNode; data?: ReactNode }) {
  const { status } = useSession();
  const [location] = useLocation();
  const search = useSearch();
  if (status === "loading") return <LoadingScreen />;
  if (status === "unauthenticated") {
    const origin = `${location}${search ? `?${search}` : ""}`;
    return <Redirect to={`${PATHS.login}?redirect=${encodeURIComponent(origin)}`} replace />;
  }
  return (
    <>
      {data}
      <AppShell>{children}</AppShell>
    </>
  );
}

export function PublicOnly({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const search = useSearch();
  if (status === "loading") return <LoadingScreen />;
  if (status === "authenticated") return <Redirect to={safeRedirect(new URLSearchParams(search).get("redirect"))} replace />;
  return <>{children}</>;
}

/** Public pages (privacy, terms) keep the shell when someone is signed in. */
export function Public({ children }: { children: ReactNode }) {
  const { status } = useSession();
  return status === "authenticated" ? <AppShell>{children}</AppShell> : <main className="public-page">{children}</main>;
}
