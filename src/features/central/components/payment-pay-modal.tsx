// 'Marcar como pago': the selected payouts' count and total, the payment date (today by default, never after today nor before
// the latest execution among them), the payment reference (required) and an optional proof, and the call that pays them all or
// none as one batch, then sends the proof to it; the server's refusal stays in the dialog (main thread).
import { useId, useState } from "react";
import { Modal } from "../../../components/ui/modal";
import { isoToBr, wallClock } from "../../../domain/dates";
import { formatBRL } from "../../../domain/format";
import { toast } from "../../../lib/toast";
import { CENTRAL_MSG } from "../../../config/messages/central.pt-BR";
import { PAYMENTS_MSG } from "../../../config/messages/central-payments.pt-BR";
import type { Payout } from "../api/payments";
import { usePayPayouts, useUploadProof } from "../api/use-payment-mutations";

/** What a bank gives as proof: a screenshot or a PDF (the server checks the bytes too). */
const PROOF_TYPES = "image/jpeg,image/png,image/webp,image/gif,application/pdf";

interface Props {
  rows: readonly Payout[];
  onClose: () => void;
  /** After the server registered the payment (the section clears its selection). */
  onPaid: () => void;
}

const plural = (n: number) => (n === 1 ? "1 repasse selecionado" : `${n} repasses selecionados`);

export function PaymentPayModal({ rows, onClose, onPaid }: Props) {
  const today = wallClock().date;
  const [date, setDate] = useState(today);
  const [error, setError] = useState<string | null>(null);
  const [reference, setReference] = useState("");
  const [proof, setProof] = useState<File | null>(null);
  const dateId = useId();
  const errorId = useId();
  const refId = useId();
  const refHintId = useId();
  const proofId = useId();
  const proofHintId = useId();
  const pay = usePayPayouts();
  const upload = useUploadProof();
  const busy = pay.isPending || upload.isPending;
  const total = Math.round(rows.reduce((n, r) => n + (r.ValorRepasse ?? 0), 0) * 100) / 100;
  // The payout executed last bounds the date from below (the server refuses a payment dated before an execution).
  const latest = rows.reduce<Payout | null>((a, r) => (r.DataExecucao && (!a || r.DataExecucao > a.DataExecucao!) ? r : a), null);

  const submit = () => {
    if (!date) return setError("Informe a data do pagamento.");
    if (date > today) return setError(`A data do pagamento não pode ser futura (hoje é ${isoToBr(today)}).`);
    if (latest && date < latest.DataExecucao!)
      return setError(CENTRAL_MSG.payee.beforeExecution(latest.NumeroOS, isoToBr(latest.DataExecucao!)));
    if (!reference.trim()) return setError(PAYMENTS_MSG.referenceRequired);
    setError(null);
    // Callbacks of this call run once the hook's refetch has landed: the dialog closes onto a list already showing PAGO.
    pay.mutate(
      { ids: rows.map((r) => r.IdFinanceiroEspelho), dataPagamento: date, referencia: reference.trim() },
      {
        onSuccess: async (res) => {
          toast.success(res.message);
          // The payment stands whatever happens to its proof: a refused file is said, and can be attached from Lotes pagos.
          if (proof) {
            try {
              await upload.mutateAsync({ batchId: res.idLote, file: proof });
            } catch (e) {
              toast.warning(PAYMENTS_MSG.proofFailed((e as Error).message));
            }
          }
          onPaid();
          onClose();
        },
        onError: (e) => setError(e.message),
      },
    );
  };

  return (
    <Modal open title="Marcar como pago" onClose={onClose} preventClose={busy}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <p className="payments-pay-summary">
          {plural(rows.length)}, total de <strong>{formatBRL(total)}</strong>.
        </p>
        <label htmlFor={dateId}>Data do pagamento</label>
        <input
          id={dateId}
          type="date"
          required
          value={date}
          max={today}
          min={latest?.DataExecucao ?? undefined}
          disabled={busy}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => setDate(e.target.value)}
        />
        <label htmlFor={refId}>{PAYMENTS_MSG.reference}</label>
        <input
          id={refId}
          type="text"
          required
          maxLength={80}
          autoComplete="off"
          value={reference}
          disabled={busy}
          aria-describedby={error ? `${refHintId} ${errorId}` : refHintId}
          onChange={(e) => setReference(e.target.value)}
        />
        <p id={refHintId} className="muted payments-field-hint">
          {PAYMENTS_MSG.referenceHint}
        </p>
        <label htmlFor={proofId}>{PAYMENTS_MSG.proof}</label>
        <input
          id={proofId}
          type="file"
          accept={PROOF_TYPES}
          disabled={busy}
          aria-describedby={proofHintId}
          onChange={(e) => setProof(e.target.files?.[0] ?? null)}
        />
        <p id={proofHintId} className="muted payments-field-hint">
          {PAYMENTS_MSG.proofHint}
        </p>
        {error && (
          <p id={errorId} className="form-error" role="alert">
            {error}
          </p>
        )}
        <footer className="modal-footer">
          <button type="button" className="btn" onClick={onClose} disabled={busy}>
            Cancelar
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? "Registrando..." : "Confirmar pagamento"}
          </button>
        </footer>
      </form>
    </Modal>
  );
}
