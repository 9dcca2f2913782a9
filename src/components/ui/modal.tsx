// Generic modal on the native <dialog>: closes on Escape, overlay click or the close button unless closing is prevented (main thread).
import { useEffect, useId, useRef, type ReactNode } from "react";

interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  /** While true (e.g. during an upload or a recording) Escape and overlay clicks do nothing and no close button is shown. */
  preventClose?: boolean;
  children: ReactNode;
  footer?: ReactNode;
}

export function Modal({ open, title, onClose, preventClose = false, children, footer }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className="modal"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        if (!preventClose) onClose();
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget && !preventClose) onClose();
      }}
    >
      <div className="modal-body">
        <header className="modal-header">
          <h2 id={titleId}>{title}</h2>
          {!preventClose && <button type="button" className="icon-button" aria-label="Fechar" onClick={onClose}>×</button>}
        </header>
        {children}
        {footer && <footer className="modal-footer">{footer}</footer>}
      </div>
    </dialog>
  );
}
