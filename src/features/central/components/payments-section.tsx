// Pagamentos (/central/pagamentos): what is due, to how many beneficiaries and what is held (the server's totals), filters in
// the URL (point, reference date, period, status), a selection of payable rows (pending and not held) to mark as paid as one
// batch with its reference and proof, or to export (one transfer per beneficiary, CSV or CNAB 240), and on each row its history
// and, when paid, the undo of its batch. The points whose payouts are held are listed above the rows, each with 'Conferir dados
// de pagamento'; the batches of the period below them, each exported again, with its proof and its undo (main thread).
import { useCallback, useMemo, useState } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { QueryState } from "../../../components/ui/query-state";
import { formatBRL, withReason } from "../../../domain/format";
import type { CentralRole } from "../../../../contract/central-session";
import { PAYMENTS_MSG } from "../../../config/messages/central-payments.pt-BR";
import type { Batch, Payout, PayoutTotals } from "../api/payments";
import { payoutsQuery } from "../payments-queries";
import { transfersOf, type Transfer } from "../payment-transfers";
import { PaymentBatches } from "./payment-batches";
import { PaymentExportModal } from "./payment-export-modal";
import { PaymentFilterBar, payoutFilterOf, usePaymentFilters, type PaymentFilters } from "./payment-filters";
import { PaymentHistoryModal } from "./payment-history-modal";
import { isPayable, PaymentList } from "./payment-list";
import { HeldPoints, heldPointsOf, type HeldPoint } from "./held-points";
import { PayeeReviewModal } from "./payee-review-modal";
import { PaymentPayModal } from "./payment-pay-modal";
import { PaymentUndoModal } from "./payment-undo-modal";
import "./payments.css";

type Open =
  | { kind: "pay"; rows: Payout[] }
  | { kind: "undo"; row: Payout }
  | { kind: "undo-batch"; batch: Batch }
  | { kind: "export"; transfers: Transfer[]; batch?: Batch }
  | { kind: "history"; row: Payout }
  | { kind: "payee"; point: HeldPoint }
  | null;

const LOAD_FAILED = PAYMENTS_MSG.loadFailed;
const T = PAYMENTS_MSG.totals;
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const sumOf = (rows: readonly Payout[]) => Math.round(rows.reduce((n, r) => n + (r.ValorRepasse ?? 0), 0) * 100) / 100;

/** What the period's filter does not already say: what is due now, to how many points, and what is held back. */
function Totals({ totals, payable }: { totals: PayoutTotals | undefined; payable: number }) {
  const items = [
    { id: "pagamentos-total-apagar", label: T.due, value: totals ? formatBRL(totals.aPagar) : "—", hint: totals ? T.dueHint(payable) : "" },
    {
      id: "pagamentos-total-beneficiarios",
      label: T.beneficiaries,
      value: totals ? String(totals.beneficiarios) : "—",
      hint: T.beneficiariesHint,
    },
    {
      id: "pagamentos-total-retidos",
      label: T.held,
      value: totals ? formatBRL(totals.retido) : "—",
      hint: totals ? T.heldHint(totals.retidos, totals.pontosRetidos) : "",
    },
  ];
  return (
    <div className="payments-totals" role="group" aria-label={T.group}>
      {items.map((i) => (
        <section key={i.id} className="card payments-total" aria-labelledby={i.id}>
          <h2 id={i.id} className="payments-total-label">
            {i.label}
          </h2>
          <p className="payments-total-value">{i.value}</p>
          <p className="muted payments-total-hint">{i.hint}</p>
        </section>
      ))}
    </div>
  );
}

/** `role`: the signed-in central user's Papel; an approver sees the payouts and exports them, but pays and undoes nothing. */
export function PaymentsSection({ role }: { role: CentralRole }) {
  const canPay = role === "payer" || role === "admin";
  const [filters, setFilters] = usePaymentFilters();
  const rangeOk = filters.from <= filters.to;
  const list = useQuery({ ...payoutsQuery(payoutFilterOf(filters)), enabled: rangeOk, placeholderData: keepPreviousData });
  const data = rangeOk ? list.data : undefined;
  // Rows of the previous filters stay on screen while new ones load: they can be neither selected nor paid nor exported.
  const stale = list.isPlaceholderData;
  const rows = useMemo(() => data?.data ?? [], [data]);
  // Held rows are pending but cannot be chosen: the batch and the selection count payable rows only.
  const pendingRows = useMemo(() => rows.filter(isPayable), [rows]);
  const held = useMemo(() => heldPointsOf(rows), [rows]);

  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  // Only payable rows on screen count: a row paid (by another user) or held meanwhile leaves the selection when the list has it.
  const chosen = useMemo(() => pendingRows.filter((r) => selected.has(r.IdFinanceiroEspelho)), [pendingRows, selected]);
  const allChosen = pendingRows.length > 0 && chosen.length === pendingRows.length;
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
    <section className="page payments-page">
      <header className="page-header">
        <h1 className="page-title">Pagamentos</h1>
      </header>
      <Totals totals={data?.totais} payable={pendingRows.length} />
      <PaymentFilterBar filters={filters} onChange={changeFilters} rangeError={!rangeOk} />
      {rangeOk && (
        <>
          {held.length > 0 && <HeldPoints points={held} onReview={(point) => setOpen({ kind: "payee", point })} />}
          <div className="card payments-toolbar" role="group" aria-label="Repasses selecionados">
            <label className="checkbox payments-select-all">
              <input
                type="checkbox"
                className="payments-check"
                ref={(el) => {
                  if (el) el.indeterminate = chosen.length > 0 && !allChosen;
                }}
                checked={allChosen}
                disabled={pendingRows.length === 0 || stale}
                onChange={() => setSelected(allChosen ? new Set() : new Set(pendingRows.map((r) => r.IdFinanceiroEspelho)))}
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
                <button type="button" className="btn btn-primary" disabled={none} onClick={() => setOpen({ kind: "pay", rows: chosen })}>
                  Marcar como pago
                </button>
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
      {open?.kind === "pay" && <PaymentPayModal rows={open.rows} onClose={() => setOpen(null)} onPaid={() => setSelected(new Set())} />}
      {open?.kind === "undo" && <PaymentUndoModal row={open.row} onClose={() => setOpen(null)} />}
      {open?.kind === "undo-batch" && <PaymentUndoModal batch={open.batch} onClose={() => setOpen(null)} />}
      {open?.kind === "export" && (
        <PaymentExportModal
          transfers={open.transfers}
          tag={open.batch?.Referencia}
          paymentDate={open.batch?.DataPagamento}
          onClose={() => setOpen(null)}
        />
      )}
      {open?.kind === "history" && <PaymentHistoryModal row={open.row} onClose={() => setOpen(null)} />}
      {open?.kind === "payee" && <PayeeReviewModal point={open.point} onClose={() => setOpen(null)} />}
    </section>
  );
}
