// Serialisation of database values into the contract's formats (server only).
import { sql, type SQL } from "drizzle-orm";
import { toWallClockIso } from "../../src/domain/dates.ts";

/** "08:30:00" -> "1970-01-01T08:30:00.000Z" (opening hours travel as timestamps on a fixed UTC date); null stays null. */
export function timeToIso(value: string | null | undefined): string | null {
  if (!value) return null;
  const [h, m] = value.split(":");
  return `1970-01-01T${h.padStart(2, "0")}:${m.padStart(2, "0")}:00.000Z`;
}

/** An execution instant as the contract's Brasília wall-clock ISO (the clients read its digits and ignore the Z); null stays null. */
export const instantToWallClockIso = (value: Date | null | undefined): string | null => (value ? toWallClockIso(value) : null);

/**
 * SQL Server's legacy text of a date/timestamp expression ("Nov 18 2025 12:00AM", day and hour padded with a space, English month),
 * which the contract's statement (espelho) clients parse. Pass a timestamptz already converted to Brasília; null stays null.
 * to_char's plain "Mon" and "AM" are always English, whatever the database's locale.
 */
export const legacySqlText = (value: SQL): SQL => sql`(to_char(${value}, 'Mon ') || lpad(to_char(${value}, 'FMDD'), 2, ' ')
  || to_char(${value}, ' YYYY ') || lpad(to_char(${value}, 'FMHH12'), 2, ' ') || to_char(${value}, ':MIAM'))`;
