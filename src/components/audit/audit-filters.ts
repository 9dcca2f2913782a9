// The record of changes' filters, kept in the URL query (?entidade=&ponto=&pagina=) so back/forward and reload keep them
// (main thread). The bar that edits them is audit-filter-bar.tsx: the router reads these filters to fetch the page's data
// with its code, and the bar stays out of the app's first chunk.
import { useLocation, useSearch } from "wouter";
import { isAuditEntity, type AuditEntity } from "../../lib/audit-log";

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
