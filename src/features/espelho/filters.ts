// Mirror filters kept in the URL query (?inicio=&fim=&status=), so back/forward and reload keep them; defaults: this month in
// Brasília, PENDENTE (main thread).
import { useLocation, useSearch } from "wouter";
import { monthRange, wallClock } from "../../domain/dates";
import { STATUS_FILTERS, type MirrorStatusFilter } from "./mirror";

export interface MirrorFilters { from: string; to: string; status: MirrorStatusFilter }

const ISO = /^\d{4}-\d{2}-\d{2}$/;

export function defaultMirrorFilters(now: Date = new Date()): MirrorFilters {
  const { first, last } = monthRange(wallClock(now).date);
  return { from: first, to: last, status: "PENDENTE" };
}

export function parseMirrorFilters(search: string, now?: Date): MirrorFilters {
  const q = new URLSearchParams(search);
  const d = defaultMirrorFilters(now);
  const from = q.get("inicio") ?? "";
  const to = q.get("fim") ?? "";
  const status = q.get("status") as MirrorStatusFilter | null;
  return {
    from: ISO.test(from) ? from : d.from,
    to: ISO.test(to) ? to : d.to,
    status: status && STATUS_FILTERS.includes(status) ? status : d.status,
  };
}

export function useMirrorFilters(): [MirrorFilters, (next: Partial<MirrorFilters>) => void] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const filters = parseMirrorFilters(search);
  const update = (next: Partial<MirrorFilters>) => {
    const f = { ...filters, ...next };
    navigate(`${location}?${new URLSearchParams({ inicio: f.from, fim: f.to, status: f.status }).toString()}`, { replace: false });
  };
  return [filters, update];
}
