// 'Nova remessa' (issue 49): the selected payable payouts as one transfer per point, their count and total, the payment date (the
// section's, never before today), the paying account (each with its bank and last NSA; one can be added here), and the call that
// creates the run as a draft, all or nothing; the server's refusal stays in the dialog, its success opens the run (main thread).
import { lazy, Suspense, useId, useMemo, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { FormModal } from "../../../components/ui/form-modal";
import { QueryState } from "../../../components/ui/query-state";
import { isoToBr, wallClock } from "../../../domain/dates";
import { formatBRL, withReason } from "../../../domain/format";
import { PAYMENTS_MSG } from "../../../config/messages/central-payments.pt-BR";
import type { Payout } from "../api/payments";
import type { BankProfile, PaymentRun } from "../api/payment-runs";
import { useCreateRun } from "../api/use-payment-run-mutations";
import { bankProfilesQuery } from "../payment-runs-queries";
import { transfersOf } from "../payment-transfers";

// Loaded when opened: its masks (react-imask) and the states list stay out of the console's chunk.
const BankProfileModal = lazy(() => import("./bank-profile-modal").then((m) => ({ default: m.BankProfileModal })));
const M = PAYMENTS_MSG.newRun;
const P = PAYMENTS_MSG.profiles;

interface Props {
  rows: readonly Payout[];
  /** The section's payment date (yyyy-MM-dd), the one the rows are payable on. */
  payDate: string;
  onClose: () => void;
  /** After the server created the run: its data and its message. */
  onCreated: (run: PaymentRun, message: string) => void;
}

export function PaymentRunModal({ rows, payDate, onClose, onCreated }: Props) {
  const id = useId();
  const today = wallClock().date;
  const profiles = useQuery(bankProfilesQuery());
  const [accountId, setAccountId] = useState("");
  const [added, setAdded] = useState<BankProfile | null>(null);
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const create = useCreateRun();
  const busy = create.isPending;
  const transfers = useMemo(() => transfersOf(rows), [rows]);
  const total = Math.round(transfers.reduce((n, t) => n + t.total, 0) * 100) / 100;
  const past = payDate < today;

  // The account just added is listed before the list's refetch brings it.
  const list = useMemo(() => {
    const data = profiles.data ?? [];
    return added && !data.some((p) => p.IdContaPagadora === added.IdContaPagadora) ? [...data, added] : data;
  }, [profiles.data, added]);
  // The only account is chosen for the user.
  const chosen = accountId || (list.length === 1 ? list[0]!.IdContaPagadora : "");

  const submit = () => {
    if (past) return setError(M.pastDate(isoToBr(today)));
    if (!chosen) return setError(M.accountRequired);
    setError(null);
    create.mutate(
      { ids: transfers.flatMap((t) => t.rows.map((r) => r.IdFinanceiroEspelho)), dataPagamento: payDate, idContaPagadora: chosen },
      { onSuccess: (res) => onCreated(res.data, res.message), onError: (e) => setError(e.message) },
    );
  };

  const accountSelectId = `${id}-conta`;
  const errorId = `${id}-erro`;
  // The account's dialog beside this one, not inside it: a dialog's Escape would otherwise reach this one's handler too.
  return (
    <>
      <FormModal
        title={M.title}
        onClose={onClose}
        onSubmit={submit}
        busy={busy}
        cancelLabel={M.cancel}
        submitLabel={M.submit}
        busyLabel={M.pending}
        submitDisabled={transfers.length === 0}
      >
        <p className="payments-pay-summary">
          {M.summary(
            transfers.length,
            transfers.reduce((n, t) => n + t.rows.length, 0),
            formatBRL(total),
          )}
        </p>
        <p className="muted payments-field-hint">{M.onePerPoint}</p>
        <dl className="payments-run-facts">
          <dt>{M.date}</dt>
          <dd>
            <strong>{isoToBr(payDate)}</strong>
            <span className="muted payments-field-hint"> {M.dateHint}</span>
          </dd>
        </dl>
        {past && (
          <p className="form-error" role="alert">
            {M.pastDate(isoToBr(today))}
          </p>
        )}
        <QueryState
          query={profiles}
          variant="card"
          loading={M.accountsLoading}
          error={profiles.error ? withReason(M.accountsFailed, profiles.error.message) : M.accountsFailed}
        >
          {() =>
            list.length === 0 ? (
              <p className="payments-run-noaccount">{M.noAccounts}</p>
            ) : (
              <>
                <label htmlFor={accountSelectId}>{M.account}</label>
                <select
                  id={accountSelectId}
                  value={chosen}
                  disabled={busy}
                  aria-invalid={error === M.accountRequired ? true : undefined}
                  aria-describedby={error ? errorId : undefined}
                  onChange={(e) => {
                    setAccountId(e.target.value);
                    if (error === M.accountRequired) setError(null);
                  }}
                >
                  {!chosen && <option value="">{M.accountPlaceholder}</option>}
                  {list.map((p) => (
                    <option key={p.IdContaPagadora} value={p.IdContaPagadora}>
                      {M.accountOption(p.Nome, P.bank(p.CodigoBanco, p.NomeBanco), p.UltimoNsa)}
                    </option>
                  ))}
                </select>
              </>
            )
          }
        </QueryState>
        <button type="button" className="link-button payments-run-add-account" disabled={busy} onClick={() => setAdding(true)}>
          {M.addAccount}
        </button>
        {error && !past && (
          <p id={errorId} className="form-error" role="alert">
            {error}
          </p>
        )}
      </FormModal>
      {adding && (
        <Suspense fallback={null}>
          <BankProfileModal
            onClose={() => setAdding(false)}
            onCreated={(p) => {
              setAdded(p);
              setAccountId(p.IdContaPagadora);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
