// A one-time access link to hand over (the point's team, the central's staff): what it is for and how long it works, the link
// read-only, 'Copiar link' with a visible confirmation (or the link selected for a manual copy), and Fechar (main thread).
import { useId, useState, type ReactNode } from "react";
import { Modal } from "./modal";

export interface CopyLinkTexts {
  link: string;
  copy: string;
  copied: string;
  copyFailed: string;
  close: string;
}

interface Props {
  title: string;
  /** Who the link is for and what it does. */
  intro: string;
  /** Its single use and expiry. */
  rules: string;
  link: string;
  texts: CopyLinkTexts;
  /** Style names of the link's input, of the confirmation and of the buttons' row (beside 'modal-actions'). */
  classes: { link: string; copied: string; actions?: string };
  /** Under the confirmation (e.g. why WhatsApp is not offered). */
  note?: ReactNode;
  /** Between 'Copiar link' and 'Fechar' (e.g. 'Enviar pelo WhatsApp'). */
  action?: ReactNode;
  onClose: () => void;
}

export function CopyLinkModal({ title, intro, rules, link, texts: M, classes, note, action, onClose }: Props) {
  const id = useId();
  const [copy, setCopy] = useState<"" | "copied" | "failed">("");
  const onCopy = () => {
    const field = document.getElementById(`${id}-link`) as HTMLInputElement | null;
    const copied = navigator.clipboard?.writeText(link) ?? Promise.reject(new Error("no clipboard"));
    copied.then(
      () => setCopy("copied"),
      () => {
        // Without clipboard access (an old browser, a refused permission) the link is selected for a manual copy.
        field?.focus();
        field?.select();
        setCopy("failed");
      },
    );
  };
  return (
    <Modal open title={title} onClose={onClose}>
      <p>{intro}</p>
      <p className="muted">{rules}</p>
      <label htmlFor={`${id}-link`}>{M.link}</label>
      <input id={`${id}-link`} type="text" className={classes.link} value={link} readOnly onFocus={(e) => e.currentTarget.select()} />
      <p className={copy === "failed" ? "form-error" : classes.copied} role="status">
        {copy === "copied" ? M.copied : copy === "failed" ? M.copyFailed : ""}
      </p>
      {note}
      <div className={classes.actions ? `modal-actions ${classes.actions}` : "modal-actions"}>
        <button type="button" className="btn btn-primary" onClick={onCopy}>
          {M.copy}
        </button>
        {action}
        <button type="button" className="btn" onClick={onClose}>
          {M.close}
        </button>
      </div>
    </Modal>
  );
}
