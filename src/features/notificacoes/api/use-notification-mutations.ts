// The notifications' mutation hooks: mark some read (opened or clicked) and mark all read, for this user only; each owns its
// envelope check and refreshes the bell and the list (main thread).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { NOTIFICATIONS_MSG } from "../../../config/messages/notifications.pt-BR";
import { unwrapSuccess } from "../../../lib/api-client";
import type { MutationUi } from "../../../lib/mutation-ui";
import { notificationKeys } from "../query-options";
import { markAllNotificationsRead, markNotificationsRead } from "./notificacoes";

type Done = { success: true; message: string };

export function useMarkNotificationsRead(ui: MutationUi<Done, string[]> = {}) {
  const client = useQueryClient();
  return useMutation<Done, Error, string[]>({
    ...ui,
    mutationFn: async (ids) => unwrapSuccess(await markNotificationsRead(ids), NOTIFICATIONS_MSG.notifications.markAllFailed),
    onSettled: (...args) => {
      void ui.onSettled?.(...args);
      return client.invalidateQueries({ queryKey: notificationKeys.all });
    },
  });
}

export function useMarkAllNotificationsRead(ui: MutationUi<Done, void> = {}) {
  const client = useQueryClient();
  return useMutation<Done, Error, void>({
    ...ui,
    mutationFn: async () => unwrapSuccess(await markAllNotificationsRead(), NOTIFICATIONS_MSG.notifications.markAllFailed),
    onSettled: (...args) => {
      void ui.onSettled?.(...args);
      return client.invalidateQueries({ queryKey: notificationKeys.all });
    },
  });
}
