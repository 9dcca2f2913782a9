// A screen's period + status filters kept in the URL query (?inicio=&fim=&status=), so back/forward and reload keep them;
// default period: this month in Brasília (main thread). The agenda, the financial mirror and the central payments each pass
// their statuses (the payments also their point).
import { useLocation, useSearch } from "wouter";
import { monthRange, wallClock } from "../domain/dates";

export interface PeriodFilters<S extends string> {
  from: string;
  to: string;
  status: S;
}

const ISO = /^\d{4}-\d{2}-\d{2}$/;

/**
 * `extra` names further text filters and their query parameters (the central payments' point: `{ point: "ponto" }`); each is
 * "" when absent and left out of the URL while empty.
 */
export function periodFilters<S extends string, X extends string = never>(
  statuses: readonly S[],
  defaultStatus: S,
  extra: Readonly<Record<X, string>> = {} as Record<X, string>,
) {
  type Filters = PeriodFilters<S> & Record<X, string>;
  const extraParams = Object.entries(extra) as [X, string][];
  /** The month of today in Brasília, whatever the device's zone. */
  const defaults = (now: Date = new Date()): Filters => {
    const { first, last } = monthRange(wallClock(now).date);
    return { from: first, to: last, status: defaultStatus, ...Object.fromEntries(extraParams.map(([field]) => [field, ""])) } as Filters;
  };
  const parse = (search: string, now?: Date): Filters => {
    const q = new URLSearchParams(search);
    const d = defaults(now);
    const from = q.get("inicio") ?? "";
    const to = q.get("fim") ?? "";
    const status = q.get("status") as S | null;
    return {
      ...Object.fromEntries(extraParams.map(([field, param]) => [field, q.get(param) ?? ""])),
      from: ISO.test(from) ? from : d.from,
      to: ISO.test(to) ? to : d.to,
      status: status && statuses.includes(status) ? status : d.status,
    } as Filters;
  };
  const useFilters = (): [Filters, (next: Partial<Filters>) => void] => {
    const search = useSearch();
    const [location, navigate] = useLocation();
    const filters = parse(search);
    const update = (next: Partial<Filters>) => {
      const f: Filters = { ...filters, ...next };
      const q = new URLSearchParams([
        ...extraParams.filter(([field]) => f[field] !== "").map(([field, param]): [string, string] => [param, f[field]]),
        ["inicio", f.from],
        ["fim", f.to],
        ["status", f.status],
      ]);
      // A new history entry per change: back returns to the previous filters.
      navigate(`${location}?${q.toString()}`, { replace: false });
    };
    return [filters, update];
  };
  return { defaults, parse, useFilters };
}
