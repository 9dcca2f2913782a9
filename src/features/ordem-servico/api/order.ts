// Calls used by the OS execution screen: order details, services, warranty and limits, photos, notes, laudos and recibos, cancel
// and finish; their types come from the contract (type-only imports, nothing added to the bundle) (main thread).
import type { FinishOrder } from "../../../domain/outbox-steps";
import { call } from "../../../lib/api-client";
import * as appointmentRoutes from "../../../../contract/gen/agendamentos";
import * as executionRoutes from "../../../../contract/gen/execucao";
import * as serviceRoutes from "../../../../contract/gen/servicos";
import * as evidenceRoutes from "../../../../contract/gen/evidencias";
import type { cancelAppointment } from "../../../../contract/agendamentos";
import type { BodyOf } from "../../../../contract/route";
import type * as E from "../../../../contract/execucao";
import type * as S from "../../../../contract/servicos";

export type { AppointmentDetails } from "../../../../contract/agendamentos";

export const getAppointment = (id: string, signal?: AbortSignal) =>
  call(appointmentRoutes.getAppointment, { params: { idSocioVeiculoAgenda: id } }, { signal });

export type { PointService, LinkedService, AnnualLimit } from "../../../../contract/servicos";
export type { Foto, Anotacao, Laudo, NotaFiscal } from "../../../../contract/evidencias";

export const listPointServices = (idPontoAtendimento: string, signal?: AbortSignal) =>
  call(serviceRoutes.listPointServices, { params: { idPontoAtendimento } }, { signal });
export const listLinkedServices = (id: string, signal?: AbortSignal) =>
  call(serviceRoutes.listLinkedServices, { params: { idSocioVeiculoAgenda: id } }, { signal });
/**
 * The screen links the service with the attendant's reason (descricao, kept as ObservacoesCredenciado); its photos and video
 * follow through the outbox, each attached by the "anexar-arquivo-servico" step once stored (serviceFileSteps).
 */
export const linkService = (
  b: Pick<BodyOf<typeof S.linkService>, "idPontoAtendimentoUsuario" | "idSocioVeiculoAgenda" | "idServico" | "descricao">,
) => call(serviceRoutes.linkService, { body: b });
export type ServiceFileKind = (typeof S.SERVICE_FILE_KINDS)[number];
export const unlinkService = (idSocioVeiculoAgendaExecucaoServico: string) =>
  call(serviceRoutes.unlinkService, { body: { idSocioVeiculoAgendaExecucaoServico } });
export const checkWarranty = (idSocioVeiculo: string, idServico: string) =>
  call(serviceRoutes.checkWarranty, { body: { idSocioVeiculo, idServico } });
export const checkAnnualLimit = (idSocioVeiculo: string) => call(serviceRoutes.checkAnnualLimit, { body: { idSocioVeiculo } });

export const listPhotos = (id: string, signal?: AbortSignal) => call(evidenceRoutes.listPhotos, { params: { id } }, { signal });
export const deletePhoto = (idSocioVeiculoAgendaExecucaoFoto: string) =>
  call(evidenceRoutes.deletePhoto, { body: { idSocioVeiculoAgendaExecucaoFoto } });

export const listNotes = (id: string, signal?: AbortSignal) => call(evidenceRoutes.listNotes, { params: { id } }, { signal });
export const deleteNote = (idSocioVeiculoAgendaExecucaoAnotacao: string) =>
  call(evidenceRoutes.deleteNote, { body: { idSocioVeiculoAgendaExecucaoAnotacao } });

export const listReceipts = (id: string, signal?: AbortSignal) => call(evidenceRoutes.listReceipts, { params: { id } }, { signal });
export const deleteReceipt = (idSocioVeiculoAgendaNotaFiscal: string) =>
  call(evidenceRoutes.deleteReceipt, { body: { idSocioVeiculoAgendaNotaFiscal } });

export const listReports = (id: string, signal?: AbortSignal) => call(evidenceRoutes.listReports, { params: { id } }, { signal });
export const deleteReport = (idSocioVeiculoAgendaLaudo: string) =>
  call(evidenceRoutes.deleteReport, { body: { idSocioVeiculoAgendaLaudo } });
/** The OS documents: laudos (/…-laudo calls) and recibos (the contract's notas fiscais). */
export type DocumentKind = "laudo" | "recibo";

/** Cancelling an OS from the execution screen: every id of the order, the contract's fixed reason and the day (dd/MM/yyyy). */
export const cancelOrder = (b: Required<BodyOf<typeof cancelAppointment>>) => call(appointmentRoutes.cancelAppointment, { body: b });

/**
 * Finishing an OS whose final video is already on it: one plain call. Without the video the finish is the outbox job's last
 * step instead (finishOrderSteps), with the same body: FinishOrder, which src/domain declares without the contract (the
 * intersection checks it against the contract's body).
 */
export const finishOrder = (b: FinishOrder & BodyOf<typeof E.finishOrder>) => call(executionRoutes.finishOrder, { body: b });
