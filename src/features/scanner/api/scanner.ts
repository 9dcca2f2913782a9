// Calls of /scanner: plate lookup at this point and WhatsApp invitation, plus the point's open appointments (main thread).
import { get, post, seg } from "../../../lib/api-client";

export interface PlateLookup {
  IdSocioVeiculoAgenda: string | null;
  NomeSocio: string;
  PlacaVeiculo: string;
  MarcaVeiculo: string;
  ModeloVeiculo: string;
  AnoVeiculo: number | null;
  IdSocioVeiculo: string;
  IdSocio?: string;
  [k: string]: unknown;
}
/** data is false when the plate is not a member's active vehicle. */
export const findByPlate = (idPontoAtendimento: string, placa: string, signal?: AbortSignal) =>
  get<PlateLookup | false>(`/scanner/get-agendamento-pontoatendimento-by-placa/${seg(idPontoAtendimento)}/${seg(placa)}`, { signal });
export const sendInvite = (telefone: string, placa: string) => post<{ message: string }>("/scanner/enviar-convite", { telefone, placa });

/** The agenda list (contract #1) reduced to what the scanner needs: the plates the point expects. */
export interface ExpectedRow {
  Placa: string;
  StatusAgendamento: string;
}
export const listExpected = (idPontoAtendimento: string, dataInicio: string, dataFim: string, signal?: AbortSignal) =>
  get<{ data: ExpectedRow[] }>(
    `/agendamentos/lista/${seg(idPontoAtendimento)}?${new URLSearchParams({ dataInicio, dataFim }).toString()}`,
    { signal },
  );
