// The returns' rows: cards on phones, a table from 1024 px (CSS picks one), status badge, NOVO tag on open returns and the
// view / edit / delete actions of each row (main thread).
import { MSG } from "../../../config/messages.pt-BR";
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

const t = MSG.returns;
const badgeClass = (s: string) => `status-badge status-${s === "C" ? "done" : s === "A" ? "pending" : "active"}`;
const isOpen = (r: RetornoServico) => r.Status === "A";

function Badges({ row }: { row: RetornoServico }) {
  return (
    <>
      <span className={badgeClass(row.Status)}>{statusLabel(row.Status)}</span>
      {isOpen(row) && <span className="new-tag">{t.newTag}</span>}
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

export function ReturnsList({ rows, onAction }: Props) {
  const c = t.cols;
  return (
    <>
      <ul className="agenda-cards returns-cards" aria-label={t.title}>
        {rows.map((r) => (
          <li key={r.IdRetornoServico} className={`card agenda-card${isOpen(r) ? " is-new" : ""}`}>
            <div className="agenda-card-head">
              <h2 className="agenda-card-title">{t.osLabel(r.NumeroOS)}</h2>
              <Badges row={r} />
            </div>
            <dl className="agenda-card-fields">
              <dt>{c.kind}</dt>
              <dd>{kindLabel(r.Tipo)}</dd>
              <dt>{c.plate}</dt>
              <dd>{displayPlate(r.PlacaVeiculo)}</dd>
              <dt>{c.member}</dt>
              <dd>{r.NomeSocio || t.notInformed}</dd>
              <dt>{c.service}</dt>
              <dd>{r.NomeServico?.toUpperCase() || t.notInformed}</dd>
              <dt>{c.registered}</dt>
              <dd>{registeredAt(r.DataLog)}</dd>
              <dt>{c.description}</dt>
              <dd className="returns-description">{r.Descricao}</dd>
            </dl>
            <Actions row={r} onAction={onAction} />
          </li>
        ))}
      </ul>
      <table className="agenda-table returns-table" aria-label={t.title}>
        <thead>
          <tr>
            {[c.os, c.status, c.kind, c.plate, c.member, c.appointmentDate, c.registered, c.description, c.actions].map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.IdRetornoServico} className={isOpen(r) ? "is-new" : undefined}>
              <td>{r.NumeroOS}</td>
              <td>
                <Badges row={r} />
              </td>
              <td>{kindLabel(r.Tipo)}</td>
              <td>{displayPlate(r.PlacaVeiculo)}</td>
              <td>{r.NomeSocio || t.notInformed}</td>
              <td>{r.DataAgendamento ? isoToBr(r.DataAgendamento) : t.notInformed}</td>
              <td>{registeredAt(r.DataLog)}</td>
              <td className="returns-description">{r.Descricao}</td>
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
