// Agenda status derivation, validators, BRL, Brasília dates and the progress throttle.
import { describe, expect, it } from "vitest";
import { agendaStatus, matchesFilter } from "../../src/domain/agenda-status";
import { isBlank, isEmail } from "../../src/domain/validators";
import { formatBRL, withReason } from "../../src/domain/format";
import { addDays, brToIso, isoToBr, monthRange, wallClock } from "../../src/domain/dates";
import { deliveredProgress, throttleProgress } from "../../src/domain/progress";
import { isAgendaPath, safeRedirect } from "../../src/config/paths";

describe("agenda status", () => {
  it("derives the displayed status as the spec's table", () => {
    expect(agendaStatus("C", "x")).toBe("CONCLUÍDO");
    expect(agendaStatus("A", null)).toBe("PENDENTE");
    expect(agendaStatus("A", "00000000-0000-0000-0000-000000000000")).toBe("PENDENTE");
    expect(agendaStatus("A", "6f1c2d4e-0000-4000-8000-000000000001")).toBe("EM ANDAMENTO");
    expect(agendaStatus("E", null)).toBe("EM ANDAMENTO");
  });
  it("filters PENDENTES, EM ANDAMENTO, CONCLUÍDO and TODOS", () => {
    expect(matchesFilter("PENDENTE", "PENDENTES")).toBe(true);
    expect(matchesFilter("CONCLUÍDO", "PENDENTES")).toBe(false);
    expect(matchesFilter("EM ANDAMENTO", "TODOS")).toBe(true);
  });
});

describe("validators and formats", () => {
  it("checks e-mail and blank strings", () => {
    expect(isEmail("a@b.co")).toBe(true);
    expect(isEmail("a b@c.d")).toBe(false);
    expect(isEmail("semarroba.com")).toBe(false);
    expect(isBlank("  ")).toBe(true);
    expect(isBlank(null)).toBe(true);
    expect(isBlank(" x ")).toBe(false);
  });
  it("formats BRL in pt-BR", () => {
    expect(formatBRL(1234.5).replace(/\s/g, " ")).toBe("R$ 1.234,50");
    expect(formatBRL(null).replace(/\s/g, " ")).toBe("R$ 0,00");
  });
  it("handles Brasília wall clock and month ranges", () => {
    expect(wallClock(new Date("2026-01-01T02:30:00Z"))).toEqual({ date: "2025-12-31", time: "23:30" });
    expect(monthRange("2028-02-10")).toEqual({ first: "2028-02-01", last: "2028-02-29" });
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(isoToBr("2026-11-22")).toBe("22/11/2026");
    expect(brToIso("22/11/2026")).toBe("2026-11-22");
    expect(brToIso("31/02/2026")).toBeNull();
  });
  it("throttles progress to 5 updates a second but always delivers the first and 100", () => {
    let clock = 0;
    const seen: number[] = [];
    const report = throttleProgress(
      (p) => seen.push(p),
      5,
      () => clock,
    );
    for (let i = 1; i <= 100; i++) {
      clock += 10;
      report(i);
    }
    expect(seen[0]).toBe(1);
    expect(seen.at(-1)).toBe(100);
    expect(seen.length).toBeLessThanOrEqual(1 + Math.ceil(1000 / 200) + 1);
  });
});

describe("an error with the server's reason", () => {
  it("joins them with a colon, the base's final period dropped; no reason or the same text leaves the base", () => {
    expect(withReason("Não foi possível baixar o comprovante.", "Comprovante não encontrado.")).toBe(
      "Não foi possível baixar o comprovante: Comprovante não encontrado.",
    );
    expect(withReason("Erro ao cancelar OS", "OS concluída.")).toBe("Erro ao cancelar OS: OS concluída.");
    expect(withReason("Erro ao cancelar OS", undefined)).toBe("Erro ao cancelar OS");
    expect(withReason("Erro.", "Erro.")).toBe("Erro.");
  });
});

describe("routes", () => {
  it("highlights Agenda for / and execution pages; redirects only to local paths", () => {
    expect(isAgendaPath("/")).toBe(true);
    expect(isAgendaPath("/execucao-os/abc")).toBe(true);
    expect(isAgendaPath("/espelho")).toBe(false);
    expect(safeRedirect("/espelho?x=1")).toBe("/espelho?x=1");
    expect(safeRedirect("//evil.example")).toBe("/");
    expect(safeRedirect("https://evil.example")).toBe("/");
    expect(safeRedirect(null)).toBe("/");
  });
});

describe("delivered progress", () => {
  it("flush waits until every asynchronous progress call has been handled", async () => {
    const handled: number[] = [];
    const slow = (p: number) =>
      new Promise<void>((r) =>
        setTimeout(
          () => {
            handled.push(p);
            r();
          },
          20 - p / 10,
        ),
      );
    const progress = deliveredProgress(slow);
    progress.report!(50);
    progress.report!(100);
    expect(handled).toEqual([]);
    await progress.flush();
    expect(handled.sort((a, b) => a - b)).toEqual([50, 100]);
    expect(deliveredProgress().report).toBeUndefined();
  });
});
