// Calls of /agendamentos used by the agenda: list, schedule, reschedule, cancel, start, finish, slots, videos, motivations (main
// thread). The plate lookup, shared with the scanner, is src/lib/plate-lookup.ts.
import { get, post, seg } from "../../../lib/api-client";

export interface AgendamentoRow {
  IdSocioVeiculoAgenda: string;
  IdSocio: string;
  IdSocioVeiculo: string;
  NumeroOS: number;
  StatusAgendamento: string;
  QtdePendencias: number;
  DataAgendamento: string;
  HoraAgendamento: string;
  Nome: string;
  Cpf: string;
  Marca: string;
  Veiculo: string;
  Ano: number | null;
  Litragem: string | null;
  Placa: string;
  Motivacao: string | null;
  Telefone: string | null;
  Observacoes: string | null;
  DescricaoPontoAtendimento: string;
  ValorServico: number | null;
  ValorRepasse: number | null;
  IdSocioVeiculoAgendaExecucao: string | null;
  VideoInicial?: string | null;
  VideoFinal?: string | null;
}
export interface Motivacao {
  IdMotivacao: number;
  Descricao: string;
}
type Msg = { message: string };

/** Optional range (yyyy-MM-dd, both ends included) so the 10 s poll does not download years of history; none gives the full list. */
export const listAppointments = (
  idPontoAtendimento: string,
  range: { dataInicio?: string; dataFim?: string } = {},
  signal?: AbortSignal,
) => {
  const q = new URLSearchParams();
  if (range.dataInicio) q.set("dataInicio", range.dataInicio);
  if (range.dataFim) q.set("dataFim", range.dataFim);
  const query = q.toString() ? `?${q.toString()}` : "";
  return get<{ message: string; data: AgendamentoRow[]; total: number }>(`/agendamentos/lista/${seg(idPontoAtendimento)}${query}`, {
    signal,
  });
};
export const scheduleAppointment = (b: {
  idPontoAtendimento: string;
  idSocio: string;
  idSocioVeiculo: string;
  data: string;
  hora: string;
  motivo: number | string;
}) => post<Msg>("/agendamentos/agendar", { ...b, pecaPorContaDoSocio: "N" });
export const rescheduleAppointment = (b: {
  idSocioVeiculoAgenda: string;
  idPontoAtendimento: string;
  idSocio: string;
  idSocioVeiculo: string;
  data: string;
  hora: string;
  motivo: string;
}) => post<Msg>("/agendamentos/reagendar", b);
export const cancelAppointment = (b: {
  idSocioVeiculoAgenda: string;
  idPontoAtendimento: string;
  idSocio: string;
  idSocioVeiculo: string;
  motivo: string;
  data?: string;
}) => post<Msg>("/agendamentos/cancelar", b);
export const startAppointment = (b: {
  idSocioVeiculoAgenda: string;
  idPontoAtendimentoUsuario: string;
  idSocio: string;
  data: string;
  hora: string;
}) => post<Msg>("/agendamentos/iniciar", b);
export const finishAppointment = (b: {
  idSocioVeiculoAgenda: string;
  idPontoAtendimentoUsuario: string;
  idSocio: string;
  data?: string;
  responsavel?: string;
  observacao?: string;
  km?: string;
}) => post<Msg>("/agendamentos/concluir", b);
export const listAvailableSlots = (b: { idPontoAtendimento: string; dataAgendamento: string; dataAtual: string; horaAtual: string }) =>
  post<string[]>("/agendamentos/lista-horarios-disponiveis", b);
export const updateInitialVideo = (idSocioVeiculoAgenda: string, videoInicial: string) =>
  post<Msg>("/agendamentos/atualizar-video-inicial", { idSocioVeiculoAgenda, videoInicial });
export const updateFinalVideo = (idSocioVeiculoAgenda: string, videoFinal: string) =>
  post<Msg>("/agendamentos/atualizar-video-final", { idSocioVeiculoAgenda, videoFinal });
export const listMotivations = () => get<{ motivacoes: Motivacao[] }>("/agendamentos/lista-motivacoes");
