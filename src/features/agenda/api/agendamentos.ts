// Calls of /agendamentos used by the agenda: list, schedule, reschedule, cancel, slots, motivations; their types come from the
// contract (type-only imports, nothing added to the bundle) (main thread). The plate lookup, shared with the scanner, is src/lib/plate-lookup.ts.
import { get, post, seg } from "../../../lib/api-client";
import type * as C from "../../../../contract/agendamentos";
import type { Answer, BodyOf } from "../../../../contract/route";

export type { AgendaRow, AppointmentDetails, Motivacao } from "../../../../contract/agendamentos";

type Msg = Answer<typeof C.rescheduleAppointment>;

/**
 * Optional range (yyyy-MM-dd, both ends included) so the 10 s poll does not download years of history; none gives the full list.
 * `status` "A" gives open orders only (pending and in progress).
 */
export const listAppointments = (
  idPontoAtendimento: string,
  range: { dataInicio?: string; dataFim?: string; status?: "A" } = {},
  signal?: AbortSignal,
) => {
  const q = new URLSearchParams();
  if (range.status) q.set("status", range.status);
  if (range.dataInicio) q.set("dataInicio", range.dataInicio);
  if (range.dataFim) q.set("dataFim", range.dataFim);
  const query = q.toString() ? `?${q.toString()}` : "";
  return get<Answer<typeof C.listAppointments>>(`/agendamentos/lista/${seg(idPontoAtendimento)}${query}`, {
    signal,
  });
};
/** The original client sends pecaPorContaDoSocio; this portal books the member's part as N. */
export const scheduleAppointment = (b: Omit<BodyOf<typeof C.scheduleAppointment>, "pecaPorContaDoSocio">) =>
  post<Answer<typeof C.scheduleAppointment>>("/agendamentos/agendar", { ...b, pecaPorContaDoSocio: "N" });
export const rescheduleAppointment = (b: BodyOf<typeof C.rescheduleAppointment>) => post<Msg>("/agendamentos/reagendar", b);
export const cancelAppointment = (b: BodyOf<typeof C.cancelAppointment>) =>
  post<Answer<typeof C.cancelAppointment>>("/agendamentos/cancelar", b);
export const listAvailableSlots = (b: BodyOf<typeof C.listFreeSlots>) =>
  post<Answer<typeof C.listFreeSlots>>("/agendamentos/lista-horarios-disponiveis", b);
export const listMotivations = () => get<Answer<typeof C.listMotivations>>("/agendamentos/lista-motivacoes");
