// One page of the record of changes with its states (QueryState: loading, error with retry, empty), the range shown
// ('Mostrando 1–20 de 45 alterações', announced), the entries and Anterior / Próxima; the page before stays on screen while
// the next one loads (main thread).
import type { QueryLike } from "../ui/query-state";
import { QueryState } from "../ui/query-state";
import { MSG } from "../../config/messages.pt-BR";
import { withReason } from "../../domain/format";
import { auditPageCount, type AuditPage } from "../../lib/audit-log";
import { AuditList } from "./audit-list";

const M = MSG.audit;

interface Props {
  query: QueryLike<AuditPage> & { isPlaceholderData: boolean; error: Error | null };
  /** Some filter is set: the empty text says so. */
  filtered: boolean;
  showPoint?: boolean;
  onPage: (page: number) => void;
}

export function AuditFeed({ query, filtered, showPoint = false, onPage }: Props) {
  return (
    <QueryState
      query={query}
      loading={M.loading}
      error={withReason(M.loadFailed, query.error?.message)}
      empty={filtered ? M.emptyFiltered : M.empty}
      isEmpty={(p) => p.total === 0}
    >
      {(p) => {
        const pages = auditPageCount(p);
        const first = (p.pagina - 1) * p.porPagina + 1;
        const busy = query.isPlaceholderData;
        return (
          <div className="audit-feed" aria-busy={busy || undefined}>
            <p className="muted audit-range" role="status">
              {p.data.length > 0 ? M.range(first, first + p.data.length - 1, p.total) : M.page(p.pagina, pages)}
            </p>
            {p.data.length > 0 && <AuditList rows={p.data} showPoint={showPoint} />}
            {pages > 1 && (
              <nav className="audit-pager" aria-label={M.pages}>
                <button
                  type="button"
                  className="btn"
                  disabled={busy || p.pagina <= 1}
                  onClick={() => onPage(Math.min(p.pagina - 1, pages))}
                >
                  {M.previous}
                </button>
                <span className="audit-page">{M.page(p.pagina, pages)}</span>
                <button type="button" className="btn" disabled={busy || p.pagina >= pages} onClick={() => onPage(p.pagina + 1)}>
                  {M.next}
                </button>
              </nav>
            )}
          </div>
        );
      }}
    </QueryState>
  );
}
