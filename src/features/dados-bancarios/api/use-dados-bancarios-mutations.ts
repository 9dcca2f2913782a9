// The bank data screen's mutation hooks (create or edit, delete) beside their calls in dados-bancarios.ts: each owns the envelope
// check and the list's invalidation; the modals only add their UI (toast, close, error text) through MutationUi (main thread).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { BANK_DATA_MSG } from "../../../config/messages/bank-data.pt-BR";
import type { BankDataFields } from "../../../domain/bank-data";
import { unwrap } from "../../../lib/api-client";
import type { MutationUi } from "../../../lib/mutation-ui";
import { bankKeys } from "../query-options";
import { addBankData, deleteBankData, editBankData, type BankDataAnswer as Msg } from "./dados-bancarios";

/** The checked form; `id` is the entry being edited, none for a new one. */
export interface SaveBankInput {
  fields: BankDataFields;
  id?: string;
}

/**
 * After a create, edit or delete, failed or not, the list is stale (a new selected entry also unselects the others on the
 * server). The refetch is returned to onSettled, so the mutation stays pending (form disabled) until the list has it.
 */
export function useSaveBankData(pointId: string, ui: MutationUi<Msg, SaveBankInput> = {}) {
  const client = useQueryClient();
  return useMutation<Msg, Error, SaveBankInput>({
    ...ui,
    mutationFn: async ({ fields, id }) => {
      const body = { ...fields, Selecionado: fields.Selecionado === "S" ? ("S" as const) : ("N" as const), IdPontoAtendimento: pointId };
      const res = id ? await editBankData({ ...body, IdDadoBancario: id }) : await addBankData(body);
      return unwrap(res, BANK_DATA_MSG.bankData.saveFailed);
    },
    onSettled: (...args) => {
      void ui.onSettled?.(...args);
      return client.invalidateQueries({ queryKey: bankKeys.all });
    },
  });
}

export function useDeleteBankData(ui: MutationUi<Msg, string> = {}) {
  const client = useQueryClient();
  return useMutation<Msg, Error, string>({
    ...ui,
    mutationFn: async (id) => unwrap(await deleteBankData(id), BANK_DATA_MSG.bankData.deleteFailed),
    onSettled: (...args) => {
      void ui.onSettled?.(...args);
      return client.invalidateQueries({ queryKey: bankKeys.all });
    },
  });
}
