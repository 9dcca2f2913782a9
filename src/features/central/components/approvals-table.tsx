// The services awaiting approval as compact rows (main thread): cards on phones, a table from 1024 px where ten rows fit on a
// 1366x768 screen; each row with its checkbox, one Aprovar and one Recusar (none for a role that may not decide), and the
// selection's toolbar with "Aprovar selecionados (N)".
import { memo } from "react";
import { ResponsiveList, type Column } from "../../../components/ui/responsive-list";
import { APPROVALS_MSG as M } from "../../../config/messages/central-approvals.pt-BR";
import type { PendingService } from "../api/approvals";
import { AttendantCell, EvidenceButton, OrderCell, ServiceCell, Since, ValuesCell } from "./approvals-cells";

export type RowAction = "approve" | "reject" | "evidence";

interface Props {
  rows: readonly PendingService[];
  canDecide: boolean;
  selected: ReadonlySet<string>;
  onToggle: (id: string, on: boolean) => void;
  onAction: (action: RowAction, row: PendingService) => void;
  /** The row whose approval is on its way: its buttons wait. */
  busyId: string | null;
  /** Rows of the previous filters, kept while new ones load: nothing can be chosen on them. */
  stale: boolean;
}

const idOf = (r: PendingService) => r.IdSocioVeiculoAgendaExecucaoServico;

export const ApprovalsTable = memo(function ApprovalsTable({ rows, canDecide, selected, onToggle, onAction, busyId, stale }: Props) {
  const columns: Column<PendingService>[] = [
    ...(canDecide
      ? [
          {
            id: "selecionar",
            header: <span className="sr-only">{M.columns.select}</span>,
            card: "meta" as const,
            className: "approvals-check-cell",
            cell: (r: PendingService) => (
              <input
                type="checkbox"
                className="approvals-check"
                aria-label={M.selectRow(r.NumeroOS, r.Servico)}
                checked={selected.has(idOf(r))}
                disabled={stale}
                onChange={(e) => onToggle(idOf(r), e.target.checked)}
              />
            ),
          },
        ]
      : []),
    {
      id: "servico",
      header: `${M.columns.service} · ${M.columns.point}`,
      card: "title",
      cell: (r) => <ServiceCell row={r} />,
      cardCell: (r) => r.Servico,
    },
    { id: "ponto", header: M.columns.point, table: false, cell: (r) => r.NomeFantasia },
    { id: "os", header: M.columns.order, cell: (r) => <OrderCell row={r} />, cardCell: (r) => `${M.os(r.NumeroOS)} · ${r.Placa}` },
    { id: "atendente", header: M.columns.attendant, cell: (r) => <AttendantCell row={r} />, className: "approvals-wide" },
    { id: "evidencias", header: M.columns.evidence, cell: (r) => <EvidenceButton row={r} onOpen={(row) => onAction("evidence", row)} /> },
    { id: "valores", header: M.columns.values, cell: (r) => <ValuesCell row={r} /> },
    { id: "desde", header: M.columns.waiting, cell: (r) => <Since iso={r.DataSolicitacao} /> },
  ];
  return (
    <ResponsiveList
      rows={rows}
      columns={columns}
      rowKey={idOf}
      name="approvals"
      label={M.pending.label}
      rowClass={(r) => (selected.has(idOf(r)) ? "is-selected" : undefined)}
      actionsHeader={canDecide ? M.columns.actions : undefined}
      actions={
        canDecide
          ? (r) => (
              <div className="approvals-row-actions">
                <button
                  type="button"
                  className="btn btn-primary"
                  aria-label={M.approveRow(r.Servico, r.NumeroOS)}
                  disabled={stale || busyId === idOf(r)}
                  onClick={() => onAction("approve", r)}
                >
                  {busyId === idOf(r) ? M.approving : M.approve}
                </button>
                <button
                  type="button"
                  className="btn btn-danger"
                  aria-label={M.rejectRow(r.Servico, r.NumeroOS)}
                  disabled={stale || busyId === idOf(r)}
                  onClick={() => onAction("reject", r)}
                >
                  {M.reject}
                </button>
              </div>
            )
          : undefined
      }
    />
  );
});
