// Server state of the bank data screen with TanStack Query: the point's list, and one invalidation after every change (main thread).
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { MSG } from "../../config/messages.pt-BR";
import { unwrap } from "../../lib/api-client";
import { listBankData } from "./api/dados-bancarios";

export { unwrap } from "../../lib/api-client";

export const bankKeys = {
  all: ["dados-bancarios"] as const,
  list: (pointId: string) => ["dados-bancarios", "list", pointId] as const,
};

export function useBankData(pointId: string) {
  return useQuery({
    queryKey: bankKeys.list(pointId),
    queryFn: async ({ signal }) => unwrap(await listBankData(pointId, signal), MSG.bankData.loadFailed).dadosBancarios ?? [],
    enabled: Boolean(pointId),
  });
}

/** After a create, edit or delete: the list is stale (a new selected entry also unselects the others on the server). */
export function useInvalidateBankData() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: bankKeys.all });
}
