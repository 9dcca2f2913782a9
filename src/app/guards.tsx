// Route guards: private pages need a session (origin remembered in ?redirect=), /login bounces signed-in users (main thread).
import type { ReactNode } from "react";
import { Redirect, useLocation, useSearch } from "wouter";
import { CENTRAL_PATHS, landingFor, PATHS } from "../config/paths";
import { useSession } from "../features/session/use-session";
import { AppShell } from "./shell/app-shell";
import { CentralShell } from "./shell/central-shell";
import { LoadingScreen } from "./loading-screen";

/** `data`: the screen's first calls (router.tsx), rendered before the shell so they start before it is built. */
export function Private({ children, data }: { children: ReactNode; data?: ReactNode }) {
  const { status, perfil } = useSession();
  const [location] = useLocation();
  const search = useSearch();
  if (status === "loading") return <LoadingScreen />;
  if (status === "unauthenticated") {
    const origin = `${location}${search ? `?${search}` : ""}`;
    return <Redirect to={`${PATHS.login}?redirect=${encodeURIComponent(origin)}`} replace />;
  }
  // The program's central staff see no point's screens: their console instead.
  if (perfil === "central") return <Redirect to={CENTRAL_PATHS.approvals} replace />;
  return (
    <>
      {data}
      <AppShell>{children}</AppShell>
    </>
  );
}

/** The Central console's pages: only the program's central staff; an attendant goes back to the point's agenda. */
export function CentralPrivate({ children, data }: { children: ReactNode; data?: ReactNode }) {
  const { status, perfil } = useSession();
  const [location] = useLocation();
  const search = useSearch();
  if (status === "loading") return <LoadingScreen />;
  if (status === "unauthenticated") {
    const origin = `${location}${search ? `?${search}` : ""}`;
    return <Redirect to={`${PATHS.login}?redirect=${encodeURIComponent(origin)}`} replace />;
  }
  if (perfil !== "central") return <Redirect to={PATHS.agenda} replace />;
  return (
    <>
      {data}
      <CentralShell>{children}</CentralShell>
    </>
  );
}

export function PublicOnly({ children }: { children: ReactNode }) {
  const { status, perfil } = useSession();
  const search = useSearch();
  if (status === "loading") return <LoadingScreen />;
  if (status === "authenticated") return <Redirect to={landingFor(perfil, new URLSearchParams(search).get("redirect"))} replace />;
  return <>{children}</>;
}

/** Public pages (privacy, terms) keep the shell when someone is signed in. */
export function Public({ children }: { children: ReactNode }) {
  const { status, perfil } = useSession();
  if (status !== "authenticated") return <main className="public-page">{children}</main>;
  return perfil === "central" ? <CentralShell>{children}</CentralShell> : <AppShell>{children}</AppShell>;
}
