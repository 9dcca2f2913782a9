// Calls of /notificacoes: the signed-in user's notifications page by page, marking them read (some, or all), and this
// device's Web Push subscription; their types come from the contract (type-only imports, nothing added to the bundle)
// (main thread).
import { get, post } from "../../../lib/api-client";
import type * as C from "../../../../contract/notificacoes";
import type { Answer, BodyOf } from "../../../../contract/route";

export type Notificacao = C.Notificacao;
export type NotificationPage = Answer<typeof C.listNotices>;
export type PushSubscriptionBody = BodyOf<typeof C.subscribePush>;

/** One page, newest first; `before` is the previous page's `proxima`. */
export const listNotifications = (before: string | null, limit: number, signal?: AbortSignal) =>
  get<NotificationPage>(`/notificacoes?limite=${limit}${before ? `&antes=${encodeURIComponent(before)}` : ""}`, { signal });
export const markNotificationsRead = (ids: BodyOf<typeof C.markNoticesRead>["ids"]) =>
  post<Answer<typeof C.markNoticesRead>>("/notificacoes/lidas", { ids });
export const markAllNotificationsRead = () => post<Answer<typeof C.markAllNoticesRead>>("/notificacoes/lidas/todas", {});
export const getPushKey = () => get<Answer<typeof C.pushKey>>("/notificacoes/push/chave");
export const subscribePush = (body: PushSubscriptionBody) => post<Answer<typeof C.subscribePush>>("/notificacoes/push/inscrever", body);
export const unsubscribePush = (endpoint: string) => post<Answer<typeof C.unsubscribePush>>("/notificacoes/push/remover", { endpoint });
