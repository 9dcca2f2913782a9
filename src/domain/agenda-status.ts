// Display status of an appointment, derived on the client from StatusAgendamento and the execution id (pure TS).
export type AgendaStatus = "PENDENTE" | "EM ANDAMENTO" | "CONCLUÍDO";
export type AgendaFilter = "TODOS" | "EM ANDAMENTO" | "PENDENTES" | "CONCLUÍDO";

const ZERO_GUID = /^[0-]+$/;

export function agendaStatus(statusAgendamento: string | null | undefined, executionId: string | null | undefined): AgendaStatus {
  if (statusAgendamento === "C") return "CONCLUÍDO";
  if (statusAgendamento === "A" && (!executionId || ZERO_GUID.test(executionId))) return "PENDENTE";
  return "EM ANDAMENTO";
}

export function matchesFilter(status: AgendaStatus, filter: AgendaFilter): boolean {
  if (filter === "TODOS") return true;
  if (filter === "PENDENTES") return status === "PENDENTE";
  return status === filter;
}
