// The payouts of the Pagamentos section as a ResponsiveList (cards on phones, a table from 1024 px): a labelled checkbox on each
// pending row, the status badge with the payment date, Histórico on every row and Desfazer pagamento on paid ones (main thread).
import { useMemo } from "react";
import { ResponsiveList, type Column } from "../../../components/ui/responsive-list";
import { isoToBr } from "../../../domain/dates";
import { formatBRL } from "../../../domain/format";
import { displayPlate } from "../../../domain/plate";
import type { Payout } from "../api/central";

export const isPaid = (p: Pick<Payout, "PagamentoFeito">) => p.PagamentoFeito === "S";
/** "OS 123 — TROCA DE ÓLEO": an OS may have several payouts (one per service), so buttons and checkboxes name both. */
export const payoutName = (p: Pick<Payout, "NumeroOS" | "NomeServico">) => `OS ${p.NumeroOS} — ${p.NomeServico}`;

export function PayoutStatus({ payout }: { payout: Payout }) {
  const paid = isPaid(payout);
  return (
    <span className="payments-status">
      <span className={`status-badge ${paid ? "status-done" : "status-pending"}`}>{paid ? "PAGO" : "PENDENTE"}</span>
      {/* A real space, so the status reads 'PAGO em 18/11/2025' and not 'PAGOem' (the gap alone is visual). */}
      {paid && payout.DataPagamento && <span className="payments-paid-on"> em {isoToBr(payout.DataPagamento)}</span>}
    </span>
  );
}

interface Props {
  rows: readonly Payout[];
  selected: ReadonlySet<string>;
  onToggle: (id: string, on: boolean) => void;
  onHistory: (row: Payout) => void;
  onUndo: (row: Payout) => void;
  busy: boolean;
}

const plate = (p: Payout) => (p.Placa ? displayPlate(p.Placa) : "—");

export function PaymentList({ rows, selected, onToggle, onHistory, onUndo, busy }: Props) {
  const columns = useMemo((): Column<Payout>[] => {
    const box = (r: Payout) => (
      <input
        type="checkbox"
        className="payments-check"
        aria-label={`Selecionar ${payoutName(r)} (${r.NomeFantasia})`}
        checked={selected.has(r.IdFinanceiroEspelho)}
        onChange={(e) => onToggle(r.IdFinanceiroEspelho, e.target.checked)}
      />
    );
    return [
      {
        id: "select",
        header: <span className="sr-only">Seleção</span>,
        // The whole cell (table) or line (card) is the click target, not only the 22 px box.
        cell: (r) => (isPaid(r) ? null : <label className="payments-check-cell">{box(r)}</label>),
        cardCell: (r) =>
          isPaid(r) ? null : (
            <label className="checkbox payments-check-line">
              {box(r)}
              Selecionar
            </label>
          ),
        card: "plain",
      },
      { id: "point", header: "Ponto", cell: (r) => r.NomeFantasia },
      { id: "os", header: "OS", cell: (r) => r.NumeroOS, cardCell: (r) => `OS ${r.NumeroOS}`, card: "title" },
      { id: "plate", header: "Placa", cell: plate, className: "payments-nowrap" },
      { id: "service", header: "Serviço", cell: (r) => r.NomeServico },
      { id: "date", header: "Agendamento", cell: (r) => isoToBr(r.DataAgendamento), className: "payments-nowrap" },
      { id: "value", header: "Repasse", cell: (r) => formatBRL(r.ValorRepasse), className: "payments-money" },
      { id: "status", header: "Status", cell: (r) => <PayoutStatus payout={r} />, card: "meta" },
    ];
  }, [selected, onToggle]);

  return (
    <div className="payments-rows" aria-busy={busy || undefined}>
      <ResponsiveList
        name={["agenda", "payments"]}
        label="Repasses"
        rows={rows}
        columns={columns}
        rowKey={(r) => r.IdFinanceiroEspelho}
        rowClass={(r) => (selected.has(r.IdFinanceiroEspelho) ? "is-selected" : undefined)}
        rowData={(r) => ({ id: r.IdFinanceiroEspelho })}
        actionsHeader="Ações"
        actions={(r) => (
          <div className="payments-row-actions">
            <button type="button" className="btn" aria-label={`Histórico da ${payoutName(r)}`} onClick={() => onHistory(r)}>
              Histórico
            </button>
            {isPaid(r) && r.PodeDesfazer && (
              <button
                type="button"
                className="btn btn-danger"
                aria-label={`Desfazer pagamento da ${payoutName(r)}`}
                onClick={() => onUndo(r)}
              >
                Desfazer pagamento
              </button>
            )}
          </div>
        )}
      />
    </div>
  );
}
