// The order the agenda's rows are shown in, a pure function (main thread, testable in Node): the page's own, not the router's
// (agenda-view.ts), so it loads with the page.
import { agendaStatus, matchesFilter, type AgendaFilter, type AgendaStatus } from "../../domain/agenda-status";
import { brToIso } from "../../domain/dates";

/** What the sort reads of a row (the contract's AgendaRow has these fields). */
export interface SortableRow {
  StatusAgendamento: string;
  IdSocioVeiculoAgendaExecucao: string | null;
  DataAgendamento: string;
  HoraAgendamento: string;
  NumeroOS: number;
}

const RANK: Record<AgendaStatus, number> = { "EM ANDAMENTO": 0, PENDENTE: 1, CONCLUÍDO: 2 };
const when = (r: SortableRow) => `${brToIso(r.DataAgendamento) ?? r.DataAgendamento} ${r.HoraAgendamento}`;

/**
 * The rows the attendant works through, in order: orders in progress first (the cars on the lifts), then by date and time,
 * finished ones last; ties by OS number. Rows outside the status filter are left out. Returns a new array.
 */
export function agendaRows<T extends SortableRow>(rows: readonly T[], status: AgendaFilter): T[] {
  const keyed = rows
    .map((row) => ({ row, status: agendaStatus(row.StatusAgendamento, row.IdSocioVeiculoAgendaExecucao), when: when(row) }))
    .filter((r) => matchesFilter(r.status, status));
  keyed.sort(
    (a, b) => RANK[a.status] - RANK[b.status] || (a.when < b.when ? -1 : a.when > b.when ? 1 : 0) || a.row.NumeroOS - b.row.NumeroOS,
  );
  return keyed.map((k) => k.row);
}
