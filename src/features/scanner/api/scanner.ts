// Calls of the scanner: the WhatsApp invitation and the point's open appointments (main thread). The plate lookup, shared with
// the agenda, is src/lib/plate-lookup.ts.
import { get, post, seg } from "../../../lib/api-client";

export const sendInvite = (telefone: string, placa: string) => post<{ message: string }>("/scanner/enviar-convite", { telefone, placa });

/** The agenda list (contract #1) reduced to what the scanner needs: the plates the point expects, whose, and when. */
export interface ExpectedRow {
  Placa: string;
  StatusAgendamento: string;
  Nome: string;
  DataAgendamento: string;
}
export const listExpected = (idPontoAtendimento: string, dataInicio: string, dataFim: string, signal?: AbortSignal) =>
  get<{ data: ExpectedRow[] }>(
    `/agendamentos/lista/${seg(idPontoAtendimento)}?${new URLSearchParams({ dataInicio, dataFim }).toString()}`,
    { signal },
  );
