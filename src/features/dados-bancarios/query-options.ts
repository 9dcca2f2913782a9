// The bank data screen's list query as TanStack query options, without the hooks (the router starts it with the screen's code).
import { queryOptions } from "@tanstack/react-query";
import { MSG } from "../../config/messages.pt-BR";
import { unwrap } from "../../lib/api-client";
import { listBankData } from "./api/dados-bancarios";
import { reuseFreshPrefetch } from "../../lib/prefetch";

export const bankKeys = {
  all: ["dados-bancarios"] as const,
  list: (pointId: string) => ["dados-bancarios", "list", pointId] as const,
};

export const bankDataQuery = (pointId: string) =>
  queryOptions({
    ...reuseFreshPrefetch,
    queryKey: bankKeys.list(pointId),
    queryFn: async ({ signal }) => unwrap(await listBankData(pointId, signal), MSG.screens.bankDataLoadFailed).dadosBancarios ?? [],
    enabled: Boolean(pointId),
  });
