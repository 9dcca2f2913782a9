// Calls of /notificacoes: the signed-in user's notifications page by page, marking them read (some, or all), and this
// device's Web Push subscription; their types come from the contract (type-only imports, nothing added to the bundle)
// (main thread).
import { call } from "../../../lib/api-client";
import * as routes from "../../../../contract/gen/notificacoes";
import type * as C from "../../../../contract/notificacoes";
import type { Answer, BodyOf } from "../../../../contract/route";

export type Notificacao = C.Notificacao;
export type NotificationPage = Answer<typeof C.listNotices>;
export type PushSubscriptionBody = BodyOf<typeof C.subscribePush>;

/** One page, newest first; `before` is the previous page's `proxima`. */
export const listNotifications = (before: string | null, limit: number, signal?: AbortSignal) =>
  call(routes.listNotices, { query: { limite: String(limit), antes: before ?? undefined } }, { signal });
export const markNotificationsRead = (ids: BodyOf<typeof C.markNoticesRead>["ids"]) => call(routes.markNoticesRead, { body: { ids } });
export const markAllNotificationsRead = () => call(routes.markAllNoticesRead);
export const getPushKey = () => call(routes.pushKey);
export const subscribePush = (body: PushSubscriptionBody) => call(routes.subscribePush, { body });
export const unsubscribePush = (endpoint: string) => call(routes.unsubscribePush, { body: { endpoint } });
