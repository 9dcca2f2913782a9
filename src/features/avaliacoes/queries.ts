// Server state of the ratings screen with TanStack Query: the point's average and its list of ratings (main thread).
import { useQuery } from "@tanstack/react-query";
import { MSG } from "../../config/messages.pt-BR";
import { unwrap } from "../../lib/api-client";
import { getRatingAverage, listRatings } from "./api/avaliacoes";

export const ratingKeys = {
  all: ["avaliacoes"] as const,
  average: (pointId: string) => ["avaliacoes", "average", pointId] as const,
  list: (pointId: string) => ["avaliacoes", "list", pointId] as const,
};

/** {MediaNotas, TotalAvaliacoes}; a null or non-numeric average (no ratings yet) counts as 0, as the contract's clients do. */
export function useRatingAverage(pointId: string) {
  return useQuery({
    queryKey: ratingKeys.average(pointId),
    queryFn: async ({ signal }) => {
      const data = unwrap(await getRatingAverage(pointId, signal), MSG.ratings.loadFailed);
      const average = Number(data?.MediaNotas);
      return { average: Number.isFinite(average) ? average : 0, total: Number(data?.TotalAvaliacoes) || 0 };
    },
    enabled: Boolean(pointId),
  });
}

/** The ratings, newest first as the server sends them; anything but an array is a failure. */
export function useRatings(pointId: string) {
  return useQuery({
    queryKey: ratingKeys.list(pointId),
    queryFn: async ({ signal }) => {
      const data = unwrap(await listRatings(pointId, signal), MSG.ratings.loadFailed);
      if (!Array.isArray(data)) throw new Error(MSG.ratings.loadFailed);
      return data;
    },
    enabled: Boolean(pointId),
  });
}
