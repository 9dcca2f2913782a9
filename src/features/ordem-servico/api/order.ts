// Calls used by the OS execution screen: order details, services, warranty and limits, photos, notes, laudos and recibos, cancel
// and finish (main thread).
import type { FinishOrder } from "../../../domain/outbox-steps";
import { get, post, seg } from "../../../lib/api-client";
import type { getAppointment as getAppointmentRoute } from "../../../../contract/agendamentos";
import type { Answer } from "../../../../contract/route";

export type { AppointmentDetails } from "../../../../contract/agendamentos";

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
export const getAppointment = (id: string, signal?: AbortSignal) =>
  get<Answer<typeof getAppointmentRoute>>(`/agendamentos/get/${seg(id)}`, { signal });

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
export const deleteReceipt = (idSocioVeiculoAgendaNotaFiscal: string) =>
  post<Msg>("/agendamentos/deletar-nota-fiscal", { idSocioVeiculoAgendaNotaFiscal });

export const listReports = (id: string, signal?: AbortSignal) =>
  get<{ message: string; laudos: Laudo[] }>(`/agendamentos/get-laudos/${seg(id)}`, { signal });
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
