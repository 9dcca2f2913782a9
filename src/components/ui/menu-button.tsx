// Menu button (WAI-ARIA APG "menu button" pattern): Enter/Space/ArrowDown open on the first item, ArrowUp on the last;
// arrows, Home and End move; Escape closes and returns focus to the button; Tab or a click outside closes (main thread).
// Hand-written: the app has no headless-UI dependency and this is the one menu it needs (~80 lines, no styling opinions).
import { Icon, chevronDownIcon } from "./icon";
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";

export interface MenuItem {
  id: string;
  label: string;
  onSelect: () => void;
  danger?: boolean;
}

export function MenuButton({ label, items, className }: { label: string; items: readonly MenuItem[]; className?: string }) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const menuId = useId();

  // Focus moves in the commit that opens the menu or changes its active item (layout effect: at once, not a frame later).
  useLayoutEffect(() => {
    if (open) itemRefs.current[active]?.focus();
  }, [open, active]);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onDown);
    return () => document.removeEventListener("pointerdown", onDown);
  }, [open]);

  const openAt = (index: number) => {
    setActive((index + items.length) % items.length);
    setOpen(true);
  };
  const close = (focusButton: boolean) => {
    setOpen(false);
    if (focusButton) button.current?.focus();
  };
  const onButtonKey = (e: KeyboardEvent) => {
    if (e.key === "ArrowDown" || e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      openAt(0);
    } else if (e.key === "ArrowUp") {
      e.preventDefault();
      openAt(items.length - 1);
    }
  };
  const onMenuKey = (e: KeyboardEvent) => {
    const moves: Record<string, number> = { ArrowDown: active + 1, ArrowUp: active - 1, Home: 0, End: items.length - 1 };
    if (e.key in moves) {
      e.preventDefault();
      setActive((moves[e.key]! + items.length) % items.length);
    } else if (e.key === "Escape") {
      e.preventDefault();
      e.stopPropagation();
      close(true);
    } else if (e.key === "Tab") setOpen(false);
  };
  if (items.length === 0) return null;
  return (
    <div className={`menu-button ${className ?? ""}`} ref={root}>
      <button
        ref={button}
        type="button"
        className="btn"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={onButtonKey}
      >
        {label} <Icon icon={chevronDownIcon} size={16} />
      </button>
      {open && (
        <div id={menuId} role="menu" aria-label={label} className="dropdown menu-list" onKeyDown={onMenuKey}>
          {items.map((item, i) => (
            <button
              key={item.id}
              ref={(el) => void (itemRefs.current[i] = el)}
              type="button"
              role="menuitem"
              tabIndex={i === active ? 0 : -1}
              className={`dropdown-item${item.danger ? " danger" : ""}`}
              onClick={() => {
                close(true);
                item.onSelect();
              }}
            >
              {item.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
