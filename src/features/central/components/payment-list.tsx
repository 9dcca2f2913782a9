// The payouts of the Pagamentos section as a ResponsiveList (cards on phones, a table from 1024 px): a labelled checkbox on each
// pending row, enabled only on a payable one (issue 49: payable on the payment date asked, in no run) and, disabled, described by
// why it cannot be chosen (held, or executed after that date); the situation's tag (PAGÁVEL, RETIDO with its reason,
// AGUARDANDO EXECUÇÃO, EM REMESSA n linking to its run, PAGO with the date and reference) and the bank's rejection of its last
// transfer; the execution date; Histórico on every row and Desfazer pagamento on paid ones (main thread).
import { useMemo } from "react";
import { Link } from "wouter";
import { ResponsiveList, type Column } from "../../../components/ui/responsive-list";
import { isoToBr } from "../../../domain/dates";
import { formatBRL } from "../../../domain/format";
import { displayPlate } from "../../../domain/plate";
import { CENTRAL_MSG } from "../../../config/messages/central.pt-BR";
import { PAYMENTS_MSG } from "../../../config/messages/central-payments.pt-BR";
import type { Payout } from "../api/payments";
import { runHref } from "./payment-filters";

const S = PAYMENTS_MSG.situation;

export const isPaid = (p: Pick<Payout, "PagamentoFeito">) => p.PagamentoFeito === "S";
/** A payout the central may pay or put in a run now: payable on the payment date asked (the server refuses any other). */
export const isPayable = (p: Pick<Payout, "Situacao">) => p.Situacao === "pagavel";
/** A pending payout that cannot be chosen yet, and says why: held, or executed after the payment date. */
const isBlocked = (p: Pick<Payout, "Situacao">) => p.Situacao === "retido" || p.Situacao === "aguardando_execucao";
/** The id of a blocked row's reason, which its disabled checkbox names as its description. */
const reasonId = (p: Payout) => `pagamentos-retencao-${p.IdFinanceiroEspelho}`;

/** Why a blocked payout cannot be chosen (a held one: the server's sentence), with the id its checkbox points at. */
function BlockReason({ payout }: { payout: Payout }) {
  const text =
    payout.Situacao === "retido"
      ? (payout.MotivoRetencao ?? CENTRAL_MSG.payee.held)
      : payout.DataExecucao
        ? S.waitingWhy(isoToBr(payout.DataExecucao))
        : S.notExecuted;
  return (
    <span id={reasonId(payout)} className="payments-hold-reason">
      {text}
    </span>
  );
}
/** "OS 123 — TROCA DE ÓLEO": an OS may have several payouts (one per service), so buttons and checkboxes name both. */
export const payoutName = (p: Pick<Payout, "NumeroOS" | "NomeServico">) => `OS ${p.NumeroOS} — ${p.NomeServico}`;

function SituationTag({ payout }: { payout: Payout }) {
  switch (payout.Situacao) {
    case "pago":
      return (
        <>
          <span className="status-badge status-done">PAGO</span>
          {/* A real space, so the status reads 'PAGO em 18/11/2025' and not 'PAGOem' (the gap alone is visual). */}
          {payout.DataPagamento && <span className="payments-paid-on"> em {isoToBr(payout.DataPagamento)}</span>}
          {payout.ReferenciaPagamento && <span className="payments-paid-ref"> · {PAYMENTS_MSG.paidRef(payout.ReferenciaPagamento)}</span>}
        </>
      );
    case "em_remessa":
      return payout.IdRemessa ? (
        <Link href={runHref(payout.IdRemessa)} className="status-badge payments-run-badge" aria-label={S.inRunOf(payout.NumeroRemessa)}>
          {S.inRun(payout.NumeroRemessa)}
        </Link>
      ) : (
        <span className="status-badge payments-run-badge">{S.inRun(payout.NumeroRemessa)}</span>
      );
    case "retido":
      return <span className="status-badge payments-held-badge">{CENTRAL_MSG.payee.held}</span>;
    case "aguardando_execucao":
      return <span className="status-badge status-pending">{S.waiting}</span>;
    default:
      return <span className="status-badge status-active">{S.payable}</span>;
  }
}

export function PayoutStatus({ payout }: { payout: Payout }) {
  return (
    <span className="payments-status">
      <SituationTag payout={payout} />
      {payout.MotivoRejeicao && payout.Situacao !== "pago" && (
        <span className="payments-rejected">{S.rejected(payout.MotivoRejeicao)}</span>
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
    // A blocked row keeps its checkbox, disabled and described by the reason, so a screen reader hears why it cannot be chosen.
    const box = (r: Payout) => (
      <input
        type="checkbox"
        className="payments-check"
        aria-label={`Selecionar ${payoutName(r)} (${r.NomeFantasia})`}
        checked={isPayable(r) && selected.has(r.IdFinanceiroEspelho)}
        disabled={!isPayable(r)}
        aria-describedby={isBlocked(r) ? reasonId(r) : undefined}
        onChange={(e) => onToggle(r.IdFinanceiroEspelho, e.target.checked)}
      />
    );
    // Paid rows and rows in a run have no checkbox: nothing can be done to them here.
    const selectable = (r: Payout) => isPayable(r) || isBlocked(r);
    return [
      {
        id: "select",
        header: <span className="sr-only">Seleção</span>,
        // The whole cell (table) or line (card) is the click target, not only the 22 px box.
        cell: (r) => (selectable(r) ? <label className="payments-check-cell">{box(r)}</label> : null),
        cardCell: (r) =>
          selectable(r) ? (
            <label className="checkbox payments-check-line">
              {box(r)}
              Selecionar
            </label>
          ) : null,
        card: "plain",
      },
      // On a phone the reason stands under the (disabled) Selecionar line; on desktop it is in the status cell.
      {
        id: "hold",
        header: S.label,
        cell: (r) => (isBlocked(r) ? <BlockReason payout={r} /> : null),
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
        header: S.label,
        cell: (r) => (
          <>
            <PayoutStatus payout={r} />
            {isBlocked(r) && <BlockReason payout={r} />}
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
        rowClass={(r) =>
          r.Situacao === "retido" ? "is-held" : isPayable(r) && selected.has(r.IdFinanceiroEspelho) ? "is-selected" : undefined
        }
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
