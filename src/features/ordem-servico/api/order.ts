// Calls used by the OS execution screen: order details, services, warranty and limits, photos, notes, laudos and recibos, cancel
// and finish; their types come from the contract (type-only imports, nothing added to the bundle) (main thread).
import type { FinishOrder } from "../../../domain/outbox-steps";
import { get, post, seg } from "../../../lib/api-client";
import type { cancelAppointment, getAppointment as getAppointmentRoute } from "../../../../contract/agendamentos";
import type { Answer, BodyOf } from "../../../../contract/route";
import type * as E from "../../../../contract/execucao";
import type * as S from "../../../../contract/servicos";
import type * as V from "../../../../contract/evidencias";

export type { AppointmentDetails } from "../../../../contract/agendamentos";

export const getAppointment = (id: string, signal?: AbortSignal) =>
  get<Answer<typeof getAppointmentRoute>>(`/agendamentos/get/${seg(id)}`, { signal });

export type { PointService, LinkedService, AnnualLimit } from "../../../../contract/servicos";
export type { Foto, Anotacao, Laudo, NotaFiscal } from "../../../../contract/evidencias";

export const listPointServices = (idPontoAtendimento: string, signal?: AbortSignal) =>
  get<Answer<typeof S.listPointServices>>(`/ponto-atendimento/servicos/${seg(idPontoAtendimento)}`, { signal });
export const listLinkedServices = (id: string, signal?: AbortSignal) =>
  get<Answer<typeof S.listLinkedServices>>(`/agendamentos/servicos-vinculados/${seg(id)}`, { signal });
/**
 * The screen links the service with the attendant's reason (descricao, kept as ObservacoesCredenciado); its photos and video
 * follow through the outbox, each attached by the "anexar-arquivo-servico" step once stored (serviceFileSteps).
 */
export const linkService = (
  b: Pick<BodyOf<typeof S.linkService>, "idPontoAtendimentoUsuario" | "idSocioVeiculoAgenda" | "idServico" | "descricao">,
) => post<Answer<typeof S.linkService>>("/agendamentos/vincular-servico", b);
export type ServiceFileKind = (typeof S.SERVICE_FILE_KINDS)[number];
export const unlinkService = (idSocioVeiculoAgendaExecucaoServico: string) =>
  post<Answer<typeof S.unlinkService>>("/agendamentos/desvincular-servico", { idSocioVeiculoAgendaExecucaoServico });
export const checkWarranty = (idSocioVeiculo: string, idServico: string) =>
  post<Answer<typeof S.checkWarranty>>("/servico/verificar-garantia", { idSocioVeiculo, idServico });
export const checkAnnualLimit = (idSocioVeiculo: string) =>
  post<Answer<typeof S.checkAnnualLimit>>("/servico/verificar-limite-anual", { idSocioVeiculo });

export const listPhotos = (id: string, signal?: AbortSignal) =>
  get<Answer<typeof V.listPhotos>>(`/agendamentos/get-fotos/${seg(id)}`, { signal });
export const deletePhoto = (idSocioVeiculoAgendaExecucaoFoto: string) =>
  post<Answer<typeof V.deletePhoto>>("/agendamentos/deletar-foto", { idSocioVeiculoAgendaExecucaoFoto });

export const listNotes = (id: string, signal?: AbortSignal) =>
  get<Answer<typeof V.listNotes>>(`/agendamentos/get-anotacoes/${seg(id)}`, { signal });
export const deleteNote = (idSocioVeiculoAgendaExecucaoAnotacao: string) =>
  post<Answer<typeof V.deleteNote>>("/agendamentos/deletar-anotacao", { idSocioVeiculoAgendaExecucaoAnotacao });

export const listReceipts = (id: string, signal?: AbortSignal) =>
  get<Answer<typeof V.listReceipts>>(`/agendamentos/get-notas-fiscais/${seg(id)}`, { signal });
export const deleteReceipt = (idSocioVeiculoAgendaNotaFiscal: string) =>
  post<Answer<typeof V.deleteReceipt>>("/agendamentos/deletar-nota-fiscal", { idSocioVeiculoAgendaNotaFiscal });

export const listReports = (id: string, signal?: AbortSignal) =>
  get<Answer<typeof V.listReports>>(`/agendamentos/get-laudos/${seg(id)}`, { signal });
export const deleteReport = (idSocioVeiculoAgendaLaudo: string) =>
  post<Answer<typeof V.deleteReport>>("/agendamentos/deletar-laudo", { idSocioVeiculoAgendaLaudo });
/** The OS documents: laudos (/…-laudo calls) and recibos (the contract's notas fiscais). */
export type DocumentKind = "laudo" | "recibo";

/** Cancelling an OS from the execution screen: every id of the order, the contract's fixed reason and the day (dd/MM/yyyy). */
export const cancelOrder = (b: Required<BodyOf<typeof cancelAppointment>>) =>
  post<Answer<typeof cancelAppointment>>("/agendamentos/cancelar", b);

/**
 * Finishing an OS whose final video is already on it: one plain call. Without the video the finish is the outbox job's last
 * step instead (finishOrderSteps), with the same body: FinishOrder, which src/domain declares without the contract (the
 * intersection checks it against the contract's body).
 */
export const finishOrder = (b: FinishOrder & BodyOf<typeof E.finishOrder>) =>
  post<Answer<typeof E.finishOrder>>("/agendamentos/concluir", b);
