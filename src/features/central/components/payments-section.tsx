// Pagamentos (/central/pagamentos) in three parts, each with its address: 'Repasses' (the default), 'Remessas'
// (?ver=remessas; one run's page at ?remessa=<id>) and 'Diário financeiro' (?ver=diario). Repasses: what can be paid on the
// payment date (today by default), what is held, what waits for its execution and what is in a run, each card filtering the list
// (issue 49); filters in the URL (point, reference date, period, situation, status); a selection of payable rows put in a new
// payment run (the server writes the bank's file), marked as paid as one batch with its reference and proof, or exported as CSV;
// on each row its situation, its history and, when paid, the undo of its batch. The points whose payouts are held are listed
// above the rows, each with 'Conferir dados de pagamento'; the batches of the period below them (main thread).
import { useCallback, useMemo, useState } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Link, useLocation } from "wouter";
import { QueryState } from "../../../components/ui/query-state";
import { wallClock } from "../../../domain/dates";
import { formatBRL, withReason } from "../../../domain/format";
import type { CentralRole } from "../../../../contract/central-session";
import { PAYMENTS_MSG } from "../../../config/messages/central-payments.pt-BR";
import type { Batch, Payout } from "../api/payments";
import type { PaymentRun } from "../api/payment-runs";
import { payoutsQuery } from "../payments-queries";
import { transfersOf, type Transfer } from "../payment-transfers";
import { PaymentBatches } from "./payment-batches";
import { PaymentExportModal } from "./payment-export-modal";
import {
  PaymentFilterBar,
  paymentsViewHref,
  payoutFilterOf,
  runHref,
  situationChange,
  usePaymentFilters,
  usePaymentsView,
  type PaymentFilters,
  type PaymentsView,
} from "./payment-filters";
import { PaymentHeadline } from "./payment-headline";
import { PaymentHistoryModal } from "./payment-history-modal";
import { PaymentJournal } from "./payment-journal";
import { isPayable, PaymentList } from "./payment-list";
import { HeldPoints, heldPointsOf, type HeldPoint } from "./held-points";
import { PayeeReviewModal } from "./payee-review-modal";
import { PaymentPayModal } from "./payment-pay-modal";
import { PaymentRunDetail } from "./payment-run-detail";
import { PaymentRunModal } from "./payment-run-modal";
import { PaymentRuns } from "./payment-runs";
import { PaymentUndoModal } from "./payment-undo-modal";
import "./payments.css";

type Open =
  | { kind: "pay"; rows: Payout[] }
  | { kind: "run"; rows: Payout[] }
  | { kind: "undo"; row: Payout }
  | { kind: "undo-batch"; batch: Batch }
  | { kind: "export"; transfers: Transfer[]; batch?: Batch }
  | { kind: "history"; row: Payout }
  | { kind: "payee"; point: HeldPoint }
  | null;

const LOAD_FAILED = PAYMENTS_MSG.loadFailed;
const V = PAYMENTS_MSG.views;
const VIEWS: readonly PaymentsView[] = ["repasses", "remessas", "diario"];
const VIEW_LABELS: Record<PaymentsView, string> = { repasses: V.payouts, remessas: V.runs, diario: V.journal };
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const sumOf = (rows: readonly Payout[]) => Math.round(rows.reduce((n, r) => n + (r.ValorRepasse ?? 0), 0) * 100) / 100;

interface PayoutsProps {
  canPay: boolean;
  /** A run was created from the selection: the section opens its page. */
  onRunCreated: (run: PaymentRun, message: string) => void;
}

function PayoutsView({ canPay, onRunCreated }: PayoutsProps) {
  const [filters, setFilters] = usePaymentFilters();
  const today = wallClock().date;
  const payDate = filters.payDate || today;
  const rangeOk = filters.from <= filters.to;
  const list = useQuery({ ...payoutsQuery(payoutFilterOf(filters)), enabled: rangeOk, placeholderData: keepPreviousData });
  // The server's totals follow the situation filter: the headline reads the same list without it (the same query, so one call,
  // when no situation is chosen), so its four figures stay whole while the list shows one of them.
  const all = useQuery({
    ...payoutsQuery(payoutFilterOf({ ...filters, situation: "" })),
    enabled: rangeOk,
    placeholderData: keepPreviousData,
  });
  const data = rangeOk ? list.data : undefined;
  // Rows of the previous filters stay on screen while new ones load: they can be neither selected nor paid nor exported.
  const stale = list.isPlaceholderData;
  const rows = useMemo(() => data?.data ?? [], [data]);
  // Only payable rows (on the payment date, in no run) can be chosen: the run, the batch and the selection count them only.
  const payableRows = useMemo(() => rows.filter(isPayable), [rows]);
  const held = useMemo(() => heldPointsOf(rows), [rows]);

  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  // Only payable rows on screen count: a row paid, held or put in a run (by another user) meanwhile leaves the selection.
  const chosen = useMemo(() => payableRows.filter((r) => selected.has(r.IdFinanceiroEspelho)), [payableRows, selected]);
  const allChosen = payableRows.length > 0 && chosen.length === payableRows.length;
  const [open, setOpen] = useState<Open>(null);

  const toggle = useCallback(
    (id: string, on: boolean) =>
      setSelected((prev) => {
        const next = new Set(prev);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      }),
    [],
  );
  const onHistory = useCallback((row: Payout) => setOpen({ kind: "history", row }), []);
  const onUndo = useCallback((row: Payout) => setOpen({ kind: "undo", row }), []);
  const changeFilters = (next: Partial<PaymentFilters>) => {
    setSelected(new Set());
    setFilters(next);
  };

  const onExportBatch = useCallback((batch: Batch, transfers: Transfer[]) => setOpen({ kind: "export", transfers, batch }), []);
  const onUndoBatch = useCallback((batch: Batch) => setOpen({ kind: "undo-batch", batch }), []);

  const none = chosen.length === 0 || stale;
  return (
    <>
      <PaymentHeadline
        totals={rangeOk ? all.data?.totais : undefined}
        payDate={payDate}
        situation={filters.situation}
        onPayDate={(date) => changeFilters({ payDate: date === today ? "" : date })}
        onSituation={(situation) => changeFilters(situationChange(filters, situation))}
      />
      <PaymentFilterBar filters={filters} onChange={changeFilters} rangeError={!rangeOk} />
      {rangeOk && (
        <>
          {held.length > 0 && <HeldPoints points={held} onReview={(point) => setOpen({ kind: "payee", point })} />}
          <div className="card payments-toolbar" role="group" aria-label={PAYMENTS_MSG.selectionGroup}>
            <label className="checkbox payments-select-all">
              <input
                type="checkbox"
                className="payments-check"
                ref={(el) => {
                  if (el) el.indeterminate = chosen.length > 0 && !allChosen;
                }}
                checked={allChosen}
                disabled={payableRows.length === 0 || stale}
                onChange={() => setSelected(allChosen ? new Set() : new Set(payableRows.map((r) => r.IdFinanceiroEspelho)))}
              />
              Selecionar todos
            </label>
            <p className="payments-selection" role="status">
              {chosen.length === 0
                ? "Nenhum repasse selecionado"
                : `${count(chosen.length, "selecionado", "selecionados")} · ${formatBRL(sumOf(chosen))}`}
            </p>
            <div className="payments-toolbar-actions">
              {canPay ? (
                <>
                  <button type="button" className="btn btn-primary" disabled={none} onClick={() => setOpen({ kind: "run", rows: chosen })}>
                    {PAYMENTS_MSG.newRun.title}
                  </button>
                  <button type="button" className="btn" disabled={none} onClick={() => setOpen({ kind: "pay", rows: chosen })}>
                    Marcar como pago
                  </button>
                </>
              ) : (
                <p className="muted">{PAYMENTS_MSG.cannotPay}</p>
              )}
              <button
                type="button"
                className="btn"
                disabled={none}
                onClick={() => setOpen({ kind: "export", transfers: transfersOf(chosen) })}
              >
                {PAYMENTS_MSG.exportButton}
              </button>
            </div>
          </div>
          <QueryState
            query={list}
            loading="Carregando pagamentos..."
            error={list.error ? withReason(LOAD_FAILED, list.error.message) : LOAD_FAILED}
            empty="Nenhum repasse encontrado para os filtros selecionados."
            isEmpty={(d) => d.data.length === 0}
          >
            {() => (
              <>
                <p className="muted payments-count">{count(rows.length, "repasse", "repasses")}</p>
                <PaymentList
                  rows={rows}
                  selected={selected}
                  onToggle={toggle}
                  onHistory={onHistory}
                  onUndo={canPay ? onUndo : undefined}
                  busy={stale}
                />
              </>
            )}
          </QueryState>
          <PaymentBatches from={filters.from} to={filters.to} onExport={onExportBatch} onUndo={canPay ? onUndoBatch : undefined} />
        </>
      )}
      {open?.kind === "run" && (
        <PaymentRunModal
          rows={open.rows}
          payDate={payDate}
          onClose={() => setOpen(null)}
          onCreated={(run, message) => {
            setSelected(new Set());
            setOpen(null);
            onRunCreated(run, message);
          }}
        />
      )}
      {open?.kind === "pay" && <PaymentPayModal rows={open.rows} onClose={() => setOpen(null)} onPaid={() => setSelected(new Set())} />}
      {open?.kind === "undo" && <PaymentUndoModal row={open.row} onClose={() => setOpen(null)} />}
      {open?.kind === "undo-batch" && <PaymentUndoModal batch={open.batch} onClose={() => setOpen(null)} />}
      {open?.kind === "export" && (
        <PaymentExportModal transfers={open.transfers} tag={open.batch?.Referencia} onClose={() => setOpen(null)} />
      )}
      {open?.kind === "history" && <PaymentHistoryModal row={open.row} onClose={() => setOpen(null)} />}
      {open?.kind === "payee" && <PayeeReviewModal point={open.point} onClose={() => setOpen(null)} />}
    </>
  );
}

/** `role`: the signed-in central user's Papel; an approver sees everything and exports the CSV, but pays, runs and undoes nothing. */
export default function PaymentsSection({ role }: { role: CentralRole }) {
  const canPay = role === "payer" || role === "admin";
  const { view, runId } = usePaymentsView();
  const [, navigate] = useLocation();
  // The creation's message, said on the new run's page and forgotten once the address moves to another page (React's 'state
  // from the previous render' pattern; whichever of the message and the address lands first, the other finds it).
  const [notice, setNotice] = useState<{ runId: string; text: string } | null>(null);
  const [shownRun, setShownRun] = useState(runId);
  if (runId !== shownRun) {
    setShownRun(runId);
    if (notice && notice.runId !== runId) setNotice(null);
  }
  return (
    <section className="page payments-page">
      <header className="page-header payments-header">
        <h1 className="page-title">Pagamentos</h1>
        <nav className="payments-views" aria-label={V.label}>
          {VIEWS.map((v) => (
            <Link
              key={v}
              href={paymentsViewHref(v)}
              className={`btn payments-view${view === v ? " is-active" : ""}`}
              aria-current={view === v ? "page" : undefined}
            >
              {VIEW_LABELS[v]}
            </Link>
          ))}
        </nav>
      </header>
      {view === "repasses" && (
        <PayoutsView
          canPay={canPay}
          onRunCreated={(run, text) => {
            setNotice({ runId: run.IdRemessa, text });
            // In the same task as the dialog's closing, so the dialog's history entry is not taken back over this navigation.
            navigate(runHref(run.IdRemessa));
          }}
        />
      )}
      {view === "remessas" &&
        (runId ? (
          <PaymentRunDetail key={runId} runId={runId} canPay={canPay} notice={notice?.runId === runId ? notice.text : undefined} />
        ) : (
          <PaymentRuns canPay={canPay} />
        ))}
      {view === "diario" && <PaymentJournal />}
    </section>
  );
}
