// Mirror filters kept in the URL query (?inicio=&fim=&status=), so back/forward and reload keep them; defaults: this month in
// Brasília, PENDENTE (main thread).
import { periodFilters, type PeriodFilters } from "../../lib/period-filters";
import { STATUS_FILTERS, type MirrorStatusFilter } from "./status";

export type MirrorFilters = PeriodFilters<MirrorStatusFilter>;

export const { useFilters: useMirrorFilters } = periodFilters(STATUS_FILTERS, "PENDENTE");
