// The agenda's mutation hooks (book, reschedule, cancel) beside their calls in agendamentos.ts: each owns the envelope check
// and the agenda's invalidation; the modals only add their UI (toast, close, error text) through MutationUi (main thread).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { AGENDA_MSG } from "../../../config/messages/agenda.pt-BR";
import { unwrap, type ApiResult } from "../../../lib/api-client";
import type { MutationUi } from "../../../lib/mutation-ui";
import { agendaKeys } from "../query-options";
import { cancelAppointment, rescheduleAppointment, scheduleAppointment } from "./agendamentos";

type Msg = { message: string };
export type ScheduleInput = Parameters<typeof scheduleAppointment>[0];
export type RescheduleInput = Parameters<typeof rescheduleAppointment>[0];
export type CancelInput = Parameters<typeof cancelAppointment>[0];

/**
 * After every change, failed or not, the list and the slots are stale (a booking takes a slot, a cancel frees one). The refetch
 * is returned to onSettled, so the mutation stays pending (buttons disabled) until the agenda has it.
 */
function useAgendaMutation<TVars>(call: (vars: TVars) => Promise<ApiResult<Msg>>, fallback: string, ui: MutationUi<Msg, TVars>) {
  const client = useQueryClient();
  return useMutation<Msg, Error, TVars>({
    ...ui,
    mutationFn: async (vars) => unwrap(await call(vars), fallback),
    onSettled: (...args) => {
      void ui.onSettled?.(...args);
      return client.invalidateQueries({ queryKey: agendaKeys.all });
    },
  });
}

export const useScheduleAppointment = (ui: MutationUi<Msg, ScheduleInput> = {}) =>
  useAgendaMutation(scheduleAppointment, AGENDA_MSG.agenda.createFailed, ui);

export const useRescheduleAppointment = (ui: MutationUi<Msg, RescheduleInput> = {}) =>
  useAgendaMutation(rescheduleAppointment, AGENDA_MSG.agenda.rescheduleFailed, ui);

export const useCancelAppointment = (ui: MutationUi<Msg, CancelInput> = {}) =>
  useAgendaMutation(cancelAppointment, AGENDA_MSG.agenda.cancelFailed, ui);
