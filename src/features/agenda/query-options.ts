// The agenda list's query as TanStack query options, without the hooks (the router starts it with the screen's code).
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { unwrap } from "../../lib/api-client";
import { listAppointments } from "./api/agendamentos";
import { reuseFreshPrefetch } from "../../lib/prefetch";
import { queryRoots } from "../../lib/query-keys";

export const agendaKeys = {
  all: queryRoots.agenda,
  list: (pointId: string, from: string, to: string) => [...queryRoots.agendaList, pointId, from, to] as const,
  slots: (pointId: string, date: string) => [...queryRoots.agenda, "slots", pointId, date] as const,
  motivations: [...queryRoots.agenda, "motivations"] as const,
  plate: (pointId: string, plate: string) => [...queryRoots.agenda, "plate", pointId, plate] as const,
};

/** The list polls every 10 s while the tab is visible; the previous rows stay on screen while a new range loads. */
export const appointmentsQuery = (pointId: string, from: string, to: string) =>
  queryOptions({
    ...reuseFreshPrefetch,
    queryKey: agendaKeys.list(pointId, from, to),
    queryFn: async ({ signal }) => unwrap(await listAppointments(pointId, { dataInicio: from, dataFim: to }, signal), "").data ?? [],
    enabled: Boolean(pointId),
    refetchInterval: 10_000,
    refetchIntervalInBackground: false,
    placeholderData: keepPreviousData,
  });
