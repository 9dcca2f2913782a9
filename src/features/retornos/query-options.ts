// The returns screen's list query as TanStack query options, without the hooks (the router starts it with the screen's code).
import { queryOptions } from "@tanstack/react-query";
import { ApiFailure, unwrap, type ApiResult } from "../../lib/api-client";
import { listReturns } from "./api/retornos";
import { reuseFreshPrefetch } from "../../lib/prefetch";

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

export const returnsQuery = (pointId: string) => queryOptions({
  ...reuseFreshPrefetch,
  queryKey: returnKeys.list(pointId),
  queryFn: async ({ signal }) => unwrapSuccess(await listReturns(pointId, signal), "").data ?? [],
  enabled: Boolean(pointId),
});
