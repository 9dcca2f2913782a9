// Server state of the service returns with TanStack Query (the agenda's pattern): keys, the list, the appointments a return may
// refer to, and the invalidation after every change (main thread).
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiFailure, unwrap, type ApiResult } from "../../lib/api-client";
import { listReturnableAppointments, listReturns } from "./api/retornos";

export { ApiFailure } from "../../lib/api-client";

export const returnKeys = {
  all: ["retornos"] as const,
  list: (pointId: string) => ["retornos", "list", pointId] as const,
  appointments: (pointId: string) => ["retornos", "appointments", pointId] as const,
};

/** The contract's returns calls answer 200 with success false on some failures: that counts as a failure too (spec §8). */
export function unwrapSuccess<T extends { success?: boolean; message?: string }>(res: ApiResult<T>, fallback: string): T {
  const body = unwrap(res, fallback);
  if (!body || body.success === false) throw new ApiFailure(body?.message || fallback);
  return body;
}

export function useReturns(pointId: string) {
  return useQuery({
    queryKey: returnKeys.list(pointId),
    queryFn: async ({ signal }) => unwrapSuccess(await listReturns(pointId, signal), "").data ?? [],
    enabled: Boolean(pointId),
  });
}

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
