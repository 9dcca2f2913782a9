// The plate lookup call, given one home because two features make it (the agenda's booking form and the scanner; features do
// not import each other): a member's vehicle, and its open appointment, by plate at the signed-in point. Each feature keeps its
// own key and query options over it (main thread).
import { get, seg } from "./api-client";

export interface PlateLookup {
  IdSocioVeiculoAgenda: string | null;
  IdSocio?: string;
  NomeSocio: string;
  PlacaVeiculo: string;
  MarcaVeiculo: string;
  ModeloVeiculo: string;
  AnoVeiculo: number | null;
  IdSocioVeiculo: string;
  [k: string]: unknown;
}

/** data is false when the plate is not a member's active vehicle. */
export const findByPlate = (idPontoAtendimento: string, placa: string, signal?: AbortSignal) =>
  get<PlateLookup | false>(`/scanner/get-agendamento-pontoatendimento-by-placa/${seg(idPontoAtendimento)}/${seg(placa)}`, { signal });
