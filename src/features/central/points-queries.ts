// The worklist home's and the points-that-need-attention queries (keys under ["central", ...], calls, polling) as TanStack
// query options (main thread).
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { unwrap } from "../../lib/api-client";
import { CENTRAL_POINTS_MSG } from "../../config/messages/central-points.pt-BR";
import { getHome, getPointPage, listAttention, type AttentionFilter } from "./api/points";

export const pointsKeys = {
  /** Every query of this file: the home's counts and the points' lists and pages move together. */
  all: ["central", "atencao"] as const,
  home: () => ["central", "atencao", "inicio"] as const,
  list: (f: AttentionFilter) => ["central", "atencao", "pontos", f] as const,
  page: (id: string) => ["central", "atencao", "ponto", id] as const,
};

/** The home is the console's landing: its counts follow the day (another user approving or paying) every minute. */
export const HOME_POLL_MS = 60_000;

export const homeQuery = () =>
  queryOptions({
    queryKey: pointsKeys.home(),
    queryFn: async ({ signal }) => unwrap(await getHome(signal), CENTRAL_POINTS_MSG.home.loadFailed).data,
    refetchInterval: HOME_POLL_MS,
    refetchIntervalInBackground: false,
  });

export const attentionQuery = (f: AttentionFilter) =>
  queryOptions({
    queryKey: pointsKeys.list(f),
    queryFn: async ({ signal }) => unwrap(await listAttention(f, signal), CENTRAL_POINTS_MSG.list.loadFailed).data,
    // A new filter or order keeps the rows on screen until its answer replaces them (no flicker, no scroll jump).
    placeholderData: keepPreviousData,
  });

export const pointPageQuery = (id: string) =>
  queryOptions({
    queryKey: pointsKeys.page(id),
    queryFn: async ({ signal }) => unwrap(await getPointPage(id, signal), CENTRAL_POINTS_MSG.page.loadFailed).data,
    enabled: Boolean(id),
  });
