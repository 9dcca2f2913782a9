// The approvals' mutation hooks beside their calls (approvals.ts): each owns the envelope check and the refresh of the console
// after it (both approval lists, the worklist's counts, an item's history), whether it went through or someone else decided
// first; the section adds its UI through MutationUi (main thread).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { unwrap } from "../../../lib/api-client";
import type { MutationUi } from "../../../lib/mutation-ui";
import { centralKeys } from "../query-options";
import { approveSelected, approveService, rejectService, undoDecision } from "./approvals";
import type * as C from "../../../../contract/central-approvals";
import type { Answer } from "../../../../contract/route";

export const APPROVE_FAILED = "Não foi possível aprovar o serviço. Tente novamente.";
export const REJECT_FAILED = "Não foi possível recusar o serviço. Tente novamente.";
export const UNDO_FAILED = "Não foi possível desfazer a decisão. Tente novamente.";
export const BULK_FAILED = "Não foi possível aprovar os serviços selecionados. Tente novamente.";

/** A decision that went through, and how long its undo stays open from now (the request's own time already spent). */
export type Decided = Answer<typeof C.approveService> & { undoMs: number };

/** Every query of the console: a decision moves both lists, the worklist's counts and the item's history. */
function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: centralKeys.all });
}

/** The time the answer took is taken off the undo's seconds: the server counts from its decision, not from the answer. */
async function timed(call: () => Promise<Answer<typeof C.approveService>>): Promise<Decided> {
  const started = performance.now();
  const answer = await call();
  return { ...answer, undoMs: Math.max(0, answer.desfazerEmSegundos * 1000 - (performance.now() - started)) };
}

export function useApproveService(ui: MutationUi<Decided, string> = {}) {
  const refresh = useRefresh();
  return useMutation<Decided, Error, string>({
    ...ui,
    mutationFn: (id) => timed(async () => unwrap(await approveService(id), APPROVE_FAILED)),
    onSettled: (...args) => {
      void ui.onSettled?.(...args);
      return refresh();
    },
  });
}

export interface RejectInput {
  id: string;
  note: string;
}
export function useRejectService(ui: MutationUi<Decided, RejectInput> = {}) {
  const refresh = useRefresh();
  return useMutation<Decided, Error, RejectInput>({
    ...ui,
    mutationFn: ({ id, note }) => timed(async () => unwrap(await rejectService(id, note), REJECT_FAILED)),
    onSettled: (...args) => {
      void ui.onSettled?.(...args);
      return refresh();
    },
  });
}

type Undone = Answer<typeof C.undoDecision>;
export function useUndoDecision(ui: MutationUi<Undone, string> = {}) {
  const refresh = useRefresh();
  return useMutation<Undone, Error, string>({
    ...ui,
    mutationFn: async (id) => unwrap(await undoDecision(id), UNDO_FAILED),
    onSettled: (...args) => {
      void ui.onSettled?.(...args);
      return refresh();
    },
  });
}

type BulkAnswer = Answer<typeof C.approveSelected>;
export function useApproveSelected(ui: MutationUi<BulkAnswer, string[]> = {}) {
  const refresh = useRefresh();
  return useMutation<BulkAnswer, Error, string[]>({
    ...ui,
    mutationFn: async (ids) => unwrap(await approveSelected(ids), BULK_FAILED),
    onSettled: (...args) => {
      void ui.onSettled?.(...args);
      return refresh();
    },
  });
}
