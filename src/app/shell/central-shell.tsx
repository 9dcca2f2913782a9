// Layout for the program's central staff (/central/...): header with the console's name, the user and Sair, and the
// console's six sections as tabs (one row that scrolls sideways on a phone, icons above labels there, the current tab kept in
// view; side by side from 600 px) (main thread).
import { useLayoutEffect, useRef, type ReactNode } from "react";
import { Link, useLocation } from "wouter";
import { MSG } from "../../config/messages.pt-BR";
import { CENTRAL_PATHS, PATHS } from "../../config/paths";
import { logout } from "../../features/session/store";
import { useSession } from "../../features/session/use-session";
import { OfflineNotice } from "../offline-notice";
import { NavLink } from "./nav-link";
import { CENTRAL_NAV } from "./nav";
import logoUrl from "../../assets/logo.svg";

export function CentralShell({ children }: { children: ReactNode }) {
  const { central } = useSession();
  const [location, navigate] = useLocation();
  const tabs = useRef<HTMLElement>(null);
  // On a phone the row is wider than the screen: the current section's tab is scrolled into the row's view (with a margin, so
  // the neighbour peeks), at the commit, so it never shows cut. The row's own scroll only: scrollIntoView would also move the page.
  useLayoutEffect(() => {
    const row = tabs.current;
    const current = row?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!row || !current || row.scrollWidth <= row.clientWidth) return;
    const margin = 24;
    const left = current.offsetLeft - row.offsetLeft;
    const right = left + current.offsetWidth;
    if (left - margin < row.scrollLeft) row.scrollLeft = Math.max(0, left - margin);
    else if (right + margin > row.scrollLeft + row.clientWidth) row.scrollLeft = right + margin - row.clientWidth;
  }, [location]);
  return (
    <div className="app-shell central-shell">
      <header className="app-header">
        <Link href={CENTRAL_PATHS.home} className="header-logo" aria-label="Central do Programa — Início">
          <img src={logoUrl} alt="" width={36} height={36} />
          <span className="header-brand">Central do Programa</span>
        </Link>
        <div className="central-account">
          <span className="user-name">
            {central?.Nome}
            {central?.Papel && <span className="central-role"> · {MSG.centralRoles[central.Papel]}</span>}
          </span>
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
      <nav ref={tabs} className="central-tabs" aria-label="Central do Programa">
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
