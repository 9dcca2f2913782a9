// The approvals' mutation hooks beside their calls (central.ts): each owns the envelope check and the invalidation of the
// pending list and the item's history; the section adds its UI through MutationUi (main thread).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { unwrap } from "../../../lib/api-client";
import type { MutationUi } from "../../../lib/mutation-ui";
import { centralKeys } from "../query-options";
import { approveService, rejectService } from "./central";
import type * as C from "../../../../contract/central-approvals";
import type { Answer } from "../../../../contract/route";

type Done = Answer<typeof C.approveService>;
export const APPROVE_FAILED = "Não foi possível aprovar o serviço. Tente novamente.";
export const REJECT_FAILED = "Não foi possível recusar o serviço. Tente novamente.";

export function useApproveService(ui: MutationUi<Done, string> = {}) {
  const client = useQueryClient();
  return useMutation<Done, Error, string>({
    ...ui,
    mutationFn: async (id) => unwrap(await approveService(id), APPROVE_FAILED),
    onSettled: (...args) => {
      void ui.onSettled?.(...args);
      return client.invalidateQueries({ queryKey: centralKeys.all });
    },
  });
}

export interface RejectInput {
  id: string;
  note: string;
}
export function useRejectService(ui: MutationUi<Done, RejectInput> = {}) {
  const client = useQueryClient();
  return useMutation<Done, Error, RejectInput>({
    ...ui,
    mutationFn: async ({ id, note }) => unwrap(await rejectService(id, note), REJECT_FAILED),
    onSettled: (...args) => {
      void ui.onSettled?.(...args);
      return client.invalidateQueries({ queryKey: centralKeys.all });
    },
  });
}
