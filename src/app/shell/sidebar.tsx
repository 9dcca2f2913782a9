// Desktop sidebar: logo, Agenda, Avaliações and three independently collapsible groups; Equipe, Registro de alterações and Dados
// Bancários for administrators only (main thread).
import { Icon, chevronDownIcon, chevronRightIcon } from "../../components/ui/icon";
import { useState } from "react";
import { Link } from "wouter";
import { PATHS } from "../../config/paths";
import { useSession } from "../../features/session/use-session";
import { SIDEBAR_GROUPS, SIDEBAR_TOP, visibleItems } from "./nav";
import { NavLink } from "./nav-link";
import logoUrl from "../../assets/logo.svg";

export function Sidebar() {
  const [open, setOpen] = useState<Record<string, boolean>>({ operacoes: true, financeiro: true, informacoes: true });
  const admin = useSession().user?.Administrativo === "S";
  return (
    <nav className="sidebar" aria-label="Menu lateral">
      <Link href={PATHS.agenda} className="sidebar-logo" aria-label="Início">
        <img src={logoUrl} alt="" width={40} height={40} />
      </Link>
      <ul className="nav-list">
        {SIDEBAR_TOP.map((item) => (
          <li key={item.to}>
            <NavLink item={item} className="nav-item" />
          </li>
        ))}
      </ul>
      {SIDEBAR_GROUPS.map((group) => (
        <section key={group.id} className="nav-group">
          <button
            type="button"
            className="nav-group-toggle"
            aria-expanded={open[group.id]}
            aria-controls={`sidebar-${group.id}`}
            onClick={() => setOpen((o) => ({ ...o, [group.id]: !o[group.id] }))}
          >
            {group.label}
            {open[group.id] ? <Icon icon={chevronDownIcon} size={16} /> : <Icon icon={chevronRightIcon} size={16} />}
          </button>
          <ul id={`sidebar-${group.id}`} className="nav-list" hidden={!open[group.id]}>
            {visibleItems(group.items, admin).map((item) => (
              <li key={item.to}>
                <NavLink item={item} className="nav-item" />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}
