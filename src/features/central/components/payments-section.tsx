// Pagamentos (/central/pagamentos): every point's payouts with the server's totals, filters in the URL (point, period, status),
// a selection of payable rows (pending and not held) to mark as paid on a date or to export as the bank batch CSV, and on each
// row its history and, when paid, the undo. The points whose payouts are held are listed above the rows, each with 'Conferir
// dados de pagamento' (main thread).
import { useCallback, useMemo, useState } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { QueryState } from "../../../components/ui/query-state";
import { formatBRL, withReason } from "../../../domain/format";
import { toast } from "../../../lib/toast";
import { CENTRAL_MSG } from "../../../config/messages/central.pt-BR";
import type { Payout, PayoutTotals } from "../api/central";
import { payoutsQuery } from "../query-options";
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
  | { kind: "history"; row: Payout }
  | { kind: "payee"; point: HeldPoint }
  | null;

const LOAD_FAILED = "Erro ao carregar os pagamentos";
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const sumOf = (rows: readonly Payout[]) => Math.round(rows.reduce((n, r) => n + (r.ValorRepasse ?? 0), 0) * 100) / 100;

function Totals({ totals }: { totals: PayoutTotals | undefined }) {
  const items = [
    { id: "pagamentos-qtd", label: "Repasses", value: totals ? String(totals.quantidade) : "—" },
    { id: "pagamentos-total", label: "Total", value: totals ? formatBRL(totals.total) : "—" },
    { id: "pagamentos-pendente", label: "Pendente", value: totals ? formatBRL(totals.pendente) : "—" },
    { id: "pagamentos-pago", label: "Pago", value: totals ? formatBRL(totals.pago) : "—" },
    { id: "pagamentos-retido", label: CENTRAL_MSG.payee.heldTotal, value: totals ? formatBRL(totals.retido) : "—" },
  ];
  return (
    <div className="payments-totals" role="group" aria-label="Totais do período">
      {items.map((i) => (
        <section key={i.id} className="card payments-total" aria-labelledby={i.id}>
          <h2 id={i.id} className="payments-total-label">
            {i.label}
          </h2>
          <p className="payments-total-value">{i.value}</p>
        </section>
      ))}
    </div>
  );
}

export function PaymentsSection() {
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

  const exportCsv = async () => {
    const batch = chosen;
    // papaparse and the writer load on the first export only (they are not needed to show the section).
    const [{ paymentsCsv, paymentsFileName }, { downloadText }] = await Promise.all([
      import("../payments-export"),
      import("../../../lib/csv"),
    ]);
    downloadText(paymentsFileName(), paymentsCsv(batch));
    toast.success(`${count(batch.length, "repasse exportado", "repasses exportados")}.`);
  };

  const none = chosen.length === 0 || stale;
  return (
    <section className="page payments-page">
      <header className="page-header">
        <h1 className="page-title">Pagamentos</h1>
      </header>
      <Totals totals={data?.totais} />
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
              <button type="button" className="btn btn-primary" disabled={none} onClick={() => setOpen({ kind: "pay", rows: chosen })}>
                Marcar como pago
              </button>
              <button type="button" className="btn" disabled={none} onClick={() => void exportCsv()}>
                Exportar CSV
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
                <PaymentList rows={rows} selected={selected} onToggle={toggle} onHistory={onHistory} onUndo={onUndo} busy={stale} />
              </>
            )}
          </QueryState>
        </>
      )}
      {open?.kind === "pay" && <PaymentPayModal rows={open.rows} onClose={() => setOpen(null)} onPaid={() => setSelected(new Set())} />}
      {open?.kind === "undo" && <PaymentUndoModal row={open.row} onClose={() => setOpen(null)} />}
      {open?.kind === "history" && <PaymentHistoryModal row={open.row} onClose={() => setOpen(null)} />}
      {open?.kind === "payee" && <PayeeReviewModal point={open.point} onClose={() => setOpen(null)} />}
    </section>
  );
}
