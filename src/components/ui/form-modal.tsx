// A form in the generic modal, its buttons in the modal's footer: Cancelar (or Fechar) and the submit button, which sends the
// form from outside it and shows its pending label; both are disabled, and the dialog cannot be closed, while the form is sent
// (main thread).
import { useId, type ReactNode } from "react";
import { Modal } from "./modal";

interface FormModalProps {
  title: string;
  onClose: () => void;
  /** The form was submitted (its default, a page load, prevented). */
  onSubmit: () => void;
  /** While the form is sent. */
  busy: boolean;
  cancelLabel: string;
  submitLabel: string;
  /** The submit button's label while busy; without it the label stays. */
  busyLabel?: string;
  /** The submit button disabled when there is nothing to send, besides while busy. */
  submitDisabled?: boolean;
  /** The form's content. */
  children: ReactNode;
  /** In the dialog below the form (a result's live region). */
  after?: ReactNode;
}

export function FormModal({
  title,
  onClose,
  onSubmit,
  busy,
  cancelLabel,
  submitLabel,
  busyLabel,
  submitDisabled = false,
  children,
  after,
}: FormModalProps) {
  const formId = `${useId()}-form`;
  return (
    <Modal
      open
      title={title}
      onClose={onClose}
      preventClose={busy}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={busy}>
            {cancelLabel}
          </button>
          <button type="submit" form={formId} className="btn btn-primary" disabled={busy || submitDisabled}>
            {busy && busyLabel !== undefined ? busyLabel : submitLabel}
          </button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        {children}
      </form>
      {after}
    </Modal>
  );
}
