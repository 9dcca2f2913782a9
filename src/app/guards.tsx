// Route guards: private pages need a session (origin remembered in ?redirect=), /login bounces signed-in users (main thread).
import type { ReactNode } from "react";
import { Redirect, useLocation, useSearch } from "wouter";
import { CENTRAL_PATHS, landingFor, PATHS } from "../config/paths";
import { useSession } from "../features/session/use-session";
import { AppShell } from "./shell/app-shell";
import { CentralShell } from "./shell/central-shell";
import { LoadingScreen } from "./loading-screen";

type Perfil = "ponto" | "central";
const HOME: Record<Perfil, string> = { ponto: PATHS.agenda, central: CENTRAL_PATHS.approvals };
const SHELL: Record<Perfil, (props: { children: ReactNode }) => ReactNode> = { ponto: AppShell, central: CentralShell };

/**
 * A page of one profile: signed out, to /login remembering the origin; the other profile, to its own home (the central staff
 * see no point's screens, an attendant no console); else the page in its profile's shell. `data`: the screen's first calls
 * (router.tsx), rendered before the shell so they start before it is built.
 */
function SignedIn({ perfil: wanted, children, data }: { perfil: Perfil; children: ReactNode; data?: ReactNode }) {
  const { status, perfil } = useSession();
  const [location] = useLocation();
  const search = useSearch();
  if (status === "loading") return <LoadingScreen />;
  if (status === "unauthenticated") {
    const origin = `${location}${search ? `?${search}` : ""}`;
    return <Redirect to={`${PATHS.login}?redirect=${encodeURIComponent(origin)}`} replace />;
  }
  if (perfil !== wanted) return <Redirect to={HOME[perfil]} replace />;
  const Shell = SHELL[wanted];
  return (
    <>
      {data}
      <Shell>{children}</Shell>
    </>
  );
}

/** The point's screens (attendants). */
export function Private(props: { children: ReactNode; data?: ReactNode }) {
  return <SignedIn perfil="ponto" {...props} />;
}

/** The Central console's pages (the program's central staff). */
export function CentralPrivate(props: { children: ReactNode; data?: ReactNode }) {
  return <SignedIn perfil="central" {...props} />;
}

export function PublicOnly({ children }: { children: ReactNode }) {
  const { status, perfil } = useSession();
  const search = useSearch();
  if (status === "loading") return <LoadingScreen />;
  if (status === "authenticated") return <Redirect to={landingFor(perfil, new URLSearchParams(search).get("redirect"))} replace />;
  return <>{children}</>;
}

/** Public pages (privacy, terms, esqueci-senha, the access links) keep the shell when someone is signed in. */
export function Public({ children }: { children: ReactNode }) {
  const { status, perfil } = useSession();
  if (status !== "authenticated") return <main className="public-page">{children}</main>;
  const Shell = SHELL[perfil];
  return <Shell>{children}</Shell>;
}
