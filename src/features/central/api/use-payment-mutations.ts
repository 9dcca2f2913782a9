// The Pagamentos section's mutation hooks (pay the selected payouts as a batch, undo a batch or a payment, attach a batch's
// proof, confirm a point's new payment data) beside their calls in payments.ts and central.ts: each owns the envelope check and
// the invalidation; the section only adds its UI (toast, closing the modal, the selection) (main thread).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { unwrapSuccess } from "../../../lib/api-client";
import type { MutationUi } from "../../../lib/mutation-ui";
import { centralKeys } from "../query-options";
import { CENTRAL_MSG } from "../../../config/messages/central.pt-BR";
import { confirmPayee, undoPayment } from "./central";
import { payBatch, undoBatch, uploadBatchProof } from "./payments";
import { paymentKeys } from "../payments-queries";
import { PAYMENTS_MSG } from "../../../config/messages/central-payments.pt-BR";
import type * as C from "../../../../contract/central-payments";
import type * as Pt from "../../../../contract/central-points";
import type { Answer, BodyOf } from "../../../../contract/route";

type Msg = Answer<typeof C.undoPayment>;
type ConfirmAnswer = Answer<typeof Pt.confirmPayee>;
type PayAnswer = Answer<typeof C.payPayouts>;
type UndoBatchAnswer = Answer<typeof C.undoBatch>;
/** The payouts' ids, dataPagamento (YYYY-MM-DD, today or before: the server refuses a future date) and the reference. */
export type PayInput = BodyOf<typeof C.payPayouts>;

const UNDO_FAILED = PAYMENTS_MSG.undo.failed;

/**
 * Every payouts list, whatever its filters: TanStack matches an object in a key by its listed properties only, so `{}` matches
 * every filter object (centralKeys has no root of its own for the payouts).
 */
const everyPayoutList = centralKeys.payouts({});

/**
 * Failed or not, the lists are stale (a 409 means another user paid some of the rows meanwhile). The refetch is returned to
 * onSettled, so the modal stays pending until the list on screen has the new statuses.
 */
export function usePayPayouts(ui: MutationUi<PayAnswer, PayInput> = {}) {
  const client = useQueryClient();
  return useMutation<PayAnswer, Error, PayInput>({
    ...ui,
    mutationFn: async (b) => unwrapSuccess(await payBatch(b), PAYMENTS_MSG.payFailed),
    onSettled: (...args) => {
      void ui.onSettled?.(...args);
      const ids = args[2].ids;
      return Promise.all([
        client.invalidateQueries({ queryKey: everyPayoutList }),
        client.invalidateQueries({ queryKey: paymentKeys.all }),
        ...ids.map((id) => client.invalidateQueries({ queryKey: centralKeys.history(id) })),
      ]);
    },
  });
}

/** Undo one payment (the payout's id); the server refuses it after the day it was registered. */
/** An undo names what it undoes and why (the reason is required: it goes to the journal of money actions). */
export interface UndoInput {
  id: string;
  motivo: string;
}

export function useUndoPayment(ui: MutationUi<Msg, UndoInput> = {}) {
  const client = useQueryClient();
  return useMutation<Msg, Error, UndoInput>({
    ...ui,
    mutationFn: async ({ id, motivo }) => unwrapSuccess(await undoPayment(id, motivo), UNDO_FAILED),
    onSettled: (...args) => {
      void ui.onSettled?.(...args);
      return Promise.all([
        client.invalidateQueries({ queryKey: everyPayoutList }),
        client.invalidateQueries({ queryKey: paymentKeys.all }),
        client.invalidateQueries({ queryKey: centralKeys.history(args[2].id) }),
      ]);
    },
  });
}

export interface ConfirmPayeeInput {
  pointId: string;
  /** The AlteradoEm of the data the user looked at. */
  alteradoEm: string;
  /** The first confirmation's DataHora the user looked at; null when it showed none. */
  primeiraConfirmacaoEm: string | null;
}

/**
 * Confirms a point's new payment data: its held payouts become payable (for a natural person, after a second user's
 * confirmation: the answer's Liberado says which). Failed or not (a 409 means the data changed again, or someone confirmed it
 * meanwhile), the dialog's data, the payouts lists and the record are refetched; the refetch is returned so the dialog stays
 * pending until the list on screen shows the rows as they are.
 */
export function useConfirmPayee(ui: MutationUi<ConfirmAnswer, ConfirmPayeeInput> = {}) {
  const client = useQueryClient();
  return useMutation<ConfirmAnswer, Error, ConfirmPayeeInput>({
    ...ui,
    mutationFn: async ({ pointId, ...body }) => unwrapSuccess(await confirmPayee(pointId, body), CENTRAL_MSG.payee.confirmFailed),
    onSettled: (...args) => {
      void ui.onSettled?.(...args);
      return Promise.all([
        client.invalidateQueries({ queryKey: everyPayoutList }),
        client.invalidateQueries({ queryKey: centralKeys.payee(args[2].pointId) }),
        client.invalidateQueries({ queryKey: centralKeys.audits() }),
      ]);
    },
  });
}

/**
 * Undo a batch (its id): every payout of it is pending again. The server answers a second request of the same user (a double
 * click that got past the disabled button) as done, so it is never reported as a failure.
 */
export function useUndoBatch(ui: MutationUi<UndoBatchAnswer, UndoInput> = {}) {
  const client = useQueryClient();
  return useMutation<UndoBatchAnswer, Error, UndoInput>({
    ...ui,
    mutationFn: async ({ id, motivo }) => unwrapSuccess(await undoBatch(id, motivo), UNDO_FAILED),
    onSettled: (...args) => {
      void ui.onSettled?.(...args);
      return Promise.all([
        client.invalidateQueries({ queryKey: everyPayoutList }),
        client.invalidateQueries({ queryKey: paymentKeys.all }),
        client.invalidateQueries({ queryKey: ["central", "historico"] }),
      ]);
    },
  });
}

export interface ProofInput {
  batchId: string;
  file: File;
}

/** Attach (or replace) a batch's proof; the batches are refetched, so the list shows its name. */
export function useUploadProof(ui: MutationUi<Answer<typeof C.uploadBatchProof>, ProofInput> = {}) {
  const client = useQueryClient();
  return useMutation<Answer<typeof C.uploadBatchProof>, Error, ProofInput>({
    ...ui,
    mutationFn: async ({ batchId, file }) => unwrapSuccess(await uploadBatchProof(batchId, file), PAYMENTS_MSG.proofSaveFailed),
    onSettled: (...args) => {
      void ui.onSettled?.(...args);
      return client.invalidateQueries({ queryKey: paymentKeys.all });
    },
  });
}
