// Layout for the program's central staff (/central/...): header with the console's name, the user and Sair, and the
// console's four sections as tabs (one row on a 360 px phone, icons above labels there; side by side from 600 px) (main thread).
import type { ReactNode } from "react";
import { Link, useLocation } from "wouter";
import { CENTRAL_PATHS, PATHS } from "../../config/paths";
import { logout } from "../../features/session/store";
import { useSession } from "../../features/session/use-session";
import { OfflineNotice } from "../offline-notice";
import { NavLink } from "./nav-link";
import { CENTRAL_NAV } from "./nav";
import logoUrl from "../../assets/logo.svg";

export function CentralShell({ children }: { children: ReactNode }) {
  const { central } = useSession();
  const [, navigate] = useLocation();
  return (
    <div className="app-shell central-shell">
      <header className="app-header">
        <Link href={CENTRAL_PATHS.home} className="header-logo" aria-label="Central do Programa — Início">
          <img src={logoUrl} alt="" width={36} height={36} />
          <span className="header-brand">Central do Programa</span>
        </Link>
        <div className="central-account">
          <span className="user-name">{central?.Nome}</span>
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => {
              logout();
              navigate(PATHS.login, { replace: true });
            }}
          >
            Sair
          </button>
        </div>
      </header>
      <nav className="central-tabs" aria-label="Central do Programa">
        {CENTRAL_NAV.map((item) => (
          <NavLink key={item.to} item={item} className="central-tab" />
        ))}
      </nav>
      <main className="app-main central-main" id="conteudo">
        <OfflineNotice />
        {children}
      </main>
    </div>
  );
}
