// The mirror's list query as TanStack query options, without the hooks (the router starts it with the screen's code).
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { MSG } from "../../config/messages.pt-BR";
import { unwrap } from "../../lib/api-client";
import { listMirror } from "./api/espelho";
import { paidFlagOf, type MirrorStatusFilter } from "./status";
import { reuseFreshPrefetch } from "../../lib/prefetch";

export const mirrorKeys = {
  all: ["espelho"] as const,
  list: (pointId: string, from: string, to: string, status: MirrorStatusFilter) => ["espelho", "list", pointId, from, to, status] as const,
};

/** The rows of the filters; the previous rows stay on screen while new filters load. `enabled` is false for an invalid range. */
export const mirrorQuery = (pointId: string, from: string, to: string, status: MirrorStatusFilter, enabled = true) =>
  queryOptions({
    ...reuseFreshPrefetch,
    queryKey: mirrorKeys.list(pointId, from, to, status),
    queryFn: async ({ signal }) => {
      const data = unwrap(
        await listMirror({ idPontoAtendimento: pointId, dataInicio: from, dataFim: to, pagamentoFeito: paidFlagOf(status) }, signal),
        MSG.screens.mirrorLoadFailed,
      );
      return Array.isArray(data) ? data : [];
    },
    enabled: Boolean(pointId) && enabled,
    placeholderData: keepPreviousData,
  });
