// The OS screen's route prefetch (main thread): the order's first four queries start while the page's code downloads.
import { usePrefetchQueries } from "../../lib/prefetch";
import { linkedServicesQuery, notesQuery, orderDetailsQuery, photosQuery } from "./query-options";

/**
 * Render-as-you-fetch: called by the route ABOVE the lazily loaded page, during render, so the screen's calls run while the
 * page's code loads instead of after the page mounts (src/lib/prefetch.ts, as every point screen's route does). An effect would
 * not do: effects of a suspended tree wait for it.
 */
export function usePrefetchOrder(id: string) {
  usePrefetchQueries([orderDetailsQuery(id), linkedServicesQuery(id), photosQuery(id), notesQuery(id)]);
}
