// Date parsing and the server's clock in Brasília (server only).
import { brToIso, wallClock } from "../../src/domain/dates.ts";
import { badRequest } from "./http-errors.ts";

/** Years a date filter or booking may name: PostgreSQL has no year 0 (the query failed with a 500), and 0202 is a typo. */
export const YEARS = { min: 1900, max: 2999 } as const;

/** Accepts yyyy-MM-dd (optionally with a time part) or dd/MM/yyyy; throws 400 for anything else, an impossible date or a year out of range. */
export function parseDay(value: string, field = "data"): string {
  const iso = /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : brToIso(value.slice(0, 10));
  if (iso) {
    const d = new Date(`${iso}T00:00:00Z`);
    if (!Number.isNaN(d.getTime()) && d.toISOString().startsWith(iso)) {
      const year = Number(iso.slice(0, 4));
      if (year < YEARS.min || year > YEARS.max) {
        throw badRequest(`O campo ${field} tem uma data fora do intervalo permitido (anos de ${YEARS.min} a ${YEARS.max}).`);
      }
      return iso;
    }
  }
  throw badRequest(`O campo ${field} tem uma data inválida.`);
}

/** A filter's optional dates (dataInicio, dataFim), each parsed by parseDay: a real calendar date, never rolled over. */
export const parsePeriod = (q: { dataInicio?: string | null; dataFim?: string | null }) => ({
  from: q.dataInicio ? parseDay(q.dataInicio, "dataInicio") : undefined,
  to: q.dataFim ? parseDay(q.dataFim, "dataFim") : undefined,
});

export type Clock = () => Date;
export const brasiliaToday = (clock: Clock) => wallClock(clock());

/** 'yyyy-MM-dd' -> ISO at UTC midnight, the contract's form of date columns. */
export const dayToIso = (day: string | null) => (day ? `${day}T00:00:00.000Z` : null);
