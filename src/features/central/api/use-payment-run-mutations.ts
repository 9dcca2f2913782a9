// The payment runs' mutation hooks (issue 49) beside their calls in payment-runs.ts: add a paying account, create a run from
// payable payouts, generate its file, mark it sent, cancel it, import the bank's return file, attach a paid transfer's proof.
// Each owns the envelope check and the invalidation; the screens add only their UI (the live message, closing a modal) (main
// thread).
import { useMutation, useQueryClient, type UseMutationResult } from "@tanstack/react-query";
import { unwrapSuccess } from "../../../lib/api-client";
import type { MutationUi } from "../../../lib/mutation-ui";
import { PAYMENTS_MSG } from "../../../config/messages/central-payments.pt-BR";
import type * as R from "../../../../contract/central-payment-runs";
import type { Answer } from "../../../../contract/route";
import { paymentKeys } from "../payments-queries";
import { runKeys } from "../payment-runs-queries";
import {
  cancelRun,
  createBankProfile,
  createRun,
  generateRunFile,
  importReturn,
  markRunSent,
  uploadTransferProof,
  type BankProfileInput,
  type CreateRunInput,
  type ImportReturnAnswer,
  type ImportReturnInput,
} from "./payment-runs";

type RunAnswer = Answer<typeof R.createRun>;
type ProfileAnswer = Answer<typeof R.createBankProfile>;
type ProofAnswer = Answer<typeof R.uploadTransferProof>;

const FAILED = PAYMENTS_MSG.run.failed;

/**
 * A step of a run moves payouts between situations (payable, in a run, paid) and writes the journal: every payouts list, run
 * and journal page is stale, failed or not (a 409 means another clerk moved the run first). The refetch is returned, so the
 * screen stays pending until it shows the run's new state.
 */
function useRunStep<TVars, TData>(
  call: (vars: TVars) => Promise<TData>,
  ui: MutationUi<TData, TVars>,
): UseMutationResult<TData, Error, TVars> {
  const client = useQueryClient();
  return useMutation<TData, Error, TVars>({
    ...ui,
    mutationFn: call,
    onSettled: (...args) => {
      void ui.onSettled?.(...args);
      return client.invalidateQueries({ queryKey: paymentKeys.all });
    },
  });
}

/** A draft run of the selected payable payouts, on a date, from a paying account (all or nothing). */
export const useCreateRun = (ui: MutationUi<RunAnswer, CreateRunInput> = {}) =>
  useRunStep(async (b: CreateRunInput) => unwrapSuccess(await createRun(b), PAYMENTS_MSG.newRun.failed), ui);

/** Generates the run's remessa on the server (again: the same file); the download is the screen's next step. */
export const useGenerateRunFile = (ui: MutationUi<RunAnswer, string> = {}) =>
  useRunStep(async (id: string) => unwrapSuccess(await generateRunFile(id), FAILED), ui);

/** Records that the run's file went to the bank. */
export const useMarkRunSent = (ui: MutationUi<RunAnswer, string> = {}) =>
  useRunStep(async (id: string) => unwrapSuccess(await markRunSent(id), FAILED), ui);

export interface CancelRunInput {
  id: string;
  /** Required; the server refuses a blank one. */
  motivo: string;
}

/** Cancels a run not yet sent: its payouts are payable again. */
export const useCancelRun = (ui: MutationUi<RunAnswer, CancelRunInput> = {}) =>
  useRunStep(async ({ id, motivo }: CancelRunInput) => unwrapSuccess(await cancelRun(id, motivo), PAYMENTS_MSG.cancelRun.failed), ui);

/** The bank's return file: transfers paid or rejected, their payouts paid or payable again. */
export const useImportReturn = (ui: MutationUi<ImportReturnAnswer, ImportReturnInput> = {}) =>
  useRunStep(async (b: ImportReturnInput) => unwrapSuccess(await importReturn(b), PAYMENTS_MSG.importReturn.failed), ui);

/** A new paying account; the list (and the new-run dialog's choice) is refetched. */
export function useCreateBankProfile(ui: MutationUi<ProfileAnswer, BankProfileInput> = {}) {
  const client = useQueryClient();
  return useMutation<ProfileAnswer, Error, BankProfileInput>({
    ...ui,
    mutationFn: async (b) => unwrapSuccess(await createBankProfile(b), PAYMENTS_MSG.profileForm.failed),
    onSettled: (...args) => {
      void ui.onSettled?.(...args);
      return client.invalidateQueries({ queryKey: runKeys.profiles() });
    },
  });
}

export interface TransferProofInput {
  transferId: string;
  file: File;
}

/** Attach (or replace) a paid transfer's proof; the open runs are refetched, so the transfer shows its name. */
export function useUploadTransferProof(ui: MutationUi<ProofAnswer, TransferProofInput> = {}) {
  const client = useQueryClient();
  return useMutation<ProofAnswer, Error, TransferProofInput>({
    ...ui,
    mutationFn: async ({ transferId, file }) => unwrapSuccess(await uploadTransferProof(transferId, file), PAYMENTS_MSG.proofSaveFailed),
    onSettled: (...args) => {
      void ui.onSettled?.(...args);
      return client.invalidateQueries({ queryKey: runKeys.runDetails() });
    },
  });
}
