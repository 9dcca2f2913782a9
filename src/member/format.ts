// Dates and times on the member's page, on Brasília's wall clock (main thread).
import { isoToBr, wallClock } from "../domain/dates";

/**
 * An instant (ISO 8601) as '23/11/2026, 14:05' in Brasília: the same text as src/lib/br-format.ts's dateTimeText (Intl pt-BR,
 * America/Sao_Paulo), computed from Brasília's fixed offset (src/domain/dates.ts, checked against the time zone database by
 * tests/unit/brasilia-clock.test.ts) because the page's first Intl object would start ICU, one long task on a low-tier phone
 * for a page that must paint fast; null when it is not a date.
 */
export function dateTime(iso: string | null | undefined): string | null {
  const d = iso ? new Date(iso) : null;
  if (!d || Number.isNaN(d.getTime())) return null;
  const { date, time } = wallClock(d);
  return `${isoToBr(date)}, ${time}`;
}

/** yyyy-MM-dd (a calendar day, e.g. a warranty's last day) as dd/mm/aaaa. */
export const dayText = (isoDate: string) => isoToBr(isoDate);

/** Today's date in Brasília (yyyy-MM-dd), to compare with a warranty's last day. */
export const todayInBrasilia = () => wallClock().date;
