// The Equipe screen's queries (the point's users, the roles) as TanStack query options, without the hooks (the router starts
// them with the screen's code) (main thread).
import { queryOptions } from "@tanstack/react-query";
import { MSG } from "../../config/messages.pt-BR";
import { unwrap } from "../../lib/api-client";
import { reuseFreshPrefetch } from "../../lib/prefetch";
import { listTeam, listUserTypes } from "./api/usuarios";

export const teamKeys = {
  all: ["equipe"] as const,
  list: (pointId: string) => ["equipe", "list", pointId] as const,
  types: () => ["equipe", "tipos"] as const,
};

export const teamQuery = (pointId: string) =>
  queryOptions({
    ...reuseFreshPrefetch,
    queryKey: teamKeys.list(pointId),
    queryFn: async ({ signal }) => unwrap(await listTeam(pointId, signal), MSG.screens.teamLoadFailed).data ?? [],
    enabled: Boolean(pointId),
  });

/** The roles change rarely: kept fresh for the screen's visit. */
export const userTypesQuery = () =>
  queryOptions({
    ...reuseFreshPrefetch,
    queryKey: teamKeys.types(),
    queryFn: async ({ signal }) => unwrap(await listUserTypes(signal), MSG.screens.teamRolesFailed).data ?? [],
    staleTime: 5 * 60_000,
  });
