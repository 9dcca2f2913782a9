// Refusing a linked service (main thread): the reason is required (the point reads it on the OS screen), checked here and by
// the server; a refusal someone else's decision beat is told with the server's message, which names who decided.
import { useState } from "react";
import { Modal } from "../../../components/ui/modal";
import { APPROVALS_MSG as M } from "../../../config/messages/central-approvals.pt-BR";
import type { PendingService } from "../api/approvals";
import { useRejectService, type Decided } from "../api/use-approval-mutations";

const R = M.reject_;

export function ApprovalsRejectModal({
  row,
  onClose,
  onRejected,
}: {
  row: PendingService;
  onClose: () => void;
  onRejected: (row: PendingService, answer: Decided) => void;
}) {
  const [note, setNote] = useState("");
  const [error, setError] = useState("");
  const reject = useRejectService({
    onSuccess: (answer) => {
      onRejected(row, answer);
      onClose();
    },
    onError: (err) => setError(err.message),
  });
  const submit = () => {
    if (!note.trim()) return setError(R.required);
    setError("");
    reject.mutate({ id: row.IdSocioVeiculoAgendaExecucaoServico, note: note.trim() });
  };
  return (
    <Modal
      open
      title={R.title(row.Servico)}
      onClose={onClose}
      preventClose={reject.isPending}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={reject.isPending}>
            {R.back}
          </button>
          <button type="button" className="btn btn-danger" onClick={submit} disabled={reject.isPending}>
            {reject.isPending ? R.pending : R.submit}
          </button>
        </>
      }
    >
      <p>{R.intro(row.NumeroOS, row.NomeFantasia)}</p>
      <label htmlFor="central-reject-note">{R.note}</label>
      <textarea
        id="central-reject-note"
        value={note}
        maxLength={1000}
        rows={4}
        onChange={(e) => setNote(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "central-reject-error" : undefined}
      />
      {error && (
        <p className="field-error" id="central-reject-error" role="alert">
          {error}
        </p>
      )}
    </Modal>
  );
}
