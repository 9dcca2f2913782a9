// Mobile drawer 'Menu Principal' (Equipe, Registro de alterações and Dados Bancários for administrators only): closes on Escape,
// overlay, close button or navigation; locks page scroll while open (main thread).
import { Icon, xIcon } from "../../components/ui/icon";
import { useEffect, useLayoutEffect, useRef } from "react";
import { useLocation } from "wouter";
import { useSession } from "../../features/session/use-session";
import { DRAWER_GROUPS, visibleItems } from "./nav";
import { NavLink } from "./nav-link";

export function Drawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [location] = useLocation();
  const closeRef = useRef<HTMLButtonElement>(null);
  const openedAt = useRef(location);
  const admin = useSession().user?.Administrativo === "S";

  // Layout effect: the page is scrollable again in the same commit that removes the drawer.
  useLayoutEffect(() => {
    if (open) openedAt.current = location;
    else return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && onClose();
    document.addEventListener("keydown", onKey);
    const previous = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    closeRef.current?.focus();
    return () => {
      document.removeEventListener("keydown", onKey);
      document.body.style.overflow = previous;
    };
  }, [open]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (open && location !== openedAt.current) onClose();
  }, [location, open, onClose]);

  if (!open) return null;
  return (
    <div className="drawer-root">
      <div className="drawer-overlay" data-testid="drawer-overlay" onClick={onClose} aria-hidden="true" />
      <aside className="drawer" role="dialog" aria-modal="true" aria-labelledby="drawer-title">
        <div className="drawer-head">
          <h2 id="drawer-title">Menu Principal</h2>
          <button ref={closeRef} type="button" className="icon-button" aria-label="Fechar menu" onClick={onClose}>
            <Icon icon={xIcon} size={20} />
          </button>
        </div>
        {DRAWER_GROUPS.map((group) => (
          <section key={group.id} className="nav-group">
            <h3 className="drawer-group-title">{group.label}</h3>
            <ul className="nav-list">
              {visibleItems(group.items, admin).map((item) => (
                <li key={item.to}>
                  <NavLink item={item} className="nav-item" onNavigate={onClose} />
                </li>
              ))}
            </ul>
          </section>
        ))}
      </aside>
    </div>
  );
}
