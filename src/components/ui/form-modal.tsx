// A form in the generic modal, its buttons in the modal's footer: Cancelar (or Fechar) and the submit button, which sends the
// form from outside it and shows its pending label; both are disabled, and the dialog cannot be closed, while the form is sent;
// while the form holds what the user typed, closing asks the discard question first (main thread).
import { useId, type FormEvent, type ReactNode } from "react";
import { MSG } from "../../config/messages.pt-BR";
import { Modal } from "./modal";

interface FormModalProps {
  title: string;
  onClose: () => void;
  /** The form was submitted (its default, a page load, prevented); the event for a form hook's handleSubmit. */
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  /** While the form is sent. */
  busy: boolean;
  cancelLabel: string;
  submitLabel: string;
  /** The submit button's label while busy; without it the label stays. */
  busyLabel?: string;
  /** The submit button disabled when there is nothing to send, besides while busy. */
  submitDisabled?: boolean;
  /** Overrides of the submit button's state (an offline guard: disabled, pointing to its hint). */
  submitGuard?: { disabled?: boolean; "aria-describedby"?: string };
  /** The form holds typed or chosen content (useForm's dirty): Escape, back, the overlay and × ask before closing. */
  dirty?: boolean;
  formClassName?: string;
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
  submitGuard,
  dirty = false,
  formClassName,
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
      discardQuestion={dirty ? MSG.common.discardQuestion : null}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={busy}>
            {cancelLabel}
          </button>
          <button type="submit" form={formId} className="btn btn-primary" disabled={busy || submitDisabled} {...submitGuard}>
            {busy && busyLabel !== undefined ? busyLabel : submitLabel}
          </button>
        </>
      }
    >
      <form
        id={formId}
        className={formClassName}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit(e);
        }}
      >
        {children}
      </form>
      {after}
    </Modal>
  );
}
