// 'Cancelar remessa' (issue 49): what cancelling does (the run's payouts are payable again), the reason it requires (checked
// here and by the server, kept on the run and in the journal), and the call; the server's refusal stays in the dialog (a run
// sent to the bank meanwhile), its success is said on the run's page (main thread).
import { useId, useState } from "react";
import { Modal } from "../../../components/ui/modal";
import { formatBRL } from "../../../domain/format";
import { PAYMENTS_MSG } from "../../../config/messages/central-payments.pt-BR";
import type { PaymentRun } from "../api/payment-runs";
import { useCancelRun } from "../api/use-payment-run-mutations";

const M = PAYMENTS_MSG.cancelRun;

interface Props {
  run: PaymentRun;
  onClose: () => void;
  /** After the server cancelled it, with its message. */
  onCancelled: (message: string) => void;
}

export function PaymentRunCancelModal({ run, onClose, onCancelled }: Props) {
  const id = useId();
  const [reason, setReason] = useState("");
  const [error, setError] = useState("");
  const cancel = useCancelRun();
  const busy = cancel.isPending;
  const submit = () => {
    if (!reason.trim()) return setError(M.required);
    setError("");
    cancel.mutate(
      { id: run.IdRemessa, motivo: reason.trim() },
      {
        onSuccess: (res) => {
          onCancelled(res.message);
          onClose();
        },
        onError: (e) => setError(e.message),
      },
    );
  };
  const reasonId = `${id}-motivo`;
  const errorId = `${id}-erro`;
  return (
    <Modal
      open
      title={M.title(run.Numero)}
      onClose={onClose}
      preventClose={busy}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={busy}>
            {M.back}
          </button>
          <button type="button" className="btn btn-danger" onClick={submit} disabled={busy}>
            {busy ? M.pending : M.submit}
          </button>
        </>
      }
    >
      <p>{M.intro(run.Repasses, formatBRL(run.Total))}</p>
      <label htmlFor={reasonId}>{M.reason}</label>
      <textarea
        id={reasonId}
        value={reason}
        maxLength={500}
        rows={4}
        required
        disabled={busy}
        onChange={(e) => {
          setReason(e.target.value);
          if (error === M.required && e.target.value.trim()) setError("");
        }}
        aria-invalid={error === M.required ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error && (
        <p className="form-error" id={errorId} role="alert">
          {error}
        </p>
      )}
    </Modal>
  );
}
