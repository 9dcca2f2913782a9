// Mobile bottom bar with five entries; Menu opens the drawer (main thread).
import { Icon, menuIcon } from "../../components/ui/icon";
import { BOTTOM_BAR } from "./nav";
import { NavLink } from "./nav-link";

export function BottomBar({ menuOpen, onMenu }: { menuOpen: boolean; onMenu: () => void }) {
  return (
    <nav className="bottom-bar" aria-label="Menu inferior">
      {BOTTOM_BAR.map((item) => (
        <NavLink key={item.to} item={item} className="bottom-item" />
      ))}
      <button type="button" className="bottom-item" aria-haspopup="dialog" aria-expanded={menuOpen} onClick={onMenu}>
        <span className="nav-icon">
          <Icon icon={menuIcon} />
        </span>
        <span className="nav-label">Menu</span>
      </button>
    </nav>
  );
}
