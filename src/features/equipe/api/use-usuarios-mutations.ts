// The Equipe screen's mutation hooks beside their calls (usuarios.ts): each owns the envelope check and the list's
// invalidation; the screen adds only its UI (toast, closing a modal, the access link dialog) through MutationUi (main thread).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { TEAM_MSG } from "../../../config/messages/team.pt-BR";
import { unwrapSuccess } from "../../../lib/api-client";
import type { MutationUi } from "../../../lib/mutation-ui";
import { teamKeys } from "../query-options";
import { addUser, createAccessLink, deactivateUser, reactivateUser, updateUser, type AccessLink, type UserFields } from "./usuarios";

const M = TEAM_MSG.team;

/** The checked form; `id` is the user being edited, none for a new one (whose answer carries the invitation link). */
export interface SaveUserInput {
  fields: UserFields;
  id?: string;
}
export type SaveUserResult = { acesso?: AccessLink };

/**
 * Failed or not, the list may be stale (a 409 can mean another administrator changed the team meanwhile). The refetch is
 * returned to onSettled, so the form stays pending until the list on screen has the change.
 */
function useTeamMutation<TData, TVars>(mutationFn: (vars: TVars) => Promise<TData>, ui: MutationUi<TData, TVars>) {
  const client = useQueryClient();
  return useMutation<TData, Error, TVars>({
    ...ui,
    mutationFn,
    onSettled: (...args) => {
      void ui.onSettled?.(...args);
      return client.invalidateQueries({ queryKey: teamKeys.all });
    },
  });
}

export function useSaveUser(pointId: string, ui: MutationUi<SaveUserResult, SaveUserInput> = {}) {
  return useTeamMutation<SaveUserResult, SaveUserInput>(async ({ fields, id }) => {
    if (id) {
      unwrapSuccess(await updateUser({ ...fields, IdPontoAtendimentoUsuario: id }), M.saveFailed);
      return {};
    }
    return { acesso: unwrapSuccess(await addUser({ ...fields, IdPontoAtendimento: pointId }), M.saveFailed).acesso };
  }, ui);
}

export function useDeactivateUser(ui: MutationUi<unknown, string> = {}) {
  return useTeamMutation(async (id: string) => unwrapSuccess(await deactivateUser(id), M.deactivateFailed), ui);
}

export function useReactivateUser(ui: MutationUi<unknown, string> = {}) {
  return useTeamMutation(async (id: string) => unwrapSuccess(await reactivateUser(id), M.reactivateFailed), ui);
}

/** A new link replaces the user's earlier ones on the server; the list is refreshed like after the other actions. */
export function useAccessLink(ui: MutationUi<AccessLink, string> = {}) {
  return useTeamMutation(async (id: string) => unwrapSuccess(await createAccessLink(id), M.linkFailed).acesso, ui);
}
