// The explanation next to actions that are disabled offline (main thread): `useOfflineGuard()` gives the flag and the props for
// each such button (disabled, described by the hint), `<OfflineHint>` the visible text, rendered only while offline.
import { useId } from "react";
import { MSG } from "../../config/messages.pt-BR";
import { useOnline } from "./network";

/** The id of a page's own hint (agenda, OS screen): the cards of that page describe their disabled buttons with it. */
export const PAGE_OFFLINE_HINT = "aviso-sem-conexao-acoes";

/** `sharedHint`: describe the buttons with a hint rendered elsewhere on the page instead of one of their own. */
export function useOfflineGuard(sharedHint?: string) {
  const online = useOnline();
  const ownId = useId();
  const hintId = sharedHint ?? ownId;
  return {
    online,
    hintId,
    /** Spread on a button that needs the server (after its own `disabled`, which it overrides only offline). */
    guard: online ? {} : { disabled: true, "aria-describedby": hintId },
  };
}

export function OfflineHint({ id, online }: { id: string; online: boolean }) {
  if (online) return null;
  return (
    <p id={id} className="offline-hint">
      {MSG.offline.actionsDisabled}
    </p>
  );
}
