// Server state of the bank data screen with TanStack Query: the point's list, and one invalidation after every change (main thread).
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { bankDataQuery, bankKeys } from "./query-options";

export const useBankData = (pointId: string) => useQuery(bankDataQuery(pointId));

/** After a create, edit or delete: the list is stale (a new selected entry also unselects the others on the server). */
export function useInvalidateBankData() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: bankKeys.all });
}
