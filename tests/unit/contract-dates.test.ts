// The contract's date texts (unit, node): Brasília wall-clock ISO of executions and SQL Server legacy text of the statement.
import { describe, expect, it } from "vitest";
import { legacyToBr, parseLegacyDateTime, readWallClockIso, toWallClockIso, wallClockIsoToBr } from "../../src/domain/dates";

describe("wall-clock ISO (execucao.DataHoraInicio / DataHoraFim)", () => {
  it("writes the Brasília digits of an instant behind the contract's Z", () => {
    expect(toWallClockIso(new Date("2030-03-04T13:10:00Z"))).toBe("2030-03-04T10:10:00.000Z");
    expect(toWallClockIso(new Date("2030-03-05T02:59:07.250Z"))).toBe("2030-03-04T23:59:07.250Z");
    expect(toWallClockIso(new Date("2030-01-01T00:30:00Z"))).toBe("2029-12-31T21:30:00.000Z");
  });

  it("reads the digits literally, never shifting them by the zone", () => {
    expect(readWallClockIso("2030-03-04T10:10:00.000Z")).toEqual({ date: "2030-03-04", time: "10:10" });
    expect(wallClockIsoToBr("2030-03-04T10:10:00.000Z")).toBe("04/03/2030 10:10");
    expect(wallClockIsoToBr("2029-12-31T21:30:00.000Z")).toBe("31/12/2029 21:30");
  });

  it("gives the screen the same text as the agenda list for the same instant", () => {
    const instant = new Date("2030-03-04T13:10:00Z");
    const listText = new Intl.DateTimeFormat("pt-BR", {
      timeZone: "America/Sao_Paulo",
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .format(instant)
      .replace(",", "");
    expect(wallClockIsoToBr(toWallClockIso(instant))).toBe(listText);
  });

  it("answers null for missing or unreadable values", () => {
    expect(wallClockIsoToBr(null)).toBeNull();
    expect(wallClockIsoToBr("")).toBeNull();
    expect(wallClockIsoToBr("04/03/2030 10:10")).toBeNull();
    expect(readWallClockIso("2030-02-30T10:10:00.000Z")).toBeNull();
  });
});

describe("SQL Server legacy text (espelho DataAgendamento / DataExecucaoOS)", () => {
  it("parses midnight, afternoon and space-padded day and hour", () => {
    expect(parseLegacyDateTime("Nov 18 2025 12:00AM")).toEqual({ date: "2025-11-18", time: "00:00" });
    expect(parseLegacyDateTime("Nov 18 2025 12:30PM")).toEqual({ date: "2025-11-18", time: "12:30" });
    expect(parseLegacyDateTime("Mar  4 2030  1:10PM")).toEqual({ date: "2030-03-04", time: "13:10" });
    expect(parseLegacyDateTime("Dec 31 2029 11:59PM")).toEqual({ date: "2029-12-31", time: "23:59" });
  });

  it("formats it for display in pt-BR", () => {
    expect(legacyToBr("Nov 18 2025 12:00AM")).toBe("18/11/2025");
    expect(legacyToBr("Mar  4 2030  9:05PM", true)).toBe("04/03/2030 21:05");
  });

  it("refuses other texts and impossible dates", () => {
    for (const text of [
      "18/11/2025",
      "2025-11-18T00:00:00.000Z",
      "Xyz 18 2025 12:00AM",
      "Feb 30 2025 12:00AM",
      "Nov 18 2025 13:00PM",
      "Nov 18 2025 12:60AM",
      "",
      null,
      undefined,
    ]) {
      expect(parseLegacyDateTime(text), String(text)).toBeNull();
      expect(legacyToBr(text)).toBeNull();
    }
  });
});
