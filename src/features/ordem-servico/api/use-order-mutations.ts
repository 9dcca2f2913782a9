// The OS screen's mutation hooks beside their calls in order.ts: cancel, finish, link and unlink a service, add and delete a
// note, delete a laudo, recibo or photo. Each owns its envelope check and its invalidation (through orderKeys, and the agenda's
// root where the agenda changes too); the cards and modals only add their UI through MutationUi (main thread).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ORDER_MSG } from "../../../config/messages/order.pt-BR";
import type { FinishOrder } from "../../../domain/outbox-steps";
import { ApiFailure, unwrap } from "../../../lib/api-client";
import type { MutationUi } from "../../../lib/mutation-ui";
import { queryRoots } from "../../../lib/query-keys";
import { annualLimitsQuery, orderKeys } from "../query-options";
import type { cancelAppointment } from "../../../../contract/agendamentos";
import type * as E from "../../../../contract/execucao";
import type * as S from "../../../../contract/servicos";
import type * as V from "../../../../contract/evidencias";
import type { Answer } from "../../../../contract/route";
import {
  cancelOrder,
  checkAnnualLimit,
  checkWarranty,
  deleteNote,
  deletePhoto,
  deleteReceipt,
  deleteReport,
  finishOrder,
  linkService,
  unlinkService,
  type Anotacao,
  type DocumentKind,
} from "./order";

/** Each hook's data is its own route's answer in the contract. */
type CancelAnswer = Answer<typeof cancelAppointment>;
type FinishAnswer = Answer<typeof E.finishOrder>;
type UnlinkAnswer = Answer<typeof S.unlinkService>;
type NoteDeleteAnswer = Answer<typeof V.deleteNote>;
type DocumentDeleteAnswer = Answer<typeof V.deleteReport> | Answer<typeof V.deleteReceipt>;
type PhotoDeleteAnswer = Answer<typeof V.deletePhoto>;
export type CancelOrderInput = Parameters<typeof cancelOrder>[0];

/** A cancelled order leaves the agenda's open rows: after success the agenda and every card of the order refetch. */
export function useCancelOrder(ui: MutationUi<CancelAnswer, CancelOrderInput> = {}) {
  const client = useQueryClient();
  return useMutation<CancelAnswer, Error, CancelOrderInput>({
    ...ui,
    mutationFn: async (body) => unwrap(await cancelOrder(body), ORDER_MSG.order.cancelFailed),
    onSuccess: (data, body, ...rest) => {
      void client.invalidateQueries({ queryKey: queryRoots.agenda });
      void client.invalidateQueries({ queryKey: orderKeys.one(body.idSocioVeiculoAgenda) });
      return ui.onSuccess?.(data, body, ...rest);
    },
  });
}

/** The finish as one plain call (final video already on the order); after success the order and the agenda refetch. */
export function useFinishOrder(ui: MutationUi<FinishAnswer, FinishOrder> = {}) {
  const client = useQueryClient();
  return useMutation<FinishAnswer, Error, FinishOrder>({
    ...ui,
    mutationFn: async (body) => unwrap(await finishOrder(body), ORDER_MSG.finish.failed),
    onSuccess: (data, body, ...rest) => {
      void client.invalidateQueries({ queryKey: orderKeys.one(body.idSocioVeiculoAgenda) });
      void client.invalidateQueries({ queryKey: queryRoots.agenda });
      return ui.onSuccess?.(data, body, ...rest);
    },
  });
}

/** Which order and vehicle a service is linked to or unlinked from, and who does it. */
interface OrderRef {
  orderId: string;
  vehicleId: string;
}

/** The result of linking: linked (with the new link's id), or a refusal the attendant must read (warranty, annual limit, duplicate). */
export type LinkOutcome = { linked: true; linkId: string } | { linked: false; info: string };
/** The chosen service, the attendant's reason and the ids already on the order (a duplicate is refused before any call). */
export interface LinkInput {
  idServico: string;
  descricao: string;
  linkedIds: ReadonlySet<string>;
}

/**
 * Duplicate, warranty and annual-limit checks, then the link. The limits answer fills the vehicle's limits query; once linked,
 * every card of the order and the vehicle's limits refetch.
 */
export function useLinkService({ orderId, vehicleId, userId }: OrderRef & { userId: string }, ui: MutationUi<LinkOutcome, LinkInput> = {}) {
  const client = useQueryClient();
  const t = ORDER_MSG.services;
  return useMutation<LinkOutcome, Error, LinkInput>({
    ...ui,
    mutationFn: async ({ idServico, descricao, linkedIds }) => {
      if (linkedIds.has(idServico)) return { linked: false, info: t.alreadyAdded };
      // The checks' own words, not the server's: the attendant needs to know which check could not run.
      const warranty = await checkWarranty(vehicleId, idServico);
      if (!warranty.ok) throw new ApiFailure(t.warrantyCheckFailed);
      if (warranty.data.garantiaValida) return { linked: false, info: t.warranty };
      const limits = await checkAnnualLimit(vehicleId);
      if (!limits.ok) throw new ApiFailure(t.limitCheckFailed);
      client.setQueryData(annualLimitsQuery(vehicleId).queryKey, limits.data.servicos ?? []);
      // A limit of 0 (or none) means unlimited: only a positive limit already used up refuses.
      const row = (limits.data.servicos ?? []).find((s) => s.idServico === idServico);
      if (row && row.limiteAnual > 0 && !row.podeUsar) return { linked: false, info: t.annualLimit };
      const done = unwrap(
        await linkService({ idPontoAtendimentoUsuario: userId, idSocioVeiculoAgenda: orderId, idServico, descricao }),
        t.linkFailed,
      );
      return { linked: true, linkId: done.idSocioVeiculoAgendaExecucaoServico };
    },
    onSettled: (outcome, ...rest) => {
      if (outcome?.linked) {
        void client.invalidateQueries({ queryKey: orderKeys.one(orderId) });
        void client.invalidateQueries({ queryKey: orderKeys.limits(vehicleId) });
      }
      return ui.onSettled?.(outcome, ...rest);
    },
  });
}

/** Removes a linked service (by its link id); failed or not, every card of the order and the vehicle's limits refetch. */
export function useUnlinkService({ orderId, vehicleId }: OrderRef, ui: MutationUi<UnlinkAnswer, string> = {}) {
  const client = useQueryClient();
  return useMutation<UnlinkAnswer, Error, string>({
    ...ui,
    mutationFn: async (linkId) => unwrap(await unlinkService(linkId), ""),
    onSettled: (...args) => {
      void client.invalidateQueries({ queryKey: orderKeys.one(orderId) });
      void client.invalidateQueries({ queryKey: orderKeys.limits(vehicleId) });
      return ui.onSettled?.(...args);
    },
  });
}

/** Deletes a note; failed or not the notes refetch (not awaited: the confirmation closes at once). */
export function useDeleteNote(orderId: string, ui: MutationUi<NoteDeleteAnswer, Anotacao> = {}) {
  const client = useQueryClient();
  return useMutation<NoteDeleteAnswer, Error, Anotacao>({
    ...ui,
    mutationFn: async (note) => unwrap(await deleteNote(note.IdSocioVeiculoAgendaExecucaoAnotacao), ORDER_MSG.notes.removeFailed),
    onSettled: (...args) => {
      void ui.onSettled?.(...args);
      void client.invalidateQueries({ queryKey: orderKeys.notes(orderId) });
    },
  });
}

/** Deletes a laudo or a recibo by its id; failed or not that kind's list refetches (not awaited). */
export function useDeleteDocument(orderId: string, kind: DocumentKind, ui: MutationUi<DocumentDeleteAnswer, string> = {}) {
  const client = useQueryClient();
  return useMutation<DocumentDeleteAnswer, Error, string>({
    ...ui,
    mutationFn: async (id) =>
      kind === "laudo"
        ? unwrap(await deleteReport(id), ORDER_MSG.documents.reportRemoveFailed)
        : unwrap(await deleteReceipt(id), ORDER_MSG.documents.receiptRemoveFailed),
    onSettled: (...args) => {
      void ui.onSettled?.(...args);
      void client.invalidateQueries({ queryKey: kind === "laudo" ? orderKeys.reports(orderId) : orderKeys.receipts(orderId) });
    },
  });
}

/** Deletes a saved photo or video of the execution by its id; after success the photos refetch. */
export function useDeletePhoto(orderId: string, ui: MutationUi<PhotoDeleteAnswer, string> = {}) {
  const client = useQueryClient();
  return useMutation<PhotoDeleteAnswer, Error, string>({
    ...ui,
    mutationFn: async (id) => unwrap(await deletePhoto(id), ORDER_MSG.order.photoRemoveFailed),
    onSuccess: (...args) => {
      void client.invalidateQueries({ queryKey: orderKeys.photos(orderId) });
      return ui.onSuccess?.(...args);
    },
  });
}
