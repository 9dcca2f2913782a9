// 'Sem conexão — dados de HH:MM' above the signed-in pages while the API cannot be reached (main thread): the time is when the
// oldest data on screen was fetched (Brasília). A status live region that stays in the page, so the change is announced.
import { MSG } from "../config/messages.pt-BR";
import { useOnline } from "../lib/offline/network";
import { dataTimeLabel, useOldestShownAt } from "../lib/offline/shown-data";

export function OfflineNotice() {
  const online = useOnline();
  const oldest = useOldestShownAt();
  return (
    <p className="offline-notice" role="status">
      {online ? null : oldest === null ? MSG.offline.noticeNoData : MSG.offline.notice(dataTimeLabel(oldest))}
    </p>
  );
}
