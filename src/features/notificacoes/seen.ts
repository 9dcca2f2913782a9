// Which notifications this device already told its user as a toast, kept in localStorage per user: a toast shows once per
// user and device, whatever the read state (reading is the user's act on the Notificações screen) (main thread).
import type { Notificacao } from "./api/notificacoes";

const key = (userId: string) => `portal-notificacoes-vistas:${userId}`;

/** The newest instant told, and the ids told at that instant (rows written together share it). */
interface Seen {
  after: string;
  ids: string[];
}

function read(userId: string): Seen | null {
  try {
    const raw = localStorage.getItem(key(userId));
    const seen = raw ? (JSON.parse(raw) as Seen) : null;
    return seen && typeof seen.after === "string" && Array.isArray(seen.ids) ? seen : null;
  } catch {
    return null;
  }
}

/** The notifications of `list` (newest first) not told yet on this device, newest first; remembers the whole list as told. */
export function takeUntold(userId: string, list: readonly Notificacao[]): Notificacao[] {
  const seen = read(userId);
  const fresh = list.filter(
    (n) => !n.Lida && (!seen || n.DataHora > seen.after || (n.DataHora === seen.after && !seen.ids.includes(n.IdNotificacao))),
  );
  const newest = list.reduce((max, n) => (n.DataHora > max ? n.DataHora : max), seen?.after ?? "");
  const ids = list.filter((n) => n.DataHora === newest).map((n) => n.IdNotificacao);
  const next: Seen = { after: newest, ids: newest === seen?.after ? [...new Set([...seen.ids, ...ids])] : ids };
  try {
    localStorage.setItem(key(userId), JSON.stringify(next));
  } catch {
    // Private mode or a full storage: no toast is told (each poll looks like a first one); the bell still counts.
  }
  // A device's first poll for the user tells nothing: what came before is on the bell's count and the screen, not a burst of
  // toasts at every sign-in on a new phone.
  return seen ? fresh : [];
}
