// The agenda's view logic (issue 36): the day chips and custom period read from the URL, the URL written back, the range each
// chip asks the server for, and the order rows are shown in (in progress first, then by date and time).
import { describe, expect, it } from "vitest";
import { agendaRows } from "../../src/features/agenda/agenda-rows";
import { agendaSearch, changeFilters, dayRange, parseAgendaFilters } from "../../src/features/agenda/agenda-view";

const TODAY = "2026-11-27";

describe("agenda filters in the URL", () => {
  it("opens on today with every status when the URL has no filter", () => {
    expect(parseAgendaFilters("", TODAY)).toEqual({ day: "hoje", from: TODAY, to: TODAY, openOnly: false, status: "TODOS" });
  });
  it("reads each chip: tomorrow, the week (today and six days), overdue (open orders before today, no lower bound)", () => {
    expect(parseAgendaFilters("?dia=amanha", TODAY)).toMatchObject({ day: "amanha", from: "2026-11-28", to: "2026-11-28" });
    expect(parseAgendaFilters("?dia=semana", TODAY)).toMatchObject({ day: "semana", from: TODAY, to: "2026-12-03" });
    expect(parseAgendaFilters("?dia=atrasadas", TODAY)).toMatchObject({ day: "atrasadas", from: "", to: "2026-11-26", openOnly: true });
    expect(parseAgendaFilters("?dia=hoje&status=EM%20ANDAMENTO", TODAY)).toMatchObject({ day: "hoje", status: "EM ANDAMENTO" });
  });
  it("keeps the old custom-period URLs: ?inicio=&fim=&status=", () => {
    expect(parseAgendaFilters("?inicio=2037-04-01&fim=2037-04-28&status=TODOS", TODAY)).toEqual({
      day: null,
      from: "2037-04-01",
      to: "2037-04-28",
      openOnly: false,
      status: "TODOS",
    });
    expect(parseAgendaFilters("?inicio=2037-04-01&fim=2037-04-01&status=PENDENTES", TODAY)).toMatchObject({ status: "PENDENTES" });
    // One end given: the other falls back to the month of today, as the month default did.
    expect(parseAgendaFilters("?inicio=2026-11-10", TODAY)).toMatchObject({ day: null, from: "2026-11-10", to: "2026-11-30" });
  });
  it("ignores unknown chips, statuses and malformed dates", () => {
    expect(parseAgendaFilters("?dia=ontem&status=XYZ", TODAY)).toMatchObject({ day: "hoje", status: "TODOS" });
    expect(parseAgendaFilters("?inicio=27/11/2026&fim=x", TODAY)).toMatchObject({ day: "hoje", from: TODAY, to: TODAY });
  });
  it("a chip in the URL wins over a period", () => {
    expect(parseAgendaFilters("?dia=amanha&inicio=2037-04-01&fim=2037-04-28", TODAY)).toMatchObject({ day: "amanha", from: "2026-11-28" });
  });
  it("writes dia= for a chip (status only when narrowed) and inicio/fim/status for a period; each parses back", () => {
    const cases = [
      parseAgendaFilters("?dia=semana", TODAY),
      parseAgendaFilters("?dia=atrasadas&status=PENDENTES", TODAY),
      parseAgendaFilters("?inicio=2037-04-01&fim=2037-04-28&status=CONCLU%C3%8DDO", TODAY),
    ];
    expect(cases.map(agendaSearch)).toEqual([
      "dia=semana",
      "dia=atrasadas&status=PENDENTES",
      "inicio=2037-04-01&fim=2037-04-28&status=CONCLU%C3%8DDO",
    ]);
    for (const f of cases) expect(parseAgendaFilters(`?${agendaSearch(f)}`, TODAY)).toEqual(f);
  });
  it("a chip replaces the period; a typed date leaves the chip for a period keeping the other end", () => {
    const today = parseAgendaFilters("", TODAY);
    expect(changeFilters(today, { day: "amanha" }, TODAY)).toMatchObject({ day: "amanha", from: "2026-11-28", to: "2026-11-28" });
    expect(changeFilters(today, { to: "2026-12-05" }, TODAY)).toEqual({
      day: null,
      from: TODAY,
      to: "2026-12-05",
      openOnly: false,
      status: "TODOS",
    });
    expect(changeFilters(today, { status: "PENDENTES" }, TODAY)).toMatchObject({ day: "hoje", status: "PENDENTES" });
    // Atrasadas has no start: a new end starts the period on the first day of its month.
    const late = parseAgendaFilters("?dia=atrasadas", TODAY);
    expect(changeFilters(late, { to: "2026-11-20" }, TODAY)).toMatchObject({
      day: null,
      from: "2026-11-01",
      to: "2026-11-20",
      openOnly: false,
    });
  });
  it("computes ranges across month and year ends", () => {
    expect(dayRange("semana", "2026-12-29")).toMatchObject({ from: "2026-12-29", to: "2027-01-04" });
    expect(dayRange("atrasadas", "2027-01-01")).toMatchObject({ from: "", to: "2026-12-31" });
    expect(dayRange("amanha", "2028-02-28")).toMatchObject({ from: "2028-02-29" });
  });
});

describe("agenda rows order", () => {
  const row = (NumeroOS: number, DataAgendamento: string, HoraAgendamento: string, state: "pending" | "progress" | "done") => ({
    NumeroOS,
    DataAgendamento,
    HoraAgendamento,
    StatusAgendamento: state === "done" ? "C" : "A",
    IdSocioVeiculoAgendaExecucao: state === "pending" ? null : "6f1c2d4e-0000-4000-8000-000000000001",
  });
  const rows = [
    row(1, "27/11/2026", "08:00", "pending"),
    row(2, "27/11/2026", "15:00", "progress"),
    row(3, "27/11/2026", "07:30", "done"),
    row(4, "27/11/2026", "09:30", "progress"),
    row(5, "26/11/2026", "17:00", "pending"),
    row(6, "27/11/2026", "08:00", "pending"),
    row(7, "01/12/2026", "07:00", "pending"),
  ];
  it("puts orders in progress first, then by date and time (dd/MM/yyyy read as a date), finished last, ties by OS", () => {
    expect(agendaRows(rows, "TODOS").map((r) => r.NumeroOS)).toEqual([4, 2, 5, 1, 6, 7, 3]);
  });
  it("applies the status filter", () => {
    expect(agendaRows(rows, "PENDENTES").map((r) => r.NumeroOS)).toEqual([5, 1, 6, 7]);
    expect(agendaRows(rows, "EM ANDAMENTO").map((r) => r.NumeroOS)).toEqual([4, 2]);
    expect(agendaRows(rows, "CONCLUÍDO").map((r) => r.NumeroOS)).toEqual([3]);
  });
  it("leaves its input as it was", () => {
    const copy = rows.map((r) => r.NumeroOS);
    agendaRows(rows, "TODOS");
    expect(rows.map((r) => r.NumeroOS)).toEqual(copy);
  });
});
