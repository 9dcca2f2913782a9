// Generic modal on the native <dialog>: Escape, overlay click, the close button or browser back close it unless closing is
// prevented, or ask first while a form in it holds typed content; showModal traps focus, and focus returns to the opener on
// close (main thread).
import { MSG } from "../../config/messages.pt-BR";
import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from "react";

interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  /** While true (e.g. during an upload or a recording) Escape, overlay clicks and back do nothing and no close button is shown. */
  preventClose?: boolean;
  /**
   * While set (a form in it holds what the user typed or chose), Escape, an overlay click, the close button and the phone's
   * back button ask this question first and close only on "OK" (issue 50: back threw a filled form away). The browser's own
   * confirm: modal, read by screen readers, answered with the keyboard, and it blocks the back press until answered.
   */
  discardQuestion?: string | null;
  children: ReactNode;
  footer?: ReactNode;
}

const stateKey = (s: unknown) => (s && typeof s === "object" ? (s as { modal?: unknown }).modal : undefined);

/**
 * The popstate of a closed modal's own history.back() arrives later, asynchronously. A modal opened in between (e.g. the
 * scanner's vehicle data -> 'Novo Agendamento', whose code loads first) must not take it for the user's back press, or it
 * closes as soon as it opens. Those events are recognised here, before any modal's own listener runs.
 */
let ownBacks = 0;
let ownBacksUntil = 0;
let ownPop: Event | null = null;
function goBackForClosedModal() {
  ownBacks++;
  ownBacksUntil = performance.now() + 1000;
  history.back();
}
if (typeof window !== "undefined") {
  window.addEventListener("popstate", (e) => {
    ownPop = ownBacks > 0 && performance.now() < ownBacksUntil ? e : null;
    ownBacks = ownPop ? ownBacks - 1 : 0;
  });
}

/** One history entry per open modal, so the phone's back button closes the modal instead of leaving the page. */
function useBackCloses(open: boolean, id: string, onClose: () => void, preventClose: boolean, discardQuestion: string | null) {
  const latest = useRef({ onClose, preventClose, discardQuestion });
  useEffect(() => {
    latest.current = { onClose, preventClose, discardQuestion };
  });
  const active = useRef(false);
  // Layout effects: the entry is pushed and taken back in the same commit that opens or closes the modal, not a frame later.
  useLayoutEffect(() => {
    if (!open) return;
    const key = `modal:${id}`;
    const push = () => history.pushState({ ...(history.state as object | null), modal: key }, "");
    if (stateKey(history.state) !== key) push();
    active.current = true;
    const onPop = (e: PopStateEvent) => {
      if (stateKey(history.state) === key) return;
      // Another modal's own back, not the user's: this modal keeps its entry.
      if (e === ownPop) return push();
      if (latest.current.preventClose) return push();
      const question = latest.current.discardQuestion;
      if (!question) return latest.current.onClose();
      // The entry comes back first: kept when the user stays, taken back by the cleanup when the modal closes.
      push();
      if (window.confirm(question)) latest.current.onClose();
    };
    window.addEventListener("popstate", onPop);
    return () => {
      window.removeEventListener("popstate", onPop);
      active.current = false;
      // Deferred so a StrictMode re-run (which reuses the entry) or a navigation made while closing is not undone.
      setTimeout(() => {
        if (!active.current && stateKey(history.state) === key) goBackForClosedModal();
      }, 0);
    };
  }, [open, id]);
}

export function Modal({ open, title, onClose, preventClose = false, discardQuestion = null, children, footer }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useBackCloses(open, titleId, onClose, preventClose, discardQuestion);
  /** A close the user asked for (Escape, the overlay, ×): refused while prevented, asked first while a form holds input. */
  const requestClose = () => {
    if (preventClose) return;
    if (discardQuestion && !window.confirm(discardQuestion)) return;
    onClose();
  };
  // In the commit that opens or closes it, before the browser paints: the dialog is modal at once, and focus is back on the opener at once.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      // The dialog leaves the DOM with the modal, so the browser's own focus restoring cannot be relied on.
      if (opener?.isConnected) opener.focus();
    };
  }, [open]);
  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className="modal"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        requestClose();
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget) requestClose();
      }}
    >
      <div className="modal-body">
        <header className="modal-header">
          <h2 id={titleId}>{title}</h2>
          {!preventClose && (
            <button type="button" className="icon-button" aria-label={MSG.common.close} onClick={requestClose}>
              ×
            </button>
          )}
        </header>
        {children}
        {footer && <footer className="modal-footer">{footer}</footer>}
      </div>
    </dialog>
  );
}
