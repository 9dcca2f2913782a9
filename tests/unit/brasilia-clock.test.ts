// Brasília's wall clock computed from its fixed offset (src/domain/dates.ts) against the time zone database, hour by hour (Node).
import { describe, expect, it } from "vitest";
import { BRAZIL_TZ, wallClock } from "../../src/domain/dates";
import { dateTimeText } from "../../src/lib/br-format";

const database = new Intl.DateTimeFormat("en-GB", {
  timeZone: BRAZIL_TZ,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});
const viaIntl = (d: Date) => {
  const p = Object.fromEntries(database.formatToParts(d).map((x) => [x.type, x.value]));
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
};

describe("wallClock in Brasília", () => {
  it("agrees with the time zone database every hour (and at :59) from 2020 to 2035", () => {
    const mismatches: string[] = [];
    for (let t = Date.UTC(2020, 0, 1); t < Date.UTC(2036, 0, 1); t += 3_600_000) {
      for (const d of [new Date(t), new Date(t + 59 * 60_000)]) {
        const a = wallClock(d);
        const b = viaIntl(d);
        if (a.date !== b.date || a.time !== b.time) mismatches.push(`${d.toISOString()}: ${a.date} ${a.time} / ${b.date} ${b.time}`);
      }
    }
    expect(mismatches.slice(0, 5)).toEqual([]);
  });

  it("turns the day at 03:00 UTC", () => {
    expect(wallClock(new Date("2026-11-27T02:59:00Z"))).toEqual({ date: "2026-11-26", time: "23:59" });
    expect(wallClock(new Date("2026-11-27T03:00:00Z"))).toEqual({ date: "2026-11-27", time: "00:00" });
  });

  it("still reads other zones from the database", () => {
    expect(wallClock(new Date("2026-07-01T12:00:00Z"), "Europe/Lisbon")).toEqual({ date: "2026-07-01", time: "13:00" });
  });
});

describe("dateTimeText (Brasília's date and time, from the fixed offset)", () => {
  const intl = new Intl.DateTimeFormat("pt-BR", { dateStyle: "short", timeStyle: "short", timeZone: BRAZIL_TZ });
  it("writes what Intl's pt-BR short date and time writes, every hour (and at :59) from 2020 to 2035", () => {
    const mismatches: string[] = [];
    for (let t = Date.UTC(2020, 0, 1); t < Date.UTC(2036, 0, 1); t += 3_600_000) {
      for (const d of [new Date(t), new Date(t + 59 * 60_000)]) {
        const ours = dateTimeText(d.toISOString());
        const theirs = intl.format(d);
        if (ours !== theirs) mismatches.push(`${d.toISOString()}: ${ours} / ${theirs}`);
      }
    }
    expect(mismatches.slice(0, 5)).toEqual([]);
  });

  it("reads an instant with an offset, and says null for what is not a date", () => {
    expect(dateTimeText("2026-11-23T14:05:00-03:00")).toBe("23/11/2026, 14:05");
    expect(dateTimeText("2026-11-27T02:59:00Z")).toBe("26/11/2026, 23:59");
    expect(dateTimeText("ontem")).toBeNull();
    expect(dateTimeText("")).toBeNull();
    expect(dateTimeText(null)).toBeNull();
  });
});
