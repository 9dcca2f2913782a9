// Top header for a signed-in user: logo, avatar with fallback, name and the account dropdown (Dados Cadastrais for administrators
// only) (main thread).
import { Icon, chevronDownIcon } from "../../components/ui/icon";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Link, useLocation } from "wouter";
import { PATHS } from "../../config/paths";
import { fileUrl } from "../../lib/api-client";
import { logout } from "../../features/session/store";
import { useSession } from "../../features/session/use-session";
import { NotificationBell } from "../../features/notificacoes/components/notification-bell";
import logoUrl from "../../assets/logo.svg";
import defaultAvatarUrl from "../../assets/default-avatar.svg";

// 'Instalar o app' (shown only where the app can be installed) loads with the menu's first opening, out of the entry chunk.
const InstallMenuItem = lazy(() => import("../pwa/install-menu-item"));

function Avatar({ src }: { src: string | null | undefined }) {
  const [failed, setFailed] = useState(false);
  const url = src && !failed ? (/^(https?:|\/)/.test(src) ? src : fileUrl(src)) : defaultAvatarUrl;
  return <img className="avatar" src={url} alt="" width={36} height={36} onError={() => setFailed(true)} />;
}

export function Header() {
  const { user } = useSession();
  const [, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    // A dialog opened from the menu (the iPhone install how-to, portalled to the body) is not "outside": the menu stays under it.
    const onDown = (e: PointerEvent) => {
      const target = e.target as Element;
      if (!menuRef.current?.contains(target) && !target.closest?.("dialog[open]")) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setOpen(false);
    document.addEventListener("pointerdown", onDown);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onDown);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  if (!user) return null;
  return (
    <header className="app-header">
      <Link href={PATHS.agenda} className="header-logo" aria-label="Portal do Credenciado — Início">
        <img src={logoUrl} alt="" width={36} height={36} />
        <span className="header-brand">Portal do Credenciado</span>
      </Link>
      <div className="header-actions">
        <NotificationBell userId={user.IdPontoAtendimentoUsuario} />
        <div className="user-menu" ref={menuRef}>
          <button type="button" className="user-menu-button" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen((v) => !v)}>
            <Avatar src={user.Logotipo} />
            <span className="user-name">{user.Nome}</span>
            <Icon icon={chevronDownIcon} size={16} />
          </button>
          {open && (
            <div className="dropdown" role="menu" aria-label="Conta">
              <div className="dropdown-identity">
                <strong>{user.Nome}</strong>
                <span className="muted">{user.Email}</span>
              </div>
              {/* The registration is changed by the point's administrators only (the screen says so to anyone else). */}
              {user.Administrativo === "S" && (
                <Link href={PATHS.registration} role="menuitem" className="dropdown-item" onClick={() => setOpen(false)}>
                  Dados Cadastrais
                </Link>
              )}
              <Suspense fallback={null}>
                <InstallMenuItem onDone={() => setOpen(false)} />
              </Suspense>
              <button
                type="button"
                role="menuitem"
                className="dropdown-item"
                onClick={() => {
                  setOpen(false);
                  logout();
                  navigate(PATHS.login, { replace: true });
                }}
              >
                Sair
              </button>
            </div>
          )}
        </div>
      </div>
    </header>
  );
}
