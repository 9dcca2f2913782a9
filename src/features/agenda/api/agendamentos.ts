// Calls of /agendamentos used by the agenda: list, schedule, reschedule, cancel, slots, motivations; their types come from the
// contract (type-only imports, nothing added to the bundle) (main thread). The plate lookup, shared with the scanner, is src/lib/plate-lookup.ts.
import { call } from "../../../lib/api-client";
import * as routes from "../../../../contract/gen/agendamentos";
import type * as C from "../../../../contract/agendamentos";
import type { BodyOf } from "../../../../contract/route";

export type { AgendaRow, AppointmentDetails, Motivacao } from "../../../../contract/agendamentos";

/**
 * Optional range (yyyy-MM-dd, both ends included) so the 10 s poll does not download years of history; none gives the full list.
 * `status` "A" gives open orders only (pending and in progress).
 */
export const listAppointments = (
  idPontoAtendimento: string,
  range: { dataInicio?: string; dataFim?: string; status?: "A" } = {},
  signal?: AbortSignal,
) => {
  const { status, dataInicio, dataFim } = range;
  return call(routes.listAppointments, { params: { idPontoAtendimento }, query: { status, dataInicio, dataFim } }, { signal });
};
/** The original client sends pecaPorContaDoSocio; this portal books the member's part as N. */
export const scheduleAppointment = (b: Omit<BodyOf<typeof C.scheduleAppointment>, "pecaPorContaDoSocio">) =>
  call(routes.scheduleAppointment, { body: { ...b, pecaPorContaDoSocio: "N" } });
export const rescheduleAppointment = (b: BodyOf<typeof C.rescheduleAppointment>) => call(routes.rescheduleAppointment, { body: b });
export const cancelAppointment = (b: BodyOf<typeof C.cancelAppointment>) => call(routes.cancelAppointment, { body: b });
export const listAvailableSlots = (b: BodyOf<typeof C.listFreeSlots>) => call(routes.listFreeSlots, { body: b });
export const listMotivations = () => call(routes.listMotivations);
