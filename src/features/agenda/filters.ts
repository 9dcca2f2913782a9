// The agenda's filters kept in the URL query (`?dia=hoje|amanha|semana|atrasadas`, or `?inicio=&fim=` for a custom period, and
// `?status=`), so back/forward and reload keep them; with none, today in Brasília (main thread).
import { useLocation, useSearch } from "wouter";
import type { AgendaFilter } from "../../domain/agenda-status";
import { wallClock } from "../../domain/dates";
import { agendaSearch, changeFilters, parseAgendaFilters, type AgendaFilters, type DayView } from "./agenda-view";

export type { AgendaFilters } from "./agenda-view";
export type FilterChange = { day?: DayView; from?: string; to?: string; status?: AgendaFilter };

export function useAgendaFilters(): [AgendaFilters, (next: FilterChange) => void] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const today = wallClock().date;
  const filters = parseAgendaFilters(search, today);
  const update = (next: FilterChange) => {
    // A new history entry per change: back returns to the previous filters.
    navigate(`${location}?${agendaSearch(changeFilters(filters, next, today))}`, { replace: false });
  };
  return [filters, update];
}
