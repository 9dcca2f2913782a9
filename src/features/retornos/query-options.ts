// The service returns' queries (the list, the appointments a return may refer to) as TanStack query options and their key
// factory, without the hooks: the router imports this to start the list with the screen's code (main thread).
import { queryOptions } from "@tanstack/react-query";
import { unwrapSuccess } from "../../lib/api-client";
import { listReturnableAppointments, listReturns } from "./api/retornos";
import { reuseFreshPrefetch } from "../../lib/prefetch";

export const returnKeys = {
  all: ["retornos"] as const,
  list: (pointId: string) => ["retornos", "list", pointId] as const,
  appointments: (pointId: string) => ["retornos", "appointments", pointId] as const,
};

export const returnsQuery = (pointId: string) =>
  queryOptions({
    ...reuseFreshPrefetch,
    queryKey: returnKeys.list(pointId),
    queryFn: async ({ signal }) => unwrapSuccess(await listReturns(pointId, signal), "").data ?? [],
    enabled: Boolean(pointId),
  });

/** Concluded OS of the point with a payout row: the only ones a return may be opened for. */
export const returnableAppointmentsQuery = (pointId: string, enabled = true) =>
  queryOptions({
    queryKey: returnKeys.appointments(pointId),
    queryFn: async ({ signal }) => unwrapSuccess(await listReturnableAppointments(pointId, signal), "").data ?? [],
    enabled: Boolean(pointId) && enabled,
  });
