// A read-only dialog (the details of a row): the generic modal with one close button in its footer (main thread).
import type { ReactNode } from "react";
import { Modal } from "./modal";

interface Props {
  title: string;
  /** The footer button's text ('Fechar'). */
  closeLabel: string;
  onClose: () => void;
  children: ReactNode;
}

export function ViewModal({ title, closeLabel, onClose, children }: Props) {
  return (
    <Modal
      open
      title={title}
      onClose={onClose}
      footer={
        <button type="button" className="btn" onClick={onClose}>
          {closeLabel}
        </button>
      }
    >
      {children}
    </Modal>
  );
}
