// A screen's period + status filters kept in the URL query (?inicio=&fim=&status=), so back/forward and reload keep them;
// default period: this month in Brasília (main thread). The agenda and the financial mirror each pass their statuses.
import { useLocation, useSearch } from "wouter";
import { monthRange, wallClock } from "../domain/dates";

export interface PeriodFilters<S extends string> {
  from: string;
  to: string;
  status: S;
}

const ISO = /^\d{4}-\d{2}-\d{2}$/;

export function periodFilters<S extends string>(statuses: readonly S[], defaultStatus: S) {
  /** The month of today in Brasília, whatever the device's zone. */
  const defaults = (now: Date = new Date()): PeriodFilters<S> => {
    const { first, last } = monthRange(wallClock(now).date);
    return { from: first, to: last, status: defaultStatus };
  };
  const parse = (search: string, now?: Date): PeriodFilters<S> => {
    const q = new URLSearchParams(search);
    const d = defaults(now);
    const from = q.get("inicio") ?? "";
    const to = q.get("fim") ?? "";
    const status = q.get("status") as S | null;
    return {
      from: ISO.test(from) ? from : d.from,
      to: ISO.test(to) ? to : d.to,
      status: status && statuses.includes(status) ? status : d.status,
    };
  };
  const useFilters = (): [PeriodFilters<S>, (next: Partial<PeriodFilters<S>>) => void] => {
    const search = useSearch();
    const [location, navigate] = useLocation();
    const filters = parse(search);
    const update = (next: Partial<PeriodFilters<S>>) => {
      const f = { ...filters, ...next };
      const q = new URLSearchParams({ inicio: f.from, fim: f.to, status: f.status });
      // A new history entry per change: back returns to the previous filters.
      navigate(`${location}?${q.toString()}`, { replace: false });
    };
    return [filters, update];
  };
  return { defaults, parse, useFilters };
}
