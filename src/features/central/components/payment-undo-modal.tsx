// 'Desfazer pagamento': confirms taking one payout back to pending; the server allows it only on the day the payment was
// registered, and its refusal stays in the dialog (main thread).
import { useState } from "react";
import { ConfirmModal } from "../../../components/ui/confirm-modal";
import { isoToBr } from "../../../domain/dates";
import { formatBRL } from "../../../domain/format";
import { toast } from "../../../lib/toast";
import type { Payout } from "../api/central";
import { useUndoPayment } from "../api/use-payment-mutations";
import { payoutName } from "./payment-list";

export function PaymentUndoModal({ row, onClose }: { row: Payout; onClose: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const undo = useUndoPayment();
  return (
    <ConfirmModal
      title="Desfazer pagamento"
      onClose={onClose}
      onConfirm={() => {
        setError(null);
        undo.mutate(row.IdFinanceiroEspelho, {
          onSuccess: (res) => {
            toast.success(res.message);
            onClose();
          },
          onError: (e) => setError(e.message),
        });
      }}
      pending={undo.isPending}
      confirmLabel="Desfazer pagamento"
      pendingLabel="Desfazendo..."
      backLabel="Voltar"
      error={error}
    >
      <p>
        O repasse da {payoutName(row)} ({row.NomeFantasia}), de {formatBRL(row.ValorRepasse)}
        {row.DataPagamento ? `, pago em ${isoToBr(row.DataPagamento)},` : ""} volta a ficar pendente.
      </p>
      <p className="muted">Só é possível desfazer um pagamento no mesmo dia em que ele foi registrado.</p>
    </ConfirmModal>
  );
}
