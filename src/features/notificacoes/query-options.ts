// The notifications' queries (keys, calls) as TanStack query options, without hooks: the header's bell and the toasts read the
// newest page every 30 s, the screen reads every page (main thread).
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { MSG } from "../../config/messages.pt-BR";
import { unwrap } from "../../lib/api-client";
import { listNotifications } from "./api/notificacoes";
import { queryRoots } from "../../lib/query-keys";

/** Keys per user: read state is each user's own. */
export const notificationKeys = {
  all: queryRoots.notifications,
  latest: (userId: string) => [...queryRoots.notifications, "latest", userId] as const,
  list: (userId: string) => [...queryRoots.notifications, "list", userId] as const,
};

/** Asked every 30 s while a screen of the point is open: a decision of the central reaches the attendant wherever they are. */
export const NOTIFICATION_POLL_MS = 30_000;
/** The newest page the bell and the toasts read. */
const LATEST = 20;
/** A page of the screen. */
const PAGE = 30;

export const latestNotificationsQuery = (userId: string) =>
  queryOptions({
    queryKey: notificationKeys.latest(userId),
    queryFn: async ({ signal }) => unwrap(await listNotifications(null, LATEST, signal), MSG.screens.notificationsLoadFailed),
    enabled: Boolean(userId),
    refetchInterval: NOTIFICATION_POLL_MS,
    refetchIntervalInBackground: false,
  });

export const notificationsListQuery = (userId: string) =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list(userId),
    queryFn: async ({ pageParam, signal }) => unwrap(await listNotifications(pageParam, PAGE, signal), MSG.screens.notificationsLoadFailed),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.proxima,
    enabled: Boolean(userId),
    refetchInterval: NOTIFICATION_POLL_MS,
    refetchIntervalInBackground: false,
  });
