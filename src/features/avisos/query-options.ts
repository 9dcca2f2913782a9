// The central notices' query (main thread).
import { queryOptions } from "@tanstack/react-query";
import { unwrap } from "../../lib/api-client";
import { listNotices } from "./api/avisos";

export const noticeKeys = { all: ["avisos"] as const, unread: (pointId: string) => ["avisos", "unread", pointId] as const };

/** Asked every 30 s while a screen of the point is open: a decision of the central reaches the attendant wherever they are. */
export const NOTICE_POLL_MS = 30_000;

export const unreadNoticesQuery = (pointId: string) =>
  queryOptions({
    queryKey: noticeKeys.unread(pointId),
    queryFn: async ({ signal }) => unwrap(await listNotices(signal), "Não foi possível carregar os avisos.").data,
    enabled: Boolean(pointId),
    refetchInterval: NOTICE_POLL_MS,
  });
