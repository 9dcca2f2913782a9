// Calendar helpers in Brasília time, shared by UI, workers and server (pure TS).
export const BRAZIL_TZ = "America/Sao_Paulo";

/** One formatter per zone: constructing an Intl formatter costs far more than using it (the clock is read on every render). */
const clocks = new Map<string, Intl.DateTimeFormat>();
const clock = (tz: string) => {
  let f = clocks.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat("en-GB", {
      timeZone: tz,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    clocks.set(tz, f);
  }
  return f;
};

const parts = (d: Date, tz: string) =>
  Object.fromEntries(
    clock(tz)
      .formatToParts(d)
      .map((p) => [p.type, p.value]),
  );

/**
 * Brasília's offset from UTC: -3 h all year since Decree 9,772/2019 ended daylight saving time. Brasília's wall clock is
 * computed from it rather than with Intl because the first Intl object of a page starts ICU, 16-32 ms on a desktop host and
 * about ten times that on a low-tier phone, in one piece: the agenda reads today's date in its first render (issue 37's
 * trace). tests/unit/dates.test.ts checks this against the time zone database (Intl) hour by hour over 2020-2035, so a
 * return of daylight saving time to the database fails the tests.
 */
const BRASILIA_OFFSET_MS = -3 * 3_600_000;
const pad2 = (n: number) => String(n).padStart(2, "0");

/** Today's date (yyyy-MM-dd) and time (HH:mm) on the wall clock of the given zone (Brasília by default). */
export function wallClock(now: Date = new Date(), tz: string = BRAZIL_TZ): { date: string; time: string } {
  if (tz === BRAZIL_TZ) {
    const b = new Date(now.getTime() + BRASILIA_OFFSET_MS);
    return {
      date: `${b.getUTCFullYear()}-${pad2(b.getUTCMonth() + 1)}-${pad2(b.getUTCDate())}`,
      time: `${pad2(b.getUTCHours())}:${pad2(b.getUTCMinutes())}`,
    };
  }
  const p = parts(now, tz);
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
}

export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** First and last day (yyyy-MM-dd) of the month containing isoDate. */
export function monthRange(isoDate: string): { first: string; last: string } {
  const [y, m] = isoDate.split("-").map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const mm = String(m).padStart(2, "0");
  return { first: `${y}-${mm}-01`, last: `${y}-${mm}-${String(last).padStart(2, "0")}` };
}

/** yyyy-MM-dd -> dd/MM/yyyy */
export const isoToBr = (iso: string) => iso.slice(0, 10).split("-").reverse().join("/");

/** dd/MM/yyyy -> yyyy-MM-dd, or null when the text is not a real date. */
export function brToIso(br: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(br.trim());
  if (!m) return null;
  const iso = `${m[3]}-${m[2]}-${m[1]}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso ? iso : null;
}

/** The instant of a Brasília wall-clock date and time (Brazil has had no daylight saving since 2019). */
export const brasiliaInstant = (isoDate: string, hhmm: string) => new Date(`${isoDate}T${hhmm}:00-03:00`);

/**
 * The contract's "wall-clock ISO" of an instant: Brasília date and time digits with the ISO suffix, e.g. 13:10:00Z -> "…T10:10:00.000Z".
 * The original clients read the digits literally and ignore the Z, so a real UTC ISO would show the time 3 h off.
 */
export function toWallClockIso(instant: Date, tz: string = BRAZIL_TZ): string {
  const p = parts(instant, tz);
  const ms = String(instant.getUTCMilliseconds()).padStart(3, "0");
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}.${ms}Z`;
}

/** Reads a wall-clock ISO ("2030-03-04T10:10:00.000Z") by its literal digits, ignoring any zone suffix; null when it is no such text. */
export function readWallClockIso(iso: string): { date: string; time: string } | null {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(iso.trim());
  return m && brToIso(isoToBr(m[1])) ? { date: m[1], time: m[2] } : null;
}

/** Wall-clock ISO -> "04/03/2030 10:10", the same text as the agenda list's DataHoraInicio; null when unreadable. */
export function wallClockIsoToBr(iso: string | null | undefined): string | null {
  const wc = iso ? readWallClockIso(iso) : null;
  return wc && `${isoToBr(wc.date)} ${wc.time}`;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * SQL Server's legacy date text ("Nov 18 2025 12:00AM", day and hour padded with a space: "Nov  8 2025  9:05PM"), which the
 * payout statement (espelho) carries -> {date: yyyy-MM-dd, time: HH:mm}; null when it is no such text or no real date.
 */
export function parseLegacyDateTime(text: string | null | undefined): { date: string; time: string } | null {
  const m = /^([A-Z][a-z]{2}) +(\d{1,2}) (\d{4}) +(\d{1,2}):(\d{2})(AM|PM)$/.exec(text?.trim() ?? "");
  const month = m ? MONTHS.indexOf(m[1]) + 1 : 0;
  if (!m || !month || Number(m[4]) < 1 || Number(m[4]) > 12 || Number(m[5]) > 59) return null;
  const date = brToIso(`${m[2].padStart(2, "0")}/${String(month).padStart(2, "0")}/${m[3]}`);
  const hour = (Number(m[4]) % 12) + (m[6] === "PM" ? 12 : 0);
  return date ? { date, time: `${String(hour).padStart(2, "0")}:${m[5]}` } : null;
}

/** Legacy date text -> "18/11/2025" for display, or "18/11/2025 21:05" with the time; null when unreadable. */
export function legacyToBr(text: string | null | undefined, withTime = false): string | null {
  const p = parseLegacyDateTime(text);
  return p && (withTime ? `${isoToBr(p.date)} ${p.time}` : isoToBr(p.date));
}
