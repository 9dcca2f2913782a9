// Agenda filters kept in the URL query (?inicio=&fim=&status=), so back/forward and reload keep them; defaults: this month, PENDENTES (main thread).
import { useLocation, useSearch } from "wouter";
import type { AgendaFilter } from "../../domain/agenda-status";
import { monthRange, wallClock } from "../../domain/dates";

export const STATUS_FILTERS: AgendaFilter[] = ["TODOS", "EM ANDAMENTO", "PENDENTES", "CONCLUÍDO"];
export interface AgendaFilters { from: string; to: string; status: AgendaFilter }

const ISO = /^\d{4}-\d{2}-\d{2}$/;

/** The month of today in Brasília, whatever the device's zone. */
export function defaultFilters(now: Date = new Date()): AgendaFilters {
  const { first, last } = monthRange(wallClock(now).date);
  return { from: first, to: last, status: "PENDENTES" };
}

export function parseFilters(search: string, now?: Date): AgendaFilters {
  const q = new URLSearchParams(search);
  const d = defaultFilters(now);
  const from = q.get("inicio") ?? "";
  const to = q.get("fim") ?? "";
  const status = q.get("status") as AgendaFilter | null;
  return {
    from: ISO.test(from) ? from : d.from,
    to: ISO.test(to) ? to : d.to,
    status: status && STATUS_FILTERS.includes(status) ? status : d.status,
  };
}

export function useAgendaFilters(): [AgendaFilters, (next: Partial<AgendaFilters>) => void] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const filters = parseFilters(search);
  const update = (next: Partial<AgendaFilters>) => {
    const f = { ...filters, ...next };
    const q = new URLSearchParams({ inicio: f.from, fim: f.to, status: f.status });
    // A new history entry per change: back returns to the previous filters.
    navigate(`${location}?${q.toString()}`, { replace: false });
  };
  return [filters, update];
}
