// Deactivating a person (the point's user, the central's colleague): who (name, e-mail), the screen's question about what it
// means, Cancelar and Desativar; the server's refusal stays in the dialog (main thread).
import { ConfirmModal } from "./confirm-modal";

export interface DeactivateTexts {
  deactivateTitle: string;
  deactivate: string;
  deactivating: string;
  cancel: string;
  deactivateQuestion: (name: string) => string;
}

interface Props {
  person: { Nome: string; Email: string };
  texts: DeactivateTexts;
  /** The style name of the 'who' paragraph ('team-confirm-who', 'staff-confirm-who'). */
  whoClass: string;
  /** The deactivation's state: its call running, its error. */
  state: { isPending: boolean; error: Error | null };
  onConfirm: () => void;
  onClose: () => void;
}

export function DeactivatePersonModal({ person, texts: M, whoClass, state, onConfirm, onClose }: Props) {
  const labels = { title: M.deactivateTitle, confirmLabel: M.deactivate, pendingLabel: M.deactivating, backLabel: M.cancel };
  return (
    <ConfirmModal
      {...labels}
      pending={state.isPending}
      error={state.error ? state.error.message : null}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <p className={whoClass}>
        <strong>{person.Nome}</strong>
        <br />
        <span className="muted">{person.Email}</span>
      </p>
      <p>{M.deactivateQuestion(person.Nome)}</p>
    </ConfirmModal>
  );
}
