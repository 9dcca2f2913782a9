// Calendar helpers in Brasília time, shared by UI, workers and server (pure TS).
export const BRAZIL_TZ = "America/Sao_Paulo";

const parts = (d: Date, tz: string) =>
  Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", {
      timeZone: tz, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23",
    }).formatToParts(d).map((p) => [p.type, p.value]),
  );

/** Today's date (yyyy-MM-dd) and time (HH:mm) on the wall clock of the given zone (Brasília by default). */
export function wallClock(now: Date = new Date(), tz: string = BRAZIL_TZ): { date: string; time: string } {
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
