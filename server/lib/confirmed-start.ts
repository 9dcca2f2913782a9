// The start time of an OS: the Brasília date and time the attendant confirmed, when sane, else the server clock (server only).
import { addDays, brasiliaInstant, brToIso } from "../../src/domain/dates.ts";

/** How far ahead of the server clock a phone's clock may be before its time is not believed. */
export const START_SKEW_MS = 5 * 60_000;

/**
 * The outbox may send POST /agendamentos/iniciar minutes or hours after the attendant confirmed (offline, killed tab), so the
 * confirmed `data` (dd/MM/yyyy or yyyy-MM-dd) and `hora` (HH:mm, Brasília) are the start time, not the moment the request lands.
 * Refused (server clock used): unreadable, in the future beyond START_SKEW_MS, or before the day before the appointment's day.
 */
export function confirmedStart(data: string | undefined, hora: string | undefined, appointmentDay: string, now: Date): Date {
  if (!data || !hora || !/^([01]\d|2[0-3]):[0-5]\d$/.test(hora)) return now;
  const day = /^\d{4}-\d{2}-\d{2}$/.test(data) ? brToIso(data.split("-").reverse().join("/")) : brToIso(data);
  if (!day) return now;
  const at = brasiliaInstant(day, hora);
  if (at.getTime() > now.getTime() + START_SKEW_MS) return now;
  if (at.getTime() < brasiliaInstant(addDays(appointmentDay, -1), "00:00").getTime()) return now;
  return at;
}
