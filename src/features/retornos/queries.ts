// Server state of the service returns with TanStack Query (the agenda's pattern): keys, the list, the appointments a return may
// refer to, and the invalidation after every change (main thread).
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { listReturnableAppointments } from "./api/retornos";
import { unwrapSuccess } from "../../lib/api-client";
import { returnKeys, returnsQuery } from "./query-options";

export const useReturns = (pointId: string) => useQuery(returnsQuery(pointId));

/** Concluded OS of the point with a payout row: the only ones a return may be opened for. */
export function useReturnableAppointments(pointId: string, enabled = true) {
  return useQuery({
    queryKey: returnKeys.appointments(pointId),
    queryFn: async ({ signal }) => unwrapSuccess(await listReturnableAppointments(pointId, signal), "").data ?? [],
    enabled: Boolean(pointId) && enabled,
  });
}

export function useInvalidateReturns() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: returnKeys.all });
}
