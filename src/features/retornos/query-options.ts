// The returns screen's list query as TanStack query options, without the hooks (the router starts it with the screen's code).
import { queryOptions } from "@tanstack/react-query";
import { unwrapSuccess } from "../../lib/api-client";
import { listReturns } from "./api/retornos";
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
