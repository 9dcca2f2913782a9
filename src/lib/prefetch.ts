// Starts a screen's first queries while its code is still downloading (main thread): the route calls this during render with
// the same options the page's hooks use, so the page finds its data in flight (or there) when it mounts. TanStack's
// usePrefetchQuery for a list of queries, skipping disabled ones (prefetchQuery itself ignores `enabled`).
import { useQueryClient, type FetchQueryOptions, type QueryKey } from "@tanstack/react-query";

/** How young a prefetched answer must be for the screen that mounts next to use it instead of asking again. */
export const PREFETCH_FRESH_MS = 2_000;

/**
 * For the queries a route prefetches: with the default staleTime 0 the screen would refetch on mount an answer that arrived a
 * moment before its code did (a second request on a slow network). Only that mount is spared; focus, reconnect, polling and
 * invalidation refetch as before.
 */
export const reuseFreshPrefetch = {
  refetchOnMount: (query: { state: { dataUpdatedAt: number } }) => Date.now() - query.state.dataUpdatedAt >= PREFETCH_FRESH_MS,
};

export type Prefetchable = { queryKey: QueryKey; enabled?: unknown };

export function usePrefetchQueries(queries: readonly Prefetchable[]): void {
  const client = useQueryClient();
  for (const options of queries) {
    if (options.enabled === false || client.getQueryState(options.queryKey)) continue;
    void client.prefetchQuery(options as FetchQueryOptions);
  }
}
