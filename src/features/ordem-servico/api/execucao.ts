// Calls used by the OS execution screen: order details, services, warranty and limits, photos, notes, laudos and recibos, cancel
// and finish (main thread).
import type { FinishOrder } from "../../../domain/outbox-steps";
import { get, post, seg } from "../../../lib/api-client";

export interface PointService {
  IdServico: string;
  value: string;
  label: string;
  description: string | null;
  TipoVeiculo: string;
  FornecidoPelaVcar: "S" | "N";
}
export interface LinkedService {
  id: string;
  idSocioVeiculoAgendaExecucaoServico?: string;
  value: string;
  label: string;
  status: "P" | "A" | "R";
  StatusAprovacao: "P" | "A" | "R";
  PecaPorContaDoSocio: string | null;
  FornecidoPelaVcar: "S" | "N";
  Observacoes: string | null;
  [k: string]: unknown;
}
export interface Foto {
  IdSocioVeiculoAgendaExecucaoFoto: string;
  Foto: string;
  DataLog: string;
}
export interface Anotacao {
  IdSocioVeiculoAgendaExecucaoAnotacao: string;
  Anotacao: string;
  DataLog: string;
}
/** Arquivo and NomeArquivo are both the stored name (download link, as in the contract); NomeOriginal is the name to show. */
interface StoredDocument {
  Arquivo: string;
  NomeArquivo: string;
  NomeOriginal: string;
  DataLog: string;
  descricao?: string | null;
}
export interface Laudo extends StoredDocument {
  IdSocioVeiculoAgendaLaudo: string;
}
export interface NotaFiscal extends StoredDocument {
  IdSocioVeiculoAgendaNotaFiscal: string;
  valor?: number | null;
  tamanho?: number | null;
}
export interface AnnualLimit {
  idServico: string;
  limiteAnual: number;
  podeUsar: boolean;
  [k: string]: unknown;
}
type Msg = { message: string };
export interface AgendamentoDetails {
  agendamento?: {
    IdSocioVeiculoAgenda: string;
    NumeroOS: number;
    StatusAgendamento: string;
    VideoInicial: string | null;
    VideoFinal: string | null;
    DataAgendamento?: string | null;
    HoraAgendamento?: string | null;
    ValorServico?: number | null;
    [k: string]: unknown;
  };
  socio?: { IdSocio: string; Nome: string; Cpf: string; [k: string]: unknown };
  socioVeiculo?: {
    IdSocioVeiculo: string;
    MarcaVeiculo: string;
    VeiculoModelo?: string | null;
    Ano: number | null;
    Litragem: string | null;
    TipoVeiculo: string;
    Placa: string;
    [k: string]: unknown;
  };
  motivo?: { IdMotivacao: number; Descricao: string };
  /** DataHoraInicio/DataHoraFim are Brasília wall-clock ISO texts (read the digits, ignore the Z): show them with wallClockIsoToBr. */
  execucao?: {
    DataHoraInicio: string | null;
    DataHoraFim?: string | null;
    ExecutorInicio: string | null;
    ExecutorFim: string | null;
    [k: string]: unknown;
  };
}

export const getAppointment = (id: string, signal?: AbortSignal) => get<AgendamentoDetails>(`/agendamentos/get/${seg(id)}`, { signal });

export const listPointServices = (idPontoAtendimento: string, signal?: AbortSignal) =>
  get<{ servicos: PointService[] }>(`/ponto-atendimento/servicos/${seg(idPontoAtendimento)}`, { signal });
export const listLinkedServices = (id: string, signal?: AbortSignal) =>
  get<{ servicos: LinkedService[] }>(`/agendamentos/servicos-vinculados/${seg(id)}`, { signal });
export const linkService = (b: { idPontoAtendimentoUsuario: string; idSocioVeiculoAgenda: string; idServico: string }) =>
  post<Msg & { idSocioVeiculoAgendaExecucaoServico: string }>("/agendamentos/vincular-servico", b);
export const unlinkService = (idSocioVeiculoAgendaExecucaoServico: string) =>
  post<Msg>("/agendamentos/desvincular-servico", { idSocioVeiculoAgendaExecucaoServico });
export const checkWarranty = (idSocioVeiculo: string, idServico: string) =>
  post<{ garantiaValida: boolean; garantia?: number; dataLimiteGarantia?: string }>("/servico/verificar-garantia", {
    idSocioVeiculo,
    idServico,
  });
export const checkAnnualLimit = (idSocioVeiculo: string) =>
  post<{ servicos: AnnualLimit[] }>("/servico/verificar-limite-anual", { idSocioVeiculo });

export const listPhotos = (id: string, signal?: AbortSignal) => get<{ fotos: Foto[] }>(`/agendamentos/get-fotos/${seg(id)}`, { signal });
export const addPhoto = (b: { idSocioVeiculoAgenda: string; idPontoAtendimentoUsuario: string; foto: string }) =>
  post<Msg>("/agendamentos/adicionar-foto", b);
export const deletePhoto = (idSocioVeiculoAgendaExecucaoFoto: string) =>
  post<Msg>("/agendamentos/deletar-foto", { idSocioVeiculoAgendaExecucaoFoto });

export const listNotes = (id: string, signal?: AbortSignal) =>
  get<{ message: string; anotacoes: Anotacao[] }>(`/agendamentos/get-anotacoes/${seg(id)}`, { signal });
export const addNote = (b: { idSocioVeiculoAgenda: string; idPontoAtendimentoUsuario: string; anotacao: string; data: string }) =>
  post<Msg>("/agendamentos/adicionar-anotacao", b);
export const deleteNote = (idSocioVeiculoAgendaExecucaoAnotacao: string) =>
  post<Msg>("/agendamentos/deletar-anotacao", { idSocioVeiculoAgendaExecucaoAnotacao });

export const listReceipts = (id: string, signal?: AbortSignal) =>
  get<{ message: string; notas: NotaFiscal[] }>(`/agendamentos/get-notas-fiscais/${seg(id)}`, { signal });
export const addReceipt = (b: {
  idSocioVeiculoAgenda: string;
  idPontoAtendimentoUsuario: string;
  notaFiscal: string;
  nomeArquivo: string;
  data: string;
  valor?: number;
  descricao?: string;
}) => post<Msg & { notaFiscal: string }>("/agendamentos/adicionar-nota-fiscal", b);
export const deleteReceipt = (idSocioVeiculoAgendaNotaFiscal: string) =>
  post<Msg>("/agendamentos/deletar-nota-fiscal", { idSocioVeiculoAgendaNotaFiscal });

export const listReports = (id: string, signal?: AbortSignal) =>
  get<{ message: string; laudos: Laudo[] }>(`/agendamentos/get-laudos/${seg(id)}`, { signal });
export const addReport = (b: {
  idSocioVeiculoAgenda: string;
  idPontoAtendimentoUsuario: string;
  laudo?: string;
  nomeArquivo: string;
  data: string;
  descricao?: string;
}) => post<Msg & { laudo: string }>("/agendamentos/adicionar-laudo", b);
export const deleteReport = (idSocioVeiculoAgendaLaudo: string) => post<Msg>("/agendamentos/deletar-laudo", { idSocioVeiculoAgendaLaudo });
/** The OS documents: laudos (/…-laudo calls) and recibos (the contract's notas fiscais). */
export type DocumentKind = "laudo" | "recibo";

/** Cancelling an OS from the execution screen: the contract's fixed reason, plus the day it was cancelled (dd/MM/yyyy). */
export const cancelOrder = (b: {
  idSocioVeiculoAgenda: string;
  idPontoAtendimento: string;
  idSocio: string;
  idSocioVeiculo: string;
  motivo: string;
  data: string;
}) => post<Msg>("/agendamentos/cancelar", b);

/**
 * Finishing an OS whose final video is already on it: one plain call. Without the video the finish is the outbox job's last
 * step instead (finishOrderSteps), with the same body.
 */
export const finishOrder = (b: FinishOrder) => post<Msg>("/agendamentos/concluir", b);
