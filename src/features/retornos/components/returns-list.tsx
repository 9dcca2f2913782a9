// The returns' rows as a ResponsiveList (cards on phones, a table from 1024 px): status badge, NOVO tag on open returns, the
// 'Pedido pelo sócio' tag on those the member asked for (issue 39) and the view / edit / delete actions of each row (main thread).
import { ResponsiveList, type Column } from "../../../components/ui/responsive-list";
import { RETURNS_MSG } from "../../../config/messages/returns.pt-BR";
import { isoToBr } from "../../../domain/dates";
import { displayPlate } from "../../../domain/plate";
import type { RetornoServico } from "../api/retornos";
import { kindLabel, statusLabel } from "../filters";
import { registeredAt } from "./return-format";

export type RowAction = "view" | "edit" | "delete";
interface Props {
  rows: RetornoServico[];
  onAction: (action: RowAction, row: RetornoServico) => void;
}

const t = RETURNS_MSG.returns;
const badgeClass = (s: string) => `status-badge status-${s === "C" ? "done" : s === "A" ? "pending" : "active"}`;
const isOpen = (r: RetornoServico) => r.Status === "A";

function Badges({ row }: { row: RetornoServico }) {
  return (
    <>
      <span className={badgeClass(row.Status)}>{statusLabel(row.Status)}</span>
      {isOpen(row) && <span className="new-tag">{t.newTag}</span>}
      {row.Origem === "socio" && <span className="member-tag">{t.memberTag}</span>}
    </>
  );
}

function Actions({ row, onAction }: { row: RetornoServico; onAction: Props["onAction"] }) {
  return (
    <div className="row-actions" role="group" aria-label={t.rowActions(row.NumeroOS)}>
      <button type="button" className="btn" onClick={() => onAction("view", row)}>
        {t.view}
      </button>
      <button type="button" className="btn" onClick={() => onAction("edit", row)}>
        {t.edit}
      </button>
      <button type="button" className="btn btn-danger" onClick={() => onAction("delete", row)}>
        {t.remove}
      </button>
    </div>
  );
}

const c = t.cols;
const COLUMNS: readonly Column<RetornoServico>[] = [
  { id: "os", header: c.os, cell: (r) => r.NumeroOS, cardCell: (r) => t.osLabel(r.NumeroOS), card: "title" },
  { id: "status", header: c.status, cell: (r) => <Badges row={r} />, card: "meta" },
  { id: "kind", header: c.kind, cell: (r) => kindLabel(r.Tipo) },
  { id: "plate", header: c.plate, cell: (r) => displayPlate(r.PlacaVeiculo) },
  { id: "member", header: c.member, cell: (r) => r.NomeSocio || t.notInformed },
  { id: "service", header: c.service, cell: (r) => r.NomeServico?.toUpperCase() || t.notInformed, table: false },
  {
    id: "appointmentDate",
    header: c.appointmentDate,
    cell: (r) => (r.DataAgendamento ? isoToBr(r.DataAgendamento) : t.notInformed),
    card: "hidden",
  },
  { id: "registered", header: c.registered, cell: (r) => registeredAt(r.DataLog) },
  { id: "description", header: c.description, cell: (r) => r.Descricao, className: "returns-description" },
];

export function ReturnsList({ rows, onAction }: Props) {
  return (
    // The agenda's card and table styles, plus the returns' own.
    <ResponsiveList
      name={["agenda", "returns"]}
      label={t.title}
      rows={rows}
      columns={COLUMNS}
      rowKey={(r) => r.IdRetornoServico}
      rowClass={(r) => (isOpen(r) ? "is-new" : undefined)}
      actions={(r) => <Actions row={r} onAction={onAction} />}
      actionsHeader={c.actions}
    />
  );
}
