// 'Marcar como pago': the selected payouts' count and total, the payment date (today by default, never after today nor before
// the latest execution among them), and the call that pays them all or none; the server's refusal stays in the dialog (main
// thread).
import { useId, useState } from "react";
import { Modal } from "../../../components/ui/modal";
import { isoToBr, wallClock } from "../../../domain/dates";
import { formatBRL } from "../../../domain/format";
import { toast } from "../../../lib/toast";
import { CENTRAL_MSG } from "../../../config/messages/central.pt-BR";
import type { Payout } from "../api/central";
import { usePayPayouts } from "../api/use-payment-mutations";

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
  const dateId = useId();
  const errorId = useId();
  const pay = usePayPayouts();
  const total = Math.round(rows.reduce((n, r) => n + (r.ValorRepasse ?? 0), 0) * 100) / 100;
  // The payout executed last bounds the date from below (the server refuses a payment dated before an execution).
  const latest = rows.reduce<Payout | null>((a, r) => (r.DataExecucao && (!a || r.DataExecucao > a.DataExecucao!) ? r : a), null);

  const submit = () => {
    if (!date) return setError("Informe a data do pagamento.");
    if (date > today) return setError(`A data do pagamento não pode ser futura (hoje é ${isoToBr(today)}).`);
    if (latest && date < latest.DataExecucao!)
      return setError(CENTRAL_MSG.payee.beforeExecution(latest.NumeroOS, isoToBr(latest.DataExecucao!)));
    setError(null);
    // Callbacks of this call run once the hook's refetch has landed: the dialog closes onto a list already showing PAGO.
    pay.mutate(
      { ids: rows.map((r) => r.IdFinanceiroEspelho), dataPagamento: date },
      {
        onSuccess: (res) => {
          toast.success(res.message);
          onPaid();
          onClose();
        },
        onError: (e) => setError(e.message),
      },
    );
  };

  return (
    <Modal open title="Marcar como pago" onClose={onClose} preventClose={pay.isPending}>
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
          disabled={pay.isPending}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => setDate(e.target.value)}
        />
        {error && (
          <p id={errorId} className="form-error" role="alert">
            {error}
          </p>
        )}
        <footer className="modal-footer">
          <button type="button" className="btn" onClick={onClose} disabled={pay.isPending}>
            Cancelar
          </button>
          <button type="submit" className="btn btn-primary" disabled={pay.isPending}>
            {pay.isPending ? "Registrando..." : "Confirmar pagamento"}
          </button>
        </footer>
      </form>
    </Modal>
  );
}
