// A navigation link that marks itself current (Agenda also for OS execution pages) (main thread).
import { Link, useLocation } from "wouter";
import { Icon } from "../../components/ui/icon";
import { isAgendaPath, PATHS } from "../../config/paths";
import type { NavItem } from "./nav";

export function isActive(item: NavItem, location: string) {
  return item.to === PATHS.agenda ? isAgendaPath(location) : location === item.to || location.startsWith(`${item.to}/`);
}

export function NavLink({ item, className, onNavigate }: { item: NavItem; className: string; onNavigate?: () => void }) {
  const [location] = useLocation();
  const active = isActive(item, location);
  return (
    <Link
      href={item.to}
      className={`${className}${active ? " active" : ""}`}
      aria-current={active ? "page" : undefined}
      onClick={onNavigate}
    >
      <span className="nav-icon">
        <Icon icon={item.icon} />
      </span>
      <span className="nav-label">{item.label}</span>
    </Link>
  );
}
