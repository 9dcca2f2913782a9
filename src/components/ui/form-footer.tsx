// The end of a form in a modal: the server's refusal (if any) above Cancelar/Voltar and the submit button, which shows its pending
// label; both are disabled while the form is sent (main thread).
interface FormFooterProps {
  /** The form-level error (the server's message), announced as an alert. */
  error?: string;
  busy: boolean;
  onCancel: () => void;
  cancelLabel: string;
  submitLabel: string;
  busyLabel: string;
}

export function FormFooter({ error, busy, onCancel, cancelLabel, submitLabel, busyLabel }: FormFooterProps) {
  return (
    <>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="modal-actions">
        <button type="button" className="btn" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </button>
      </div>
    </>
  );
}
