// Route guards: private pages need a session (origin remembered in ?redirect=), /login bounces signed-in users, the point
// administrators' screens are restricted for everyone else (main thread).
import type { ReactNode } from "react";
import { Redirect, useLocation, useSearch } from "wouter";
import { CENTRAL_PATHS, landingFor, PATHS } from "../config/paths";
import { MSG } from "../config/messages.pt-BR";
import { useSession } from "../features/session/use-session";
import { redirectTarget } from "../features/session/redirect-target";
import { AppShell } from "./shell/app-shell";
import { CentralShell } from "./shell/central-shell";
import { LoadingScreen } from "./loading-screen";

type Perfil = "ponto" | "central";
const HOME: Record<Perfil, string> = { ponto: PATHS.agenda, central: CENTRAL_PATHS.home };
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

/** Whether the signed-in attendant's role is administrative (Administrativo 'S'; read again after a refused call). */
export const useIsAdmin = () => useSession().user?.Administrativo === "S";

/**
 * A screen of the point's administrators (Dados Bancários, Dados Cadastrais, Registro de alterações): anyone else gets its
 * title and that it is restricted, and the page's code is never run (the server refuses its calls too).
 */
export function AdminOnly({ title, children }: { title: string; children: ReactNode }) {
  if (useIsAdmin()) return <>{children}</>;
  return (
    <section className="page">
      <h1 className="page-title">{title}</h1>
      <p className="muted page-state" role="status">
        {MSG.common.adminOnly}
      </p>
    </section>
  );
}

export function PublicOnly({ children }: { children: ReactNode }) {
  const { status, perfil } = useSession();
  const search = useSearch();
  if (status === "loading") return <LoadingScreen />;
  if (status === "authenticated") {
    const wanted = redirectTarget(new URLSearchParams(search).get("redirect"), window.location.origin);
    return <Redirect to={landingFor(perfil, wanted)} replace />;
  }
  return <>{children}</>;
}

/** Public pages (privacy, terms, esqueci-senha, the access links) keep the shell when someone is signed in. */
export function Public({ children }: { children: ReactNode }) {
  const { status, perfil } = useSession();
  if (status !== "authenticated") return <main className="public-page">{children}</main>;
  const Shell = SHELL[perfil];
  return <Shell>{children}</Shell>;
}
