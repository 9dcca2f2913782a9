// Searchable select (ARIA combobox + listbox): type to filter, arrows/Enter/Escape, a clear button, 'Nenhuma opção encontrada' (main thread).
import { useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { MSG } from "../../config/messages.pt-BR";

export interface SelectOption {
  value: string;
  label: string;
}

interface Props {
  label: string;
  options: SelectOption[];
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  disabled?: boolean;
  /** Id of an element describing an error, linked with aria-describedby. */
  errorId?: string;
}

// Accent- and case-insensitive, so "revisao" finds "REVISÃO".
const fold = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

export function SearchableSelect({ label, options, value, onChange, placeholder, disabled, errorId }: Props) {
  const id = useId();
  const listId = `${id}-list`;
  const input = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const selected = options.find((o) => o.value === value);
  const shown = useMemo(() => options.filter((o) => fold(o.label).includes(fold(query.trim()))), [options, query]);

  const choose = (o: SelectOption) => {
    onChange(o.value);
    setQuery("");
    setOpen(false);
  };
  const show = () => {
    setOpen(true);
    setActive(
      Math.max(
        0,
        shown.findIndex((o) => o.value === value),
      ),
    );
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      if (!open) return show();
      const step = e.key === "ArrowDown" ? 1 : -1;
      setActive((i) => (shown.length ? (i + step + shown.length) % shown.length : 0));
    } else if (e.key === "Enter" && open) {
      e.preventDefault();
      if (shown[active]) choose(shown[active]);
    } else if (e.key === "Escape" && open) {
      // Only the list closes; the surrounding modal stays open.
      e.preventDefault();
      e.stopPropagation();
      setOpen(false);
      setQuery("");
    }
  };

  return (
    <div className="searchable-select">
      <label htmlFor={id}>{label}</label>
      <div className="searchable-select-field">
        <input
          ref={input}
          id={id}
          type="text"
          role="combobox"
          autoComplete="off"
          disabled={disabled}
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-describedby={errorId}
          aria-activedescendant={open && shown[active] ? `${id}-opt-${active}` : undefined}
          placeholder={selected ? selected.label : (placeholder ?? MSG.select.search)}
          value={open ? query : (selected?.label ?? "")}
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(0);
            setOpen(true);
          }}
          onFocus={show}
          onClick={show}
          onBlur={() => {
            setOpen(false);
            setQuery("");
          }}
          onKeyDown={onKey}
        />
        {value && !disabled && (
          <button
            type="button"
            className="icon-button"
            aria-label={MSG.select.clear}
            onClick={() => {
              onChange("");
              setQuery("");
              input.current?.focus();
            }}
          >
            ×
          </button>
        )}
      </div>
      <ul id={listId} role="listbox" aria-label={label} className="searchable-select-list" hidden={!open || shown.length === 0}>
        {shown.map((o, i) => (
          <li
            key={o.value}
            id={`${id}-opt-${i}`}
            role="option"
            aria-selected={o.value === value}
            className={i === active ? "is-active" : undefined}
            // mousedown, not click: it runs before the input's blur closes the list.
            onMouseDown={(e) => {
              e.preventDefault();
              choose(o);
            }}
          >
            {o.label}
          </li>
        ))}
      </ul>
      {open && shown.length === 0 && (
        <p className="searchable-select-empty muted" role="status">
          {MSG.select.empty}
        </p>
      )}
    </div>
  );
}
