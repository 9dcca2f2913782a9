// 'Conferir dados de pagamento': a held point's payment data, why its payouts are held, and for a change under review every
// field before and after (payee-diff.tsx), who changed it and when, a warning when the holder is not the point's CNPJ (a
// stronger one for a natural person), the point's phone to call first (a tel: link), and 'Confirmar dados', which confirms
// exactly the change shown (the server refuses a newer one). A natural person's data need two central users: the first
// confirmation keeps the payouts held ("Aguardando segundo usuário"), its author cannot give the second. Below, the point's
// recent changes from the record (masked as recorded). A point without bank data is told so, with nothing to confirm
// (main thread).
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { AuditTimeline } from "../../../components/audit/audit-list";
import { Modal } from "../../../components/ui/modal";
import { QueryState } from "../../../components/ui/query-state";
import { MSG } from "../../../config/messages.pt-BR";
import { CENTRAL_MSG } from "../../../config/messages/central.pt-BR";
import { withReason } from "../../../domain/format";
import { atText, phoneHref } from "../../../domain/payee";
import { dateTimeText, formatDocument } from "../../../lib/br-format";
import { toast } from "../../../lib/toast";
import type { PayeeReview } from "../api/central";
import { useConfirmPayee } from "../api/use-payment-mutations";
import { payeeAuditQuery, payeeQuery } from "../query-options";
import type { HeldPoint } from "./held-points";
import { PayeeDiff } from "./payee-diff";
import { PayeeFields } from "./payee-fields";
import "./payee-review.css";

const M = CENTRAL_MSG.payee;

/** A change the central is reviewing: held, with bank data, and the change's instant to send back. */
const underReview = (p: PayeeReview | undefined): p is PayeeReview & { AlteradoEm: string } =>
  Boolean(p && p.Retido && p.IdDadoBancario && p.AlteradoEm);

function Status({ payee }: { payee: PayeeReview }) {
  if (!payee.IdDadoBancario) return <p className="payee-notice payee-notice-held">{M.noBankData}</p>;
  if (!payee.Retido) return <p className="payee-notice">{M.notHeld}</p>;
  return <p className="payee-notice payee-notice-held">{payee.MotivoRetencao}</p>;
}

/** The holder is not the point: a warning, stronger for a natural person; and the two confirmations it needs. */
function Warnings({ payee }: { payee: PayeeReview }) {
  return (
    <>
      {payee.TitularPessoaFisica ? (
        <p className="payee-warning payee-warning-strong">
          <strong>{M.personWarning}</strong> {M.twoConfirmations}
        </p>
      ) : (
        !payee.TitularEhOPonto && <p className="payee-warning">{M.notPointWarning(formatDocument(payee.Cnpj))}</p>
      )}
    </>
  );
}

function FirstConfirmation({ payee }: { payee: PayeeReview }) {
  const first = payee.PrimeiraConfirmacao;
  if (!first) return null;
  const when = atText(first.DataHora);
  return (
    <div className="payee-first">
      <p className="payee-first-badge">{M.waitingSecond}</p>
      <p className="payee-first-text">{first.Sua ? M.firstByYou(when) : M.firstBy(first.Usuario, when)}</p>
    </div>
  );
}

/** The point's phone to call before confirming, as a link; pointed out when it changed recently. */
function CallPoint({ payee }: { payee: PayeeReview }) {
  const href = phoneHref(payee.Telefone);
  return (
    <section className="payee-call" aria-labelledby="payee-call-title">
      <h3 id="payee-call-title" className="modal-subtitle">
        {M.callTitle}
      </h3>
      {payee.Telefone ? (
        <p>
          {href ? <a href={href}>{payee.Telefone}</a> : payee.Telefone}
          {payee.TelefoneContato && <span className="muted"> ({M.callWho(payee.TelefoneContato)})</span>}
        </p>
      ) : (
        <p className="payee-warning">{M.noPhone}</p>
      )}
      {payee.Telefone && payee.TelefoneAlteradoEm && <p className="payee-warning">{M.phoneChanged(atText(payee.TelefoneAlteradoEm))}</p>}
    </section>
  );
}

/** The change under review: warnings, who and when, before and after, the first confirmation, the call. */
function Review({ payee }: { payee: PayeeReview }) {
  return (
    <>
      <Warnings payee={payee} />
      <FirstConfirmation payee={payee} />
      <dl className="field-list payee-dates">
        <dt>{M.changedBy}</dt>
        <dd>{payee.AlteradoPor ?? "—"}</dd>
        <dt>{M.changedAt}</dt>
        <dd>{dateTimeText(payee.AlteradoEm) ?? M.never}</dd>
        <dt>{M.confirmedAt}</dt>
        <dd>{dateTimeText(payee.ConfirmadoEm) ?? M.never}</dd>
      </dl>
      <PayeeDiff review={payee} />
      <CallPoint payee={payee} />
    </>
  );
}

function confirmLabel(payee: PayeeReview, pending: boolean) {
  if (pending) return M.confirming;
  if (payee.ConfirmacoesNecessarias < 2) return M.confirm;
  return payee.PrimeiraConfirmacao ? M.confirmSecond : M.confirmFirst;
}

export function PayeeReviewModal({ point, onClose }: { point: HeldPoint; onClose: () => void }) {
  const payee = useQuery(payeeQuery(point.id));
  const recent = useQuery(payeeAuditQuery(point.id));
  const [error, setError] = useState<string | null>(null);
  const confirm = useConfirmPayee();
  const data = payee.data;
  // The author of a first confirmation cannot give the second (the server refuses it too).
  const canConfirm = underReview(data) && !data.PrimeiraConfirmacao?.Sua;
  const firstOfTwo = canConfirm && data.ConfirmacoesNecessarias > 1 && !data.PrimeiraConfirmacao;

  const submit = () => {
    if (!underReview(data)) return;
    setError(null);
    // Callbacks of this call run once the hook's refetch has landed: the dialog closes onto rows as they are now.
    confirm.mutate(
      { pointId: point.id, alteradoEm: data.AlteradoEm, primeiraConfirmacaoEm: data.PrimeiraConfirmacao?.DataHora ?? null },
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
              {confirmLabel(data, confirm.isPending)}
            </button>
          )}
        </>
      }
    >
      <p className="payee-point">
        <strong>{point.name}</strong>
        {data && <span className="muted payee-point-cnpj">{M.pointCnpj(formatDocument(data.Cnpj))}</span>}
      </p>
      <QueryState query={payee} variant="card" loading={M.loading} error={withReason(M.loadFailed, payee.error?.message)}>
        {(p) =>
          underReview(p) ? (
            <>
              <Status payee={p} />
              <Review payee={p} />
            </>
          ) : (
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
          )
        }
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
          {firstOfTwo ? M.firstHint : M.confirmHint}
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
