// 'Conferir dados de pagamento': a held point's payment data now, in full (company, CNPJ, PIX key or account, holder), why its
// payouts are held, when the data changed and was last confirmed, the point's recent changes of it from the record (masked as
// recorded), and 'Confirmar dados', which confirms exactly the change shown (the server refuses a newer one) and makes the
// payouts payable. A point without bank data is told so, with nothing to confirm (main thread).
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { AuditTimeline } from "../../../components/audit/audit-list";
import { Modal } from "../../../components/ui/modal";
import { QueryState } from "../../../components/ui/query-state";
import { MSG } from "../../../config/messages.pt-BR";
import { CENTRAL_MSG } from "../../../config/messages/central.pt-BR";
import { withReason } from "../../../domain/format";
import { dateTimeText } from "../../../lib/br-format";
import { toast } from "../../../lib/toast";
import type { PayeeReview } from "../api/central";
import { useConfirmPayee } from "../api/use-payment-mutations";
import { payeeAuditQuery, payeeQuery } from "../query-options";
import type { HeldPoint } from "./held-points";
import { PayeeFields } from "./payee-fields";

const M = CENTRAL_MSG.payee;

/** Whether there is a change the central can confirm: held, with bank data, and the change's instant to send back. */
const confirmable = (p: PayeeReview | undefined): p is PayeeReview & { AlteradoEm: string } =>
  Boolean(p && p.Retido && p.IdDadoBancario && p.AlteradoEm);

function Status({ payee }: { payee: PayeeReview }) {
  if (!payee.IdDadoBancario) return <p className="payee-notice payee-notice-held">{M.noBankData}</p>;
  if (!payee.Retido) return <p className="payee-notice">{M.notHeld}</p>;
  return <p className="payee-notice payee-notice-held">{payee.MotivoRetencao}</p>;
}

export function PayeeReviewModal({ point, onClose }: { point: HeldPoint; onClose: () => void }) {
  const payee = useQuery(payeeQuery(point.id));
  const recent = useQuery(payeeAuditQuery(point.id));
  const [error, setError] = useState<string | null>(null);
  const confirm = useConfirmPayee();
  const data = payee.data;
  const canConfirm = confirmable(data);

  const submit = () => {
    if (!confirmable(data)) return;
    setError(null);
    // Callbacks of this call run once the hook's refetch has landed: the dialog closes onto rows already payable.
    confirm.mutate(
      { pointId: point.id, alteradoEm: data.AlteradoEm },
      {
        onSuccess: (res) => {
          toast.success(res.message);
          onClose();
        },
        onError: (e) => setError(e.message),
      },
    );
  };

  return (
    <Modal
      open
      title={M.title}
      onClose={onClose}
      preventClose={confirm.isPending}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={confirm.isPending}>
            {M.close}
          </button>
          {canConfirm && (
            <button
              type="button"
              className="btn btn-primary"
              onClick={submit}
              disabled={confirm.isPending || payee.isFetching}
              aria-describedby="pagamentos-confirmar-dica"
            >
              {confirm.isPending ? M.confirming : M.confirm}
            </button>
          )}
        </>
      }
    >
      <p className="payee-point">
        <strong>{point.name}</strong>
      </p>
      <QueryState query={payee} variant="card" loading={M.loading} error={withReason(M.loadFailed, payee.error?.message)}>
        {(p) => (
          <>
            <Status payee={p} />
            <h3 className="modal-subtitle">{M.current}</h3>
            <PayeeFields payee={p} />
            <dl className="field-list payee-dates">
              <dt>{M.changedAt}</dt>
              <dd>{dateTimeText(p.AlteradoEm) ?? M.never}</dd>
              <dt>{M.confirmedAt}</dt>
              <dd>{dateTimeText(p.ConfirmadoEm) ?? M.never}</dd>
            </dl>
          </>
        )}
      </QueryState>
      <h3 className="modal-subtitle">{M.recent}</h3>
      <QueryState
        query={recent}
        variant="card"
        loading={MSG.audit.loading}
        error={withReason(MSG.audit.loadFailed, recent.error?.message)}
        empty={M.recentEmpty}
        isEmpty={(rows) => rows.length === 0}
      >
        {(rows) => <AuditTimeline rows={rows} label={M.recent} />}
      </QueryState>
      {canConfirm && (
        <p id="pagamentos-confirmar-dica" className="muted payee-hint">
          {M.confirmHint}
        </p>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </Modal>
  );
}
