// The bar that edits the record of changes' filters (audit-filters.ts): the kind of change, and for the central the point
// (main thread).
import { MSG } from "../../config/messages.pt-BR";
import { AUDIT_ENTITIES } from "../../lib/audit-log";
import type { AuditFilters } from "./audit-filters";

const M = MSG.audit;

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
