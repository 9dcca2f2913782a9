// The agenda's queries as TanStack query options and their key factory, without the hooks: the router imports this to start
// the list with the screen's code, and hooks here would pull useQuery into the entry chunk (main thread).
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { isoToBr, wallClock } from "../../domain/dates";
import { unwrap } from "../../lib/api-client";
import { listAppointments, listAvailableSlots, listMotivations } from "./api/agendamentos";
import { findByPlate } from "../../lib/plate-lookup";
import { reuseFreshPrefetch } from "../../lib/prefetch";
import { queryRoots } from "../../lib/query-keys";

export const agendaKeys = {
  all: queryRoots.agenda,
  list: (pointId: string, from: string, to: string, openOnly = false) =>
    [...queryRoots.agendaList, pointId, from, to, ...(openOnly ? (["open"] as const) : [])] as const,
  slots: (pointId: string, date: string) => [...queryRoots.agenda, "slots", pointId, date] as const,
  motivations: [...queryRoots.agenda, "motivations"] as const,
  plate: (pointId: string, plate: string) => [...queryRoots.agenda, "plate", pointId, plate] as const,
};

/**
 * The list polls every 10 s while the tab is visible; the previous rows stay on screen while a new range loads. An empty `from`
 * has no lower bound; `openOnly` asks the server for open orders alone (StatusAgendamento A: Atrasadas).
 */
export const appointmentsQuery = (pointId: string, from: string, to: string, openOnly = false) =>
  queryOptions({
    ...reuseFreshPrefetch,
    queryKey: agendaKeys.list(pointId, from, to, openOnly),
    queryFn: async ({ signal }) =>
      unwrap(await listAppointments(pointId, { dataInicio: from, dataFim: to, status: openOnly ? "A" : undefined }, signal), "").data ?? [],
    enabled: Boolean(pointId),
    refetchInterval: 10_000,
    refetchIntervalInBackground: false,
    placeholderData: keepPreviousData,
  });

/** Free slots of one day; "now" is Brasília's wall clock, sent as the contract's dataAtual/horaAtual. */
export const slotsQuery = (pointId: string, date: string) =>
  queryOptions({
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

/** The booking's reasons change rarely: kept for five minutes. */
export const motivationsQuery = () =>
  queryOptions({
    queryKey: agendaKeys.motivations,
    queryFn: async () => unwrap(await listMotivations(), "").motivacoes ?? [],
    staleTime: 5 * 60_000,
  });

/** The member's vehicle behind a complete plate (7 characters); null when the plate is not a member's. */
export const plateLookupQuery = (pointId: string, plate: string) =>
  queryOptions({
    queryKey: agendaKeys.plate(pointId, plate),
    queryFn: async () => unwrap(await findByPlate(pointId, plate), "") || null,
    enabled: Boolean(pointId) && plate.length === 7,
  });
