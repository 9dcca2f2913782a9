// Server state of the ratings screen with TanStack Query: the point's average and its list of ratings (main thread).
import { useQuery } from "@tanstack/react-query";
import { ratingAverageQuery, ratingsQuery } from "./query-options";

export const useRatingAverage = (pointId: string) => useQuery(ratingAverageQuery(pointId));
export const useRatings = (pointId: string) => useQuery(ratingsQuery(pointId));
