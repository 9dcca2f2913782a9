// Date parsing and the server's clock in Brasília (server only).
import { brToIso, wallClock } from "../../src/domain/dates.ts";
import { badRequest } from "./http-errors.ts";

/** Accepts yyyy-MM-dd (optionally with a time part) or dd/MM/yyyy; throws 400 for anything else or an impossible date. */
export function parseDay(value: string, field = "data"): string {
  const iso = /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : brToIso(value.slice(0, 10));
  if (iso) {
    const d = new Date(`${iso}T00:00:00Z`);
    if (!Number.isNaN(d.getTime()) && d.toISOString().startsWith(iso)) return iso;
  }
  throw badRequest(`O campo ${field} tem uma data inválida.`);
}

export type Clock = () => Date;
export const brasiliaToday = (clock: Clock) => wallClock(clock());

/** 'yyyy-MM-dd' -> ISO at UTC midnight, the contract's form of date columns. */
export const dayToIso = (day: string | null) => (day ? `${day}T00:00:00.000Z` : null);
