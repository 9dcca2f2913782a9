// Calls of /avaliacoes: average and list of ratings of the service point (main thread).
import { get, seg } from "../../../lib/api-client";

export interface Avaliacao {
  IdSocioVeiculoAgenda: string;
  Cliente: string;
  MarcaVeiculo: string;
  ModeloVeiculo: string;
  AnoVeiculo: number | null;
  PlacaVeiculo: string;
  NumeroOS: number;
  Nota: number;
  Observacoes: string | null;
  DataLog: string;
}
export interface MediaAvaliacoes {
  MediaNotas: number | null;
  TotalAvaliacoes: number;
}

export const getRatingAverage = (idPontoAtendimento: string, signal?: AbortSignal) =>
  get<MediaAvaliacoes>(`/avaliacoes/get-average/${seg(idPontoAtendimento)}`, { signal });
export const listRatings = (idPontoAtendimento: string, signal?: AbortSignal) =>
  get<Avaliacao[]>(`/avaliacoes/get-all/${seg(idPontoAtendimento)}`, { signal });
