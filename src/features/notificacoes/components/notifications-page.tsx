// Notificações (/notificacoes): the signed-in user's notifications of the last 90 days, newest first, unread ones marked; an
// item is marked read when its order (or, for a return, the returns screen) is opened or by its button, all by 'Marcar todas
// como lidas' (opening the screen marks nothing); this device's push setting on top (main thread).
import { useInfiniteQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { QueryState } from "../../../components/ui/query-state";
import { NOTIFICATIONS_MSG } from "../../../config/messages/notifications.pt-BR";
import { PATHS } from "../../../config/paths";
import { toast } from "../../../lib/toast";
import type { Notificacao } from "../api/notificacoes";
import { useMarkAllNotificationsRead, useMarkNotificationsRead } from "../api/use-notification-mutations";
import { notificationsListQuery } from "../query-options";
import { PushSettings } from "./push-settings";
import "./notifications.css";

export interface NotificationsPageProps {
  userId: string;
  pointId: string;
}

const when = new Intl.DateTimeFormat("pt-BR", { timeZone: "America/Sao_Paulo", dateStyle: "short", timeStyle: "short" });

function NotificationItem({ n, onRead, marking }: { n: Notificacao; onRead: (id: string) => void; marking: boolean }) {
  const t = NOTIFICATIONS_MSG.notifications;
  return (
    <li className={`card notification-item notification-${n.Tipo}${n.Lida ? "" : " is-unread"}`} data-id={n.IdNotificacao}>
      <div className="notification-head">
        <span className={`notification-kind kind-${n.Tipo}`}>{t.kinds[n.Tipo]}</span>
        {!n.Lida && <span className="notification-unread">{t.unread}</span>}
      </div>
      <h2 className="notification-title">{n.Titulo}</h2>
      <p className="notification-body">{n.Conteudo}</p>
      <dl className="notification-fields">
        {n.Motivo && (
          <div>
            <dt>{t.reason}</dt>
            <dd>{n.Motivo}</dd>
          </div>
        )}
        {n.Autor && (
          <div>
            <dt>{t.by}</dt>
            <dd>{n.Autor}</dd>
          </div>
        )}
        <div>
          <dt>{t.when}</dt>
          <dd>
            <time dateTime={n.DataHora}>{when.format(new Date(n.DataHora))}</time>
          </dd>
        </div>
      </dl>
      <div className="notification-actions">
        {n.IdSocioVeiculoAgenda && (
          <Link
            href={PATHS.order(n.IdSocioVeiculoAgenda)}
            className="btn btn-small"
            onClick={() => {
              if (!n.Lida) onRead(n.IdNotificacao);
            }}
          >
            {t.openOrder(n.NumeroOS)}
          </Link>
        )}
        {n.Tipo === "retorno" && (
          <Link
            href={PATHS.returns}
            className="btn btn-small"
            onClick={() => {
              if (!n.Lida) onRead(n.IdNotificacao);
            }}
          >
            {t.openReturns}
          </Link>
        )}
        {!n.Lida && (
          <button type="button" className="btn btn-small" disabled={marking} onClick={() => onRead(n.IdNotificacao)}>
            {t.markRead}
          </button>
        )}
      </div>
    </li>
  );
}

export default function NotificationsPage({ userId }: NotificationsPageProps) {
  const t = NOTIFICATIONS_MSG.notifications;
  const list = useInfiniteQuery(notificationsListQuery(userId));
  const markRead = useMarkNotificationsRead({ onError: (err) => toast.error(err.message) });
  const markAll = useMarkAllNotificationsRead({
    onSuccess: () => toast.success(t.markAllDone),
    onError: (err) => toast.error(err.message),
  });
  const unread = list.data?.pages[0]?.naoLidas ?? 0;
  return (
    <section className="page notifications-page">
      <h1 className="page-title">{t.title}</h1>
      <PushSettings />
      <QueryState
        query={list}
        loading={t.loading}
        error={t.loadFailed}
        empty={t.empty}
        isEmpty={(data) => data.pages.every((p) => p.data.length === 0)}
      >
        {(data) => (
          <>
            <div className="notifications-toolbar">
              <p className="muted" role="status">
                {t.unreadCount(unread)}
              </p>
              <button type="button" className="btn" disabled={unread === 0 || markAll.isPending} onClick={() => markAll.mutate()}>
                {t.markAll}
              </button>
            </div>
            <ul className="notification-list" aria-label={t.listLabel}>
              {data.pages.flatMap((p) =>
                p.data.map((n) => (
                  <NotificationItem key={n.IdNotificacao} n={n} marking={markRead.isPending} onRead={(id) => markRead.mutate([id])} />
                )),
              )}
            </ul>
            {list.hasNextPage && (
              <button type="button" className="btn btn-block" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                {list.isFetchingNextPage ? t.loadingMore : t.more}
              </button>
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}
