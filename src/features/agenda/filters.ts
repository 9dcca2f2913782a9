// Agenda filters kept in the URL query (?inicio=&fim=&status=), so back/forward and reload keep them; defaults: this month, PENDENTES (main thread).
import type { AgendaFilter } from "../../domain/agenda-status";
import { periodFilters, type PeriodFilters } from "../../lib/period-filters";

export const STATUS_FILTERS: AgendaFilter[] = ["TODOS", "EM ANDAMENTO", "PENDENTES", "CONCLUÍDO"];
export type AgendaFilters = PeriodFilters<AgendaFilter>;

export const { useFilters: useAgendaFilters } = periodFilters(STATUS_FILTERS, "PENDENTES");
