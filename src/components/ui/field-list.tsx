// A read-only list of labelled values as one <dl> (the view modals, the registration and OS cards): each row a <dt> and its
// <dd>; an empty value (null, undefined, false, or text of nothing but spaces) shows the screen's `empty` text (main thread).
import { Fragment, type ReactNode } from "react";

export interface FieldRow {
  label: string;
  value: ReactNode;
  /** On the <dd> (e.g. 'returns-description'). */
  className?: string;
}

interface Props {
  /** A false, null or undefined row is left out (a field shown only in some cases). */
  rows: readonly (FieldRow | false | null | undefined)[];
  /** The <dl>'s style names: 'field-list' unless the screen has its own. */
  className?: string;
  /** What an empty value shows ('Não informado', '—'); without it the value renders as it is. */
  empty?: ReactNode;
  /** Each <dt>/<dd> pair inside its own <div> (the bank data view's grid rows). */
  grouped?: boolean;
}

const isEmpty = (value: ReactNode) =>
  value === null || value === undefined || value === false || (typeof value === "string" && value.trim() === "");

export function FieldList({ rows, className = "field-list", empty, grouped = false }: Props) {
  const Row = grouped ? "div" : Fragment;
  return (
    <dl className={className}>
      {rows.map(
        (row) =>
          row && (
            <Row key={row.label}>
              <dt>{row.label}</dt>
              <dd className={row.className}>{empty !== undefined && isEmpty(row.value) ? empty : row.value}</dd>
            </Row>
          ),
      )}
    </dl>
  );
}
