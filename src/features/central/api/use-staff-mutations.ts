// The central staff's mutation hooks beside their calls (staff.ts): each owns the envelope check and the invalidation of the
// staff list (and the colleague's history); the section adds only its UI through MutationUi (main thread).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { unwrapSuccess } from "../../../lib/api-client";
import type { MutationUi } from "../../../lib/mutation-ui";
import { STAFF_MSG } from "../../../config/messages/central-staff.pt-BR";
import { staffKeys } from "../staff-queries";
import { centralKeys } from "../query-options";
import {
  changeOwnPassword,
  changeRole,
  deactivateColleague,
  inviteColleague,
  newInvitationLink,
  reactivateColleague,
  type AccessLink,
  type CentralRole,
  type InviteFields,
} from "./staff";

type Done = { success: true; message: string };

/** The list (and the colleague's history) is stale whether the change went through or was refused (someone else acted). */
function useStaffMutation<V, R extends Done>(call: (v: V) => Promise<R>, idOf: (v: V) => string | undefined, ui: MutationUi<R, V>) {
  const client = useQueryClient();
  return useMutation<R, Error, V>({
    ...ui,
    mutationFn: call,
    onSettled: (...args) => {
      void ui.onSettled?.(...args);
      const id = idOf(args[2]);
      return Promise.all([
        client.invalidateQueries({ queryKey: staffKeys.all }),
        id ? client.invalidateQueries({ queryKey: centralKeys.history(id) }) : undefined,
      ]);
    },
  });
}

export type Invited = Done & { Id: string; acesso: AccessLink };

export const useInviteColleague = (ui: MutationUi<Invited, InviteFields> = {}) =>
  useStaffMutation(
    async (f: InviteFields) => unwrapSuccess(await inviteColleague(f), STAFF_MSG.inviteFailed),
    () => undefined,
    ui,
  );

export const useNewInvitationLink = (ui: MutationUi<Done & { acesso: AccessLink }, string> = {}) =>
  useStaffMutation(
    async (id: string) => unwrapSuccess(await newInvitationLink(id), STAFF_MSG.linkFailed),
    (id) => id,
    ui,
  );

export interface RoleInput {
  id: string;
  role: CentralRole;
}
export const useChangeRole = (ui: MutationUi<Done, RoleInput> = {}) =>
  useStaffMutation(
    async ({ id, role }: RoleInput) => unwrapSuccess(await changeRole(id, role), STAFF_MSG.roleFailed),
    (v) => v.id,
    ui,
  );

export const useDeactivateColleague = (ui: MutationUi<Done, string> = {}) =>
  useStaffMutation(
    async (id: string) => unwrapSuccess(await deactivateColleague(id), STAFF_MSG.deactivateFailed),
    (id) => id,
    ui,
  );

export const useReactivateColleague = (ui: MutationUi<Done, string> = {}) =>
  useStaffMutation(
    async (id: string) => unwrapSuccess(await reactivateColleague(id), STAFF_MSG.reactivateFailed),
    (id) => id,
    ui,
  );

export interface PasswordInput {
  current: string;
  password: string;
  confirmation: string;
}
/** Nothing listed changes: no invalidation (the other sessions end on the server). */
export function useChangeOwnPassword(ui: MutationUi<Done, PasswordInput> = {}) {
  return useMutation<Done, Error, PasswordInput>({
    ...ui,
    mutationFn: async ({ current, password, confirmation }) =>
      unwrapSuccess(await changeOwnPassword(current, password, confirmation), STAFF_MSG.passwordFailed),
  });
}
