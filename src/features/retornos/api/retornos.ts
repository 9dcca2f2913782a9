// Calls of /retorno-servico: list, create, update, delete returns and the appointments they may refer to (main thread).
import { get, post, seg } from "../../../lib/api-client";

export interface RetornoServico {
  IdRetornoServico: string;
  IdSocioVeiculoAgenda: string;
  NumeroOS: number;
  NomeSocio: string | null;
  DataAgendamento: string;
  PlacaVeiculo: string;
  NomeServico: string;
  Tipo: string;
  Status: string;
  Descricao: string;
  Fotos: string | null;
  Videos: string | null;
  /** When the return was registered (an instant, ISO). */
  DataLog: string;
}
export interface RetornoInput {
  IdSocioVeiculoAgenda: string;
  Tipo: string;
  Status: string;
  Descricao: string;
  Fotos?: string;
  Videos?: string;
}
export interface AgendamentoDisponivel {
  IdSocioVeiculoAgenda: string;
  NumeroOS: number;
  SocioNome: string;
  Placa: string;
  NomeServico: string;
}
type Envelope<T> = { success: boolean; message?: string; data: T };

export const listReturns = (idPontoAtendimento: string, signal?: AbortSignal) =>
  get<Envelope<RetornoServico[]>>(`/retorno-servico/lista/${seg(idPontoAtendimento)}`, { signal });
export const addReturn = (data: RetornoInput) => post<Envelope<{ IdRetornoServico: string }>>("/retorno-servico/adicionar", { data });
export const updateReturn = (idRetornoServico: string, data: RetornoInput) =>
  post<{ success: boolean; message: string }>("/retorno-servico/atualizar", {
    idRetornoServico,
    data: { ...data, IdRetornoServico: idRetornoServico },
  });
export const deleteReturn = (idRetornoServico: string) =>
  post<{ success: boolean; message: string }>("/retorno-servico/deletar", { idRetornoServico });
export const listReturnableAppointments = (idPontoAtendimento: string, signal?: AbortSignal) =>
  get<Envelope<AgendamentoDisponivel[]>>(`/retorno-servico/agendamentos-disponiveis/${seg(idPontoAtendimento)}`, { signal });
