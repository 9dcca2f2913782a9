// The point's bank data: cards on phones, a table from 1024 px (CSS picks one); selected entries highlighted; Visualizar, Editar
// and Excluir on each row (main thread).
import { MSG } from "../../../config/messages.pt-BR";
import type { DadoBancario } from "../api/dados-bancarios";
import { bankSummary, createdOn, documentOf, pixSummary, selectedLabel, typeLabel } from "../display";

export type BankAction = "view" | "edit" | "delete";
interface Props {
  rows: DadoBancario[];
  onAction: (action: BankAction, row: DadoBancario) => void;
}

const M = MSG.bankData;

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
    <span className="muted">—</span>
  );
}

export function BankList({ rows, onAction }: Props) {
  const c = M.cols;
  return (
    <>
      <ul className="bank-cards" aria-label={M.title}>
        {rows.map((r) => (
          <li key={r.IdDadoBancario} className={`card bank-card${r.Selecionado === "S" ? " is-selected" : ""}`}>
            <div className="bank-card-head">
              <h2 className="bank-card-title">{r.NomeTitular}</h2>
              <span className="status-badge status-active">{typeLabel(r)}</span>
              <Selected row={r} />
            </div>
            <dl className="bank-card-fields">
              {pixSummary(r) ? (
                <>
                  <dt>{c.pix}</dt>
                  <dd>{pixSummary(r)}</dd>
                </>
              ) : (
                <>
                  <dt>{c.bank}</dt>
                  <dd>
                    <BankLines row={r} />
                  </dd>
                </>
              )}
              <dt>{c.document}</dt>
              <dd>{documentOf(r)}</dd>
              <dt>{c.createdAt}</dt>
              <dd>{createdOn(r.DataCadastro)}</dd>
            </dl>
            <Actions row={r} onAction={onAction} />
          </li>
        ))}
      </ul>
      <table className="bank-table">
        <caption className="visually-hidden">{M.title}</caption>
        <thead>
          <tr>
            {[c.selected, c.type, c.pix, c.bank, c.holder, c.document, c.createdAt, c.actions].map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.IdDadoBancario} className={r.Selecionado === "S" ? "is-selected" : undefined}>
              <td>
                <Selected row={r} />
              </td>
              <td>{typeLabel(r)}</td>
              <td>{pixSummary(r) || <span className="muted">—</span>}</td>
              <td>
                <BankLines row={r} />
              </td>
              <td>{r.NomeTitular}</td>
              <td>{documentOf(r)}</td>
              <td>{createdOn(r.DataCadastro)}</td>
              <td>
                <Actions row={r} onAction={onAction} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
