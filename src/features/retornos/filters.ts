// Filters of the returns list, kept in the URL (?inicio=&fim=&status=&tipo=) so back/forward and reload keep them, and the one
// predicate that applies all four (dates included: the original screen showed its dates but never applied them) (main thread).
import { useLocation, useSearch } from "wouter";
import { wallClock } from "../../domain/dates";
import { RETURNS_MSG } from "../../config/messages/returns.pt-BR";
import type { RetornoServico } from "./api/retornos";

export const ALL = "TODOS";
export const STATUS_CODES = ["A", "P", "C"] as const;
/** Default: everything (status and type all, no date bound). */
export interface ReturnFilters {
  from: string;
  to: string;
  status: string;
  kind: string;
}

const ISO = /^\d{4}-\d{2}-\d{2}$/;

/** Accent- and case-insensitive key: the server stores 'PEÇA' / 'MÃO DE OBRA', the original client sent 'PECA' / 'MAO DE OBRA'. */
export const fold = (s: string | null | undefined) => (s ?? "").normalize("NFD").replace(/\p{M}/gu, "").trim().toUpperCase();

/** The spec's type shown with its accents, whatever spelling the row carries. */
export const kindLabel = (kind: string) => RETURNS_MSG.returns.kinds.find((k) => fold(k) === fold(kind)) ?? kind;
export const statusLabel = (code: string) => RETURNS_MSG.returns.statusLabels[code] ?? code;

/** The Brasília day (yyyy-MM-dd) a return was registered on; null when DataLog is unreadable. */
export function registeredDay(dataLog: string | null | undefined): string | null {
  const d = dataLog ? new Date(dataLog) : null;
  return d && !Number.isNaN(d.getTime()) ? wallClock(d).date : null;
}

export function parseFilters(search: string): ReturnFilters {
  const q = new URLSearchParams(search);
  const date = (k: string) => (ISO.test(q.get(k) ?? "") ? q.get(k)! : "");
  const status = q.get("status") ?? "";
  const kind = q.get("tipo") ?? "";
  return {
    from: date("inicio"),
    to: date("fim"),
    status: (STATUS_CODES as readonly string[]).includes(status) ? status : ALL,
    kind: RETURNS_MSG.returns.kinds.some((k) => k === kind) ? kind : ALL,
  };
}

export function matches(row: RetornoServico, f: ReturnFilters): boolean {
  if (f.status !== ALL && row.Status !== f.status) return false;
  if (f.kind !== ALL && fold(row.Tipo) !== fold(f.kind)) return false;
  if (f.from || f.to) {
    const day = registeredDay(row.DataLog);
    if (!day || (f.from && day < f.from) || (f.to && day > f.to)) return false;
  }
  return true;
}

export function useReturnFilters(): [ReturnFilters, (next: Partial<ReturnFilters> | null) => void] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const filters = parseFilters(search);
  /** null clears every filter. */
  const update = (next: Partial<ReturnFilters> | null) => {
    const f = next ? { ...filters, ...next } : { from: "", to: "", status: ALL, kind: ALL };
    const q = new URLSearchParams();
    if (f.from) q.set("inicio", f.from);
    if (f.to) q.set("fim", f.to);
    if (f.status !== ALL) q.set("status", f.status);
    if (f.kind !== ALL) q.set("tipo", f.kind);
    const qs = q.toString();
    navigate(qs ? `${location}?${qs}` : location, { replace: false });
  };
  return [filters, update];
}
