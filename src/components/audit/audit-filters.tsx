// The record of changes' filters, kept in the URL query (?entidade=&ponto=&pagina=) so back/forward and reload keep them, and
// the bar that edits them: the kind of change, and for the central the point (main thread).
import { useLocation, useSearch } from "wouter";
import { MSG } from "../../config/messages.pt-BR";
import { AUDIT_ENTITIES, isAuditEntity, type AuditEntity } from "../../lib/audit-log";

const M = MSG.audit;

export interface AuditFilters {
  entity: AuditEntity | "";
  /** The central's point filter ("" for every point). */
  point: string;
  page: number;
}

export function parseAuditFilters(search: string): AuditFilters {
  const q = new URLSearchParams(search);
  const entity = q.get("entidade");
  const page = Number(q.get("pagina"));
  return {
    entity: isAuditEntity(entity) ? entity : "",
    point: q.get("ponto") ?? "",
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** A change of the kind or the point starts again on page 1; each change is a history entry (back returns to it). */
export function useAuditFilters(): [AuditFilters, (next: Partial<AuditFilters>) => void] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const filters = parseAuditFilters(search);
  const update = (next: Partial<AuditFilters>) => {
    const f = { ...filters, page: 1, ...next };
    const q = new URLSearchParams();
    if (f.point) q.set("ponto", f.point);
    if (f.entity) q.set("entidade", f.entity);
    if (f.page > 1) q.set("pagina", String(f.page));
    const query = q.toString();
    navigate(query ? `${location}?${query}` : location);
  };
  return [filters, update];
}

export interface PointOption {
  id: string;
  name: string;
}

interface Props {
  filters: AuditFilters;
  onChange: (next: Partial<AuditFilters>) => void;
  /** The central's points; absent on a point's own screen (no point filter there). `pending` while they load. */
  points?: { list: readonly PointOption[]; pending: boolean };
}

export function AuditFilterBar({ filters, onChange, points }: Props) {
  return (
    <form className="filter-bar audit-filters card" role="search" aria-label={M.filters} onSubmit={(e) => e.preventDefault()}>
      {points && (
        <div className="filter-wide">
          <label htmlFor="auditoria-ponto">{M.point}</label>
          <select id="auditoria-ponto" value={filters.point} onChange={(e) => onChange({ point: e.target.value })}>
            <option value="">{M.allPoints}</option>
            {/* Kept by its id while the points load (or if their call failed). */}
            {filters.point && !points.list.some((p) => p.id === filters.point) && (
              <option value={filters.point}>{points.pending ? M.loadingPoints : M.chosenPoint}</option>
            )}
            {points.list.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="filter-wide">
        <label htmlFor="auditoria-entidade">{M.entity}</label>
        <select
          id="auditoria-entidade"
          value={filters.entity}
          onChange={(e) => onChange({ entity: e.target.value as AuditFilters["entity"] })}
        >
          <option value="">{M.all}</option>
          {AUDIT_ENTITIES.map((entity) => (
            <option key={entity} value={entity}>
              {M.entities[entity]}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}
