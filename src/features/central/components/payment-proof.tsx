// A payment's proof in a list row, the same for a paid batch and for a run's transfer (issue 49): its file name as a button that
// downloads it (or the quiet 'no proof' line), and the attaching: one hidden file picker for every row of the list, which a
// row's 'Anexar comprovante' opens for that row (main thread).
import { useRef, useState } from "react";

const PROOF_TYPES = "image/jpeg,image/png,image/webp,image/gif,application/pdf";

interface ProofFileProps {
  /** The proof's file name, or null when none is attached. */
  file: string | null;
  /** The button's accessible name: the file name, then whose proof it is. */
  label: (file: string) => string;
  /** The line shown when there is no proof. */
  none: string;
  onDownload: () => void;
}

/** A row's proof: its file name as a button that downloads it, or `none`. */
export function ProofFile({ file, label, none, onDownload }: ProofFileProps) {
  return file ? (
    <button type="button" className="link-button" aria-label={label(file)} onClick={onDownload}>
      {file}
    </button>
  ) : (
    <span className="muted">{none}</span>
  );
}

/** A row's 'Anexar comprovante': opens the list's picker (`useProofPicker`'s `attach`) for that row. */
export function AttachProofButton({
  label,
  text,
  disabled,
  onClick,
}: {
  label: string;
  text: string;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <button type="button" className="btn" aria-label={label} disabled={disabled} onClick={onClick}>
      {text}
    </button>
  );
}

/**
 * One hidden file picker for every row of a list: `picker` is rendered once, `attach(row)` opens it for that row, and the file
 * chosen is handed to `onFile` with that row (the picker is emptied, so the same file can be chosen again).
 */
export function useProofPicker<T>(onFile: (row: T, file: File) => void) {
  const input = useRef<HTMLInputElement>(null);
  const [attachTo, setAttachTo] = useState<T | null>(null);
  const picker = (
    <input
      ref={input}
      type="file"
      className="sr-only"
      tabIndex={-1}
      aria-hidden="true"
      accept={PROOF_TYPES}
      onChange={(e) => {
        const file = e.target.files?.[0];
        e.target.value = "";
        if (!file || !attachTo) return;
        onFile(attachTo, file);
      }}
    />
  );
  const attach = (row: T) => {
    setAttachTo(row);
    input.current?.click();
  };
  return { picker, attach };
}
