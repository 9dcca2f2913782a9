// The header's bell: the signed-in user's unread notifications count, leading to the Notificações screen; it reads the same
// 30-second poll as the toasts (main thread).
import { Icon, bellIcon } from "../../../components/ui/icon";
import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { MSG } from "../../../config/messages.pt-BR";
import { PATHS } from "../../../config/paths";
import { latestNotificationsQuery } from "../query-options";
import "./notification-bell.css";

export function NotificationBell({ userId }: { userId: string }) {
  const latest = useQuery(latestNotificationsQuery(userId));
  const unread = latest.data?.naoLidas ?? 0;
  return (
    <Link href={PATHS.notifications} className="notification-bell" aria-label={MSG.screens.notificationsBell(unread)}>
      <Icon icon={bellIcon} size={22} />
      {unread > 0 && (
        <span className="notification-badge" aria-hidden="true">
          {unread > 99 ? "99+" : unread}
        </span>
      )}
    </Link>
  );
}
