// A confirmation on top of the generic modal: the question, Voltar and a danger button that shows its pending label and
// cannot be closed while the action runs; an optional error stays in the dialog (main thread).
import type { ReactNode } from "react";
import { Modal } from "./modal";

interface ConfirmModalProps {
  title: string;
  onClose: () => void;
  onConfirm: () => void;
  pending: boolean;
  confirmLabel: string;
  pendingLabel: string;
  backLabel: string;
  error?: string | null;
  children: ReactNode;
}

export function ConfirmModal({
  title,
  onClose,
  onConfirm,
  pending,
  confirmLabel,
  pendingLabel,
  backLabel,
  error,
  children,
}: ConfirmModalProps) {
  return (
    <Modal
      open
      title={title}
      onClose={onClose}
      preventClose={pending}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={pending}>
            {backLabel}
          </button>
          <button type="button" className="btn btn-danger" onClick={onConfirm} disabled={pending}>
            {pending ? pendingLabel : confirmLabel}
          </button>
        </>
      }
    >
      {children}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </Modal>
  );
}
