// The point's bank data as a ResponsiveList (cards on phones, a table from 1024 px); selected entries highlighted; Visualizar,
// Editar and Excluir on each row (main thread).
import { ResponsiveList, type Column } from "../../../components/ui/responsive-list";
import { BANK_DATA_MSG } from "../../../config/messages/bank-data.pt-BR";
import type { DadoBancario } from "../api/dados-bancarios";
import { bankSummary, createdOn, documentOf, pixSummary, selectedLabel, typeLabel } from "../display";

export type BankAction = "view" | "edit" | "delete";
interface Props {
  rows: DadoBancario[];
  onAction: (action: BankAction, row: DadoBancario) => void;
}

const M = BANK_DATA_MSG.bankData;
const none = <span className="muted">—</span>;

function Selected({ row }: { row: DadoBancario }) {
  return <span className={`status-badge ${row.Selecionado === "S" ? "status-done" : "bank-not-selected"}`}>{selectedLabel(row)}</span>;
}

function Actions({ row, onAction }: { row: DadoBancario; onAction: Props["onAction"] }) {
  const who = row.NomeTitular;
  return (
    <div className="row-actions" role="group" aria-label={M.rowActions(who)}>
      <button type="button" className="btn" aria-label={M.actionOf(M.view, who)} onClick={() => onAction("view", row)}>
        {M.view}
      </button>
      <button type="button" className="btn" aria-label={M.actionOf(M.edit, who)} onClick={() => onAction("edit", row)}>
        {M.edit}
      </button>
      <button type="button" className="btn btn-danger" aria-label={M.actionOf(M.delete, who)} onClick={() => onAction("delete", row)}>
        {M.delete}
      </button>
    </div>
  );
}

function BankLines({ row }: { row: DadoBancario }) {
  const lines = bankSummary(row);
  return lines.length ? (
    <>
      {lines.map((l, i) => (
        <span key={i} className="bank-line">
          {l}
        </span>
      ))}
    </>
  ) : (
    none
  );
}

const c = M.cols;
const COLUMNS: readonly Column<DadoBancario>[] = [
  { id: "selected", header: c.selected, cell: (r) => <Selected row={r} />, card: "meta" },
  {
    id: "type",
    header: c.type,
    cell: typeLabel,
    cardCell: (r) => <span className="status-badge status-active">{typeLabel(r)}</span>,
    card: "meta",
  },
  // The card shows the PIX key or, without one, the bank account; the table has a column for each.
  { id: "pix", header: c.pix, cell: (r) => pixSummary(r) || none, cardCell: (r) => pixSummary(r) || null },
  { id: "bank", header: c.bank, cell: (r) => <BankLines row={r} />, cardCell: (r) => !pixSummary(r) && <BankLines row={r} /> },
  { id: "holder", header: c.holder, cell: (r) => r.NomeTitular, card: "title" },
  { id: "document", header: c.document, cell: documentOf },
  { id: "createdAt", header: c.createdAt, cell: (r) => createdOn(r.DataCadastro) },
];

export function BankList({ rows, onAction }: Props) {
  return (
    <ResponsiveList
      name="bank"
      label={M.title}
      rows={rows}
      columns={COLUMNS}
      rowKey={(r) => r.IdDadoBancario}
      rowClass={(r) => (r.Selecionado === "S" ? "is-selected" : undefined)}
      actions={(r) => <Actions row={r} onAction={onAction} />}
      actionsHeader={c.actions}
    />
  );
}
