// The ratings screen's queries (keys, calls, parsing) as TanStack query options, without the hooks: the router imports these to
// start the screen's calls with its code (main thread).
import { queryOptions } from "@tanstack/react-query";
import { MSG } from "../../config/messages.pt-BR";
import { unwrap } from "../../lib/api-client";
import { getRatingAverage, listRatings } from "./api/avaliacoes";
import { reuseFreshPrefetch } from "../../lib/prefetch";

export const ratingKeys = {
  all: ["avaliacoes"] as const,
  average: (pointId: string) => ["avaliacoes", "average", pointId] as const,
  list: (pointId: string) => ["avaliacoes", "list", pointId] as const,
};

/** {MediaNotas, TotalAvaliacoes}; a null or non-numeric average (no ratings yet) counts as 0, as the contract's clients do. */
export const ratingAverageQuery = (pointId: string) =>
  queryOptions({
    ...reuseFreshPrefetch,
    queryKey: ratingKeys.average(pointId),
    queryFn: async ({ signal }) => {
      const data = unwrap(await getRatingAverage(pointId, signal), MSG.screens.ratingsLoadFailed);
      const average = Number(data?.MediaNotas);
      return { average: Number.isFinite(average) ? average : 0, total: Number(data?.TotalAvaliacoes) || 0 };
    },
    enabled: Boolean(pointId),
  });

/** The ratings, newest first as the server sends them; anything but an array is a failure. */
export const ratingsQuery = (pointId: string) =>
  queryOptions({
    ...reuseFreshPrefetch,
    queryKey: ratingKeys.list(pointId),
    queryFn: async ({ signal }) => {
      const data = unwrap(await listRatings(pointId, signal), MSG.screens.ratingsLoadFailed);
      if (!Array.isArray(data)) throw new Error(MSG.screens.ratingsLoadFailed);
      return data;
    },
    enabled: Boolean(pointId),
  });
