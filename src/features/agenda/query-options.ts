// The agenda list's query as TanStack query options, without the hooks (the router starts it with the screen's code).
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { unwrap } from "../../lib/api-client";
import { listAppointments } from "./api/agendamentos";
import { reuseFreshPrefetch } from "../../lib/prefetch";

export const agendaKeys = {
  all: ["agenda"] as const,
  list: (pointId: string, from: string, to: string) => ["agenda", "list", pointId, from, to] as const,
  slots: (pointId: string, date: string) => ["agenda", "slots", pointId, date] as const,
  motivations: ["agenda", "motivations"] as const,
  plate: (pointId: string, plate: string) => ["agenda", "plate", pointId, plate] as const,
};

/** The list polls every 10 s while the tab is visible; the previous rows stay on screen while a new range loads. */
export const appointmentsQuery = (pointId: string, from: string, to: string) => queryOptions({
  ...reuseFreshPrefetch,
  queryKey: agendaKeys.list(pointId, from, to),
  queryFn: async ({ signal }) => unwrap(await listAppointments(pointId, { dataInicio: from, dataFim: to }, signal), "").data ?? [],
  enabled: Boolean(pointId),
  refetchInterval: 10_000,
  refetchIntervalInBackground: false,
  placeholderData: keepPreviousData,
});
