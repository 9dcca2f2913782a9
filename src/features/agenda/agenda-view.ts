// The agenda's view as pure functions (main thread, testable in Node): which day chip or custom period the URL asks for, the
// range and statuses the list call needs for it, and the URL that holds it (the router reads them to fetch the agenda with its
// code; the order the rows are shown in is agenda-rows.ts, the page's).
import type { AgendaFilter } from "../../domain/agenda-status";
import { addDays, monthRange } from "../../domain/dates";

/** The quick views, as written in the URL (`?dia=`). */
export const DAY_VIEWS = ["hoje", "amanha", "semana", "atrasadas"] as const;
export type DayView = (typeof DAY_VIEWS)[number];
export const STATUS_FILTERS: readonly AgendaFilter[] = ["TODOS", "EM ANDAMENTO", "PENDENTES", "CONCLUÍDO"];
/** Every status shows unless the attendant narrows it: today's orders in progress must not hide behind PENDENTES. */
export const DEFAULT_STATUS: AgendaFilter = "TODOS";

export interface AgendaFilters {
  /** The quick view shown; null while a custom period (`?inicio=&fim=`) is shown. */
  day: DayView | null;
  /** yyyy-MM-dd, both ends included; "" = no lower bound (Atrasadas: every open order before today). */
  from: string;
  to: string;
  /** Only open orders (StatusAgendamento A): Atrasadas asks the server for them alone, not for the point's whole history. */
  openOnly: boolean;
  status: AgendaFilter;
}

const ISO = /^\d{4}-\d{2}-\d{2}$/;
const isDayView = (v: string | null): v is DayView => (DAY_VIEWS as readonly string[]).includes(v ?? "");

/** The range of a quick view around `today` (yyyy-MM-dd, Brasília). Semana: today and the six days after it. */
export function dayRange(day: DayView, today: string): { from: string; to: string; openOnly: boolean } {
  switch (day) {
    case "hoje":
      return { from: today, to: today, openOnly: false };
    case "amanha":
      return { from: addDays(today, 1), to: addDays(today, 1), openOnly: false };
    case "semana":
      return { from: today, to: addDays(today, 6), openOnly: false };
    case "atrasadas":
      return { from: "", to: addDays(today, -1), openOnly: true };
  }
}

/**
 * The filters of a URL query. `?dia=` names a quick view; otherwise `?inicio=`/`?fim=` a custom period (a missing or invalid end
 * falls back to the month of today, as before); with neither, today. `?status=` narrows any of them (default TODOS).
 */
export function parseAgendaFilters(search: string, today: string): AgendaFilters {
  const q = new URLSearchParams(search);
  const rawStatus = q.get("status");
  const status = STATUS_FILTERS.find((s) => s === rawStatus) ?? DEFAULT_STATUS;
  const dia = q.get("dia");
  const from = q.get("inicio") ?? "";
  const to = q.get("fim") ?? "";
  if (!isDayView(dia) && (ISO.test(from) || ISO.test(to))) {
    const month = monthRange(today);
    return { day: null, from: ISO.test(from) ? from : month.first, to: ISO.test(to) ? to : month.last, openOnly: false, status };
  }
  const day = isDayView(dia) ? dia : "hoje";
  return { day, ...dayRange(day, today), status };
}

/** The URL query of a set of filters: `dia=` for a quick view, `inicio=&fim=&status=` for a custom period (as before). */
export function agendaSearch(f: Pick<AgendaFilters, "day" | "from" | "to" | "status">): string {
  const q = new URLSearchParams();
  if (f.day) {
    q.set("dia", f.day);
    if (f.status !== DEFAULT_STATUS) q.set("status", f.status);
  } else {
    q.set("inicio", f.from);
    q.set("fim", f.to);
    q.set("status", f.status);
  }
  return q.toString();
}

/**
 * The filters after a change of the bar: a quick view replaces the period; a date typed in the period fields leaves the quick
 * view for a custom period that keeps the other end (an open start, Atrasadas', becomes the first day of the end's month).
 */
export function changeFilters(
  current: AgendaFilters,
  next: { day?: DayView; from?: string; to?: string; status?: AgendaFilter },
  today: string,
): AgendaFilters {
  const status = next.status ?? current.status;
  if (next.day) return { day: next.day, ...dayRange(next.day, today), status };
  if (next.from === undefined && next.to === undefined) return { ...current, status };
  const to = next.to ?? current.to;
  const from = next.from ?? (current.from || monthRange(to).first);
  return { day: null, from, to, openOnly: false, status };
}
