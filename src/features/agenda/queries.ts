// Server state of the agenda with TanStack Query: keys, the polled list, free slots, motivations, plate lookup (main thread).
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { agendaKeys, appointmentsQuery } from "./query-options";
import { wallClock, isoToBr } from "../../domain/dates";
import { findByPlate, listAvailableSlots, listMotivations } from "./api/agendamentos";

import { unwrap } from "../../lib/api-client";

export const useAppointments = (pointId: string, from: string, to: string) => useQuery(appointmentsQuery(pointId, from, to));

/** Free slots of one day; "now" is Brasília's wall clock, sent as the contract's dataAtual/horaAtual. */
export function useSlots(pointId: string, date: string) {
  return useQuery({
    queryKey: agendaKeys.slots(pointId, date),
    queryFn: async () => {
      const now = wallClock();
      const res = await listAvailableSlots({
        idPontoAtendimento: pointId,
        dataAgendamento: date,
        dataAtual: isoToBr(now.date),
        horaAtual: now.time,
      });
      const data = unwrap(res, "");
      return Array.isArray(data) ? data : [];
    },
    enabled: Boolean(pointId && date),
    staleTime: 0,
  });
}

export function useMotivations() {
  return useQuery({
    queryKey: agendaKeys.motivations,
    queryFn: async () => unwrap(await listMotivations(), "").motivacoes ?? [],
    staleTime: 5 * 60_000,
  });
}

export function usePlateLookup(pointId: string, plate: string) {
  return useQuery({
    queryKey: agendaKeys.plate(pointId, plate),
    queryFn: async () => unwrap(await findByPlate(pointId, plate), "") || null,
    enabled: Boolean(pointId) && plate.length === 7,
  });
}

/** After every mutation: the list and the slots are stale (a booking takes a slot, a cancel frees one). */
export function useInvalidateAgenda() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: agendaKeys.all });
}
