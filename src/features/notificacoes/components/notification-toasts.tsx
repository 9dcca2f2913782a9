// Tells the signed-in user, on whatever screen they are, of a new notification (the central approved, refused or paid; a
// colleague registered a return; the point's payouts held or released over its payment data): a toast each, once per user on this device; it stays unread until the user reads it on the
// Notificações screen. The open screen's data is refreshed so a finish that was blocked can go on (main thread).
import { useEffect } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../../lib/toast";
import { latestNotificationsQuery, notificationKeys } from "../query-options";
import { takeUntold } from "../seen";

export function NotificationToasts({ userId }: { userId: string }) {
  const client = useQueryClient();
  const latest = useQuery(latestNotificationsQuery(userId));
  useEffect(() => {
    if (!latest.data) return;
    const fresh = takeUntold(userId, latest.data.data);
    if (fresh.length === 0) return;
    for (const n of [...fresh].reverse()) {
      const text = `${n.Titulo}. ${n.Conteudo}`;
      if (n.Tipo === "recusado" || n.Tipo === "pagamento-desfeito" || n.Tipo === "decisao-desfeita" || n.Tipo === "retido")
        toast.warning(text);
      else toast.success(text);
    }
    // The open screen (an OS waiting for this approval) shows the decision now, not at its next poll.
    void client.invalidateQueries({ predicate: (q) => q.queryKey[0] !== notificationKeys.all[0] });
  }, [latest.data, userId, client]);
  return null;
}
