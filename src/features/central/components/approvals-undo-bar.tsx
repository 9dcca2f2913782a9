// The bar shown for the seconds a decision can be taken back (main thread): "Serviço aprovado — OS 12" with Desfazer, announced
// politely to screen readers; it leaves when the time is over (the server refuses a late undo with its own message anyway).
import { useEffect } from "react";
import { APPROVALS_MSG as M } from "../../../config/messages/central-approvals.pt-BR";

export interface RecentDecision {
  id: string;
  text: string;
  /** How long the undo stays open, from when the bar shows. */
  ms: number;
  /** Tells one decision from the next of the same service (approved, undone, approved again). */
  key: number;
}

interface Props {
  decision: RecentDecision;
  busy: boolean;
  onUndo: (id: string) => void;
  onExpire: () => void;
}

export function ApprovalsUndoBar({ decision, busy, onUndo, onExpire }: Props) {
  useEffect(() => {
    if (busy) return;
    const timer = setTimeout(onExpire, decision.ms);
    return () => clearTimeout(timer);
  }, [decision, busy, onExpire]);
  return (
    <div className="approvals-undo" role="status" aria-label={M.undo.label}>
      <span className="approvals-undo-text">{decision.text}</span>
      <button type="button" className="btn approvals-undo-button" disabled={busy} onClick={() => onUndo(decision.id)}>
        {busy ? M.undo.working : M.undo.action}
      </button>
    </div>
  );
}
