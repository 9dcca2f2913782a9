// The payouts of the Pagamentos section as a ResponsiveList (cards on phones, a table from 1024 px): a labelled checkbox on each
// pending row (disabled on a held one, described by why it is held), the status badge with the payment date or RETIDO and its
// reason, the execution date, the payment's reference on paid ones, Histórico on every row and Desfazer pagamento on paid ones
// (main thread).
import { useMemo } from "react";
import { ResponsiveList, type Column } from "../../../components/ui/responsive-list";
import { isoToBr } from "../../../domain/dates";
import { formatBRL } from "../../../domain/format";
import { displayPlate } from "../../../domain/plate";
import { CENTRAL_MSG } from "../../../config/messages/central.pt-BR";
import { PAYMENTS_MSG } from "../../../config/messages/central-payments.pt-BR";
import type { Payout } from "../api/payments";

export const isPaid = (p: Pick<Payout, "PagamentoFeito">) => p.PagamentoFeito === "S";
/** A pending payout the central may pay now: not held back (the server refuses held ones too). */
export const isPayable = (p: Pick<Payout, "PagamentoFeito" | "Retido">) => !isPaid(p) && !p.Retido;
/** The id of a held row's reason, which its disabled checkbox names as its description. */
const holdId = (p: Payout) => `pagamentos-retencao-${p.IdFinanceiroEspelho}`;

/** Why a held payout cannot be paid (the server's sentence), with the id its checkbox points at. */
const HoldReason = ({ payout }: { payout: Payout }) => (
  <span id={holdId(payout)} className="payments-hold-reason">
    {payout.MotivoRetencao ?? CENTRAL_MSG.payee.held}
  </span>
);
/** "OS 123 — TROCA DE ÓLEO": an OS may have several payouts (one per service), so buttons and checkboxes name both. */
export const payoutName = (p: Pick<Payout, "NumeroOS" | "NomeServico">) => `OS ${p.NumeroOS} — ${p.NomeServico}`;

export function PayoutStatus({ payout }: { payout: Payout }) {
  const paid = isPaid(payout);
  return (
    <span className="payments-status">
      <span className={`status-badge ${paid ? "status-done" : "status-pending"}`}>{paid ? "PAGO" : "PENDENTE"}</span>
      {/* A real space, so the status reads 'PAGO em 18/11/2025' and not 'PAGOem' (the gap alone is visual). */}
      {paid && payout.DataPagamento && <span className="payments-paid-on"> em {isoToBr(payout.DataPagamento)}</span>}
      {paid && payout.ReferenciaPagamento && (
        <span className="payments-paid-ref"> · {PAYMENTS_MSG.paidRef(payout.ReferenciaPagamento)}</span>
      )}
      {!paid && payout.Retido && (
        <>
          {" "}
          <span className="status-badge payments-held-badge">{CENTRAL_MSG.payee.held}</span>
        </>
      )}
    </span>
  );
}

interface Props {
  rows: readonly Payout[];
  selected: ReadonlySet<string>;
  onToggle: (id: string, on: boolean) => void;
  onHistory: (row: Payout) => void;
  /** Absent for a central user whose role cannot pay (the server refuses it anyway): no undo button. */
  onUndo?: (row: Payout) => void;
  busy: boolean;
}

const plate = (p: Payout) => (p.Placa ? displayPlate(p.Placa) : "—");

export function PaymentList({ rows, selected, onToggle, onHistory, onUndo, busy }: Props) {
  const columns = useMemo((): Column<Payout>[] => {
    // A held row keeps its checkbox, disabled and described by the reason, so a screen reader hears why it cannot be chosen.
    const box = (r: Payout) => (
      <input
        type="checkbox"
        className="payments-check"
        aria-label={`Selecionar ${payoutName(r)} (${r.NomeFantasia})`}
        checked={!r.Retido && selected.has(r.IdFinanceiroEspelho)}
        disabled={r.Retido}
        aria-describedby={r.Retido ? holdId(r) : undefined}
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
      // On a phone the reason stands under the (disabled) Selecionar line; on desktop it is in the status cell.
      {
        id: "hold",
        header: CENTRAL_MSG.payee.held,
        cell: (r) => (r.Retido ? <HoldReason payout={r} /> : null),
        card: "plain",
        table: false,
      },
      { id: "point", header: "Ponto", cell: (r) => r.NomeFantasia },
      { id: "os", header: "OS", cell: (r) => r.NumeroOS, cardCell: (r) => `OS ${r.NumeroOS}`, card: "title" },
      { id: "plate", header: "Placa", cell: plate, className: "payments-nowrap" },
      { id: "service", header: "Serviço", cell: (r) => r.NomeServico },
      { id: "date", header: "Agendamento", cell: (r) => isoToBr(r.DataAgendamento), className: "payments-nowrap" },
      {
        id: "executed",
        header: CENTRAL_MSG.payee.execution,
        cell: (r) => (r.DataExecucao ? isoToBr(r.DataExecucao) : "—"),
        cardCell: (r) => (r.DataExecucao ? isoToBr(r.DataExecucao) : null),
        className: "payments-nowrap",
      },
      { id: "value", header: "Repasse", cell: (r) => formatBRL(r.ValorRepasse), className: "payments-money" },
      {
        id: "status",
        header: "Status",
        cell: (r) => (
          <>
            <PayoutStatus payout={r} />
            {r.Retido && <HoldReason payout={r} />}
          </>
        ),
        cardCell: (r) => <PayoutStatus payout={r} />,
        card: "meta",
      },
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
        rowClass={(r) => (r.Retido ? "is-held" : selected.has(r.IdFinanceiroEspelho) ? "is-selected" : undefined)}
        rowData={(r) => ({ id: r.IdFinanceiroEspelho })}
        actionsHeader="Ações"
        actions={(r) => (
          <div className="payments-row-actions">
            <button type="button" className="btn" aria-label={`Histórico da ${payoutName(r)}`} onClick={() => onHistory(r)}>
              Histórico
            </button>
            {isPaid(r) && r.PodeDesfazer && onUndo && (
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
