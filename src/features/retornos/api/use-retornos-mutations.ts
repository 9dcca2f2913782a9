// The service returns' mutation hooks (create or update, delete) beside their calls in retornos.ts: each owns the envelope check
// and the list's invalidation; the page and the form only add their UI (toast, close, error text) through MutationUi (main thread).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { RETURNS_MSG } from "../../../config/messages/returns.pt-BR";
import { unwrapSuccess } from "../../../lib/api-client";
import type { MutationUi } from "../../../lib/mutation-ui";
import { returnKeys } from "../query-options";
import { addReturn, deleteReturn, updateReturn, type ReturnAnswer, type RetornoInput } from "./retornos";

/** The form's data; `id` is the return being edited, none for a new one. */
export interface SaveReturnInput {
  data: RetornoInput;
  id?: string;
}

/**
 * Resolves with the return's id (the new one on create), which its files then attach to. After a save or delete, failed or
 * not, the list is stale; the refetch is returned to onSettled, so the mutation stays pending until the list has it.
 */
export function useSaveReturn(ui: MutationUi<string, SaveReturnInput> = {}) {
  const client = useQueryClient();
  return useMutation<string, Error, SaveReturnInput>({
    ...ui,
    mutationFn: async ({ data, id }) => {
      if (id) {
        unwrapSuccess(await updateReturn(id, data), RETURNS_MSG.returns.updateFailed);
        return id;
      }
      return unwrapSuccess(await addReturn(data), RETURNS_MSG.returns.createFailed).data.IdRetornoServico;
    },
    onSettled: (...args) => {
      void ui.onSettled?.(...args);
      return client.invalidateQueries({ queryKey: returnKeys.all });
    },
  });
}

export function useDeleteReturn(ui: MutationUi<ReturnAnswer, string> = {}) {
  const client = useQueryClient();
  return useMutation<ReturnAnswer, Error, string>({
    ...ui,
    mutationFn: async (id) => unwrapSuccess(await deleteReturn(id), RETURNS_MSG.returns.deleteFailed),
    onSettled: (...args) => {
      void ui.onSettled?.(...args);
      return client.invalidateQueries({ queryKey: returnKeys.all });
    },
  });
}
