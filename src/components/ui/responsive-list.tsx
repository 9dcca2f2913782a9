// One list of rows in two layouts from one column definition: cards with labelled fields on phones, a table from 1024 px;
// only the layout the screen shows is rendered (main thread).
import { Fragment, useDeferredValue, useSyncExternalStore, type ReactNode } from "react";

/** The width from which lists are tables; the same breakpoint as the stylesheet's `@media (min-width: 1024px)`. */
export const TABLE_MEDIA = "(min-width: 1024px)";

/** One MediaQueryList for every list: matchMedia parses and evaluates a new one at each call, and the snapshot is read at every
 * render of every list; this one's `matches` follows the window. (Issue 52's profile found matchMedia costly at start; that
 * profile was the scanner's, which has no list, so this saving was not measured on its own.) */
let tableQuery: MediaQueryList | undefined;
const tableMedia = () => (tableQuery ??= window.matchMedia(TABLE_MEDIA));

function subscribeTableMedia(onChange: () => void) {
  const query = tableMedia();
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}
/**
 * Whether lists show as tables now (a rotated tablet or a resized window switches). One layout in the DOM, not both with one
 * hidden by CSS: half the elements to build on every poll, which a cheap phone feels on a long agenda.
 */
export function useTableLayout(): boolean {
  return useSyncExternalStore(subscribeTableMedia, () => tableMedia().matches);
}

/**
 * Where a column goes in the phone card:
 * - "title": the card's heading;
 * - "meta": beside the heading, without a label (status badges, the NOVO tag);
 * - "field": a `<dt>`/`<dd>` pair of the card's `<dl>`, labelled by the column's header (the default);
 * - "plain": on its own, without a label, for values that name themselves (a file name, a date) in small item cards;
 * - "hidden": table only.
 * A card reads: head (title and meta), plain values, the fields, then the actions; each part in column order.
 */
export type CardPlace = "title" | "meta" | "field" | "plain" | "hidden";

export interface Column<T> {
  id: string;
  /** The table's column header and the card field's label. */
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** The card's reading where it differs from the table's ('OS #12' as a title, date and time in one field). A card value of
   * null, undefined or false leaves the column out of that row's card. */
  cardCell?: (row: T) => ReactNode;
  card?: CardPlace;
  /** false: card only. */
  table?: boolean;
  /** Class of the table cell and of the card's `<dd>`. */
  className?: string;
}

export interface ResponsiveListProps<T> {
  rows: readonly T[];
  columns: readonly Column<T>[];
  rowKey: (row: T) => string;
  /** The list's style names: each name `x` gives the classes `x-cards` (the list), `x-card` (each card), `x-card-head`,
   * `x-card-title`, `x-card-fields` and `x-table`, so a list can reuse another's styles and add its own. */
  name: string | readonly string[];
  /** Replaces the card's class (`card x-card`) for items that are not framed as cards of their own. */
  itemClass?: string;
  /** Accessible name of the card list and the table (its caption, read by screen readers only). */
  label?: string;
  /** The card title's heading level: 3 where the list sits inside a section headed by an h2. */
  titleLevel?: 2 | 3;
  /** Extra class of a row in both layouts ('is-new', 'is-selected'). */
  rowClass?: (row: T) => string | undefined;
  /** data-* attributes of a row in both layouts: `{ id: 3 }` gives `data-id="3"`. */
  rowData?: (row: T) => Record<string, string | number>;
  /** The row's buttons or links: the card's last part and the table's last column, once per row in each layout. */
  actions?: (row: T) => ReactNode;
  /** The actions column's header. */
  actionsHeader?: ReactNode;
}

const shown = (value: ReactNode) => value !== null && value !== undefined && value !== false;
const dataAttributes = (data: Record<string, string | number> | undefined) =>
  Object.fromEntries(Object.entries(data ?? {}).map(([k, v]) => [`data-${k}`, v]));
const joined = (...parts: (string | undefined | false)[]) => parts.filter(Boolean).join(" ");

/**
 * Rows drawn in the list's first pass: a screenful on a phone. The rest follow in a deferred pass, which React renders in slices
 * a tap can interrupt, so a month of rows does not hold a low-tier phone for one long task before anything shows (issue 37).
 */
export const FIRST_PASS_ROWS = 8;

export function ResponsiveList<T>(props: ResponsiveListProps<T>) {
  const { columns, rowKey, label, rowClass, rowData, actions, actionsHeader } = props;
  const count = useDeferredValue(props.rows.length, Math.min(props.rows.length, FIRST_PASS_ROWS));
  const rows = count >= props.rows.length ? props.rows : props.rows.slice(0, count);
  const names = typeof props.name === "string" ? [props.name] : props.name;
  const cls = (suffix: string) => names.map((n) => `${n}${suffix}`).join(" ");
  const tableColumns = columns.filter((c) => c.table !== false);
  const Title = props.titleLevel === 3 ? "h3" : "h2";
  const asTable = useTableLayout();

  // A plain function, not a component: a component declared here would be new on every render, so React would remount
  // every card (and lose the focus on its buttons) each time the list re-renders, e.g. at every agenda poll.
  function card(row: T) {
    const placed = (place: CardPlace) =>
      columns
        .filter((c) => (c.card ?? "field") === place)
        .map((c) => ({ c, value: (c.cardCell ?? c.cell)(row) }))
        .filter(({ value }) => shown(value));
    const [title] = placed("title");
    const meta = placed("meta");
    const fields = placed("field");
    const action = actions?.(row);
    return (
      <li
        key={rowKey(row)}
        className={joined(props.itemClass ?? `card ${cls("-card")}`, rowClass?.(row))}
        {...dataAttributes(rowData?.(row))}
      >
        {(title || meta.length > 0) && (
          <div className={cls("-card-head")}>
            {title && <Title className={cls("-card-title")}>{title.value}</Title>}
            {meta.map(({ c, value }) => (
              <Fragment key={c.id}>{value}</Fragment>
            ))}
          </div>
        )}
        {placed("plain").map(({ c, value }) => (
          <Fragment key={c.id}>{value}</Fragment>
        ))}
        {fields.length > 0 && (
          <dl className={cls("-card-fields")}>
            {fields.map(({ c, value }) => (
              <Fragment key={c.id}>
                <dt>{c.header}</dt>
                <dd className={c.className}>{value}</dd>
              </Fragment>
            ))}
          </dl>
        )}
        {shown(action) && action}
      </li>
    );
  }

  if (!asTable) {
    return (
      <ul className={joined("responsive-list-cards", cls("-cards"))} aria-label={label}>
        {rows.map((row) => card(row))}
      </ul>
    );
  }
  return (
    <table className={joined("responsive-list-table", cls("-table"))}>
      {label && <caption className="sr-only">{label}</caption>}
      <thead>
        <tr>
          {tableColumns.map((c) => (
            <th key={c.id} scope="col">
              {c.header}
            </th>
          ))}
          {actions && <th scope="col">{actionsHeader}</th>}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)} className={rowClass?.(row)} {...dataAttributes(rowData?.(row))}>
            {tableColumns.map((c) => (
              <td key={c.id} className={c.className}>
                {c.cell(row)}
              </td>
            ))}
            {actions && <td>{actions(row)}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
