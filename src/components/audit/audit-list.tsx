// The record of changes drawn one way for the point's screen and the central's (components, not a feature, since both features
// show it): a ResponsiveList of entries (cards on phones, a table from 1024 px), each with its date and time in Brasília, its
// author, what changed in the server's words and every field's change; and the same entries as a short list for dialogs
// (main thread).
import { ResponsiveList, type Column } from "../ui/responsive-list";
import { MSG } from "../../config/messages.pt-BR";
import { dateTimeText } from "../../lib/br-format";
import type { AuditChange, AuditEntry } from "../../lib/audit-log";
import "./audit.css";

const M = MSG.audit;

/** 'Chave PIX: ••••0181 → ••••1234' (the arrow read as 'para'); a created field shows its value, a removed one its old value. */
function Change({ change: c }: { change: AuditChange }) {
  return (
    <li>
      <span className="audit-field">{c.Campo}:</span>{" "}
      {c.Antes === null ? (
        <>
          <span className="audit-after">{c.Depois}</span> <span className="audit-note">({M.created})</span>
        </>
      ) : c.Depois === null ? (
        <>
          <del className="audit-before">{c.Antes}</del> <span className="audit-note">({M.removed})</span>
        </>
      ) : (
        <>
          <span className="sr-only">{M.from} </span>
          <span className="audit-before">{c.Antes}</span>{" "}
          <span aria-hidden="true" className="audit-arrow">
            →
          </span>
          <span className="sr-only"> {M.to}</span> <span className="audit-after">{c.Depois}</span>
        </>
      )}
    </li>
  );
}

export function AuditChanges({ changes }: { changes: readonly AuditChange[] }) {
  if (changes.length === 0) return <span className="muted">{M.noFieldChanges}</span>;
  return (
    <ul className="audit-changes">
      {changes.map((c, i) => (
        <Change key={`${c.Campo}-${i}`} change={c} />
      ))}
    </ul>
  );
}

export const AuditWhen = ({ entry }: { entry: AuditEntry }) => (
  <time dateTime={entry.DataHora}>{dateTimeText(entry.DataHora) ?? entry.DataHora}</time>
);

/** The author's name, and 'Central' / 'Sistema' beside it when the change did not come from a user of the point. */
export function AuditAuthor({ entry }: { entry: AuditEntry }) {
  const kind = M.authorKind[entry.TipoAutor];
  return (
    <span className="audit-author">
      {entry.Autor}
      {kind && (
        <>
          {" "}
          <span className="status-badge status-active">{kind}</span>
        </>
      )}
    </span>
  );
}

export const AuditEntityBadge = ({ entry }: { entry: AuditEntry }) => (
  <span className={`status-badge audit-entity audit-entity-${entry.Entidade}`}>{M.entityBadge[entry.Entidade] ?? entry.Entidade}</span>
);

const WHEN: Column<AuditEntry> = {
  id: "when",
  header: M.cols.when,
  cell: (e) => <AuditWhen entry={e} />,
  // On a phone the date and the author share one line under the summary.
  cardCell: (e) => (
    <p className="audit-card-by">
      <AuditWhen entry={e} /> · <AuditAuthor entry={e} />
    </p>
  ),
  card: "plain",
  className: "audit-nowrap",
};
const POINT: Column<AuditEntry> = { id: "point", header: M.cols.point, cell: (e) => e.NomeFantasia ?? "—" };
const TAIL: Column<AuditEntry>[] = [
  { id: "author", header: M.cols.author, cell: (e) => <AuditAuthor entry={e} />, card: "hidden" },
  { id: "entity", header: M.cols.what, cell: (e) => <AuditEntityBadge entry={e} />, card: "meta", table: false },
  {
    id: "what",
    header: M.cols.what,
    cell: (e) => (
      <>
        <AuditEntityBadge entry={e} /> <span className="audit-summary">{e.Resumo}</span>
      </>
    ),
    cardCell: (e) => e.Resumo,
    card: "title",
  },
  { id: "changes", header: M.cols.changes, cell: (e) => <AuditChanges changes={e.Alteracoes} /> },
];
// Built once at module level: the columns need no props.
const POINT_COLUMNS: readonly Column<AuditEntry>[] = [WHEN, ...TAIL];
const CENTRAL_COLUMNS: readonly Column<AuditEntry>[] = [WHEN, POINT, ...TAIL];

interface Props {
  rows: readonly AuditEntry[];
  /** The central's record: each entry names its point. */
  showPoint?: boolean;
}

export function AuditList({ rows, showPoint = false }: Props) {
  return (
    <ResponsiveList
      name={["bank", "audit"]}
      label={M.list}
      rows={rows}
      columns={showPoint ? CENTRAL_COLUMNS : POINT_COLUMNS}
      rowKey={(e) => String(e.Id)}
      rowData={(e) => ({ id: e.Id })}
    />
  );
}

/** The entries as a short list inside a dialog, where a table would not fit: summary, date, author and the fields. */
export function AuditTimeline({ rows, label }: { rows: readonly AuditEntry[]; label: string }) {
  return (
    <ol className="stack-list audit-timeline" aria-label={label}>
      {rows.map((e) => (
        <li key={e.Id} className="audit-timeline-item" data-id={e.Id}>
          <p className="audit-timeline-head">
            <AuditEntityBadge entry={e} /> <span className="audit-summary">{e.Resumo}</span>
          </p>
          <p className="audit-card-by">
            <AuditWhen entry={e} /> · <AuditAuthor entry={e} />
          </p>
          <AuditChanges changes={e.Alteracoes} />
        </li>
      ))}
    </ol>
  );
}
