// When the data on screen was fetched (main thread): the oldest fetch time among the queries that screens observe, and its
// Brasília wall-clock label for the offline notice ('14:32', or '12/05 14:32' when it is from another day).
import { useSyncExternalStore } from "react";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { isoToBr, wallClock } from "../../domain/dates";

/** The oldest dataUpdatedAt of the observed queries holding data, or null when the screen shows no fetched data. */
export function oldestShownAt(client: QueryClient): number | null {
  let oldest: number | null = null;
  for (const q of client.getQueryCache().getAll()) {
    if (q.getObserversCount() === 0 || q.state.data === undefined || !q.state.dataUpdatedAt) continue;
    if (oldest === null || q.state.dataUpdatedAt < oldest) oldest = q.state.dataUpdatedAt;
  }
  return oldest;
}

/** Brasília time of `at`; the day too when it is not today's (in Brasília). */
export function dataTimeLabel(at: number, now: Date = new Date()): string {
  const then = wallClock(new Date(at));
  return then.date === wallClock(now).date ? then.time : `${isoToBr(then.date).slice(0, 5)} ${then.time}`;
}

export function useOldestShownAt(): number | null {
  const client = useQueryClient();
  return useSyncExternalStore(
    (onChange) => client.getQueryCache().subscribe(onChange),
    () => oldestShownAt(client),
    () => null,
  );
}
