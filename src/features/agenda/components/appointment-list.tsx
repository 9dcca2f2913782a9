// The agenda's rows: cards on phones, a table from 1024 px (CSS picks one), status badge, NOVO tag and the row actions (main thread).
import { Link } from "wouter";
import { MSG } from "../../../config/messages.pt-BR";
import { PATHS } from "../../../config/paths";
import { agendaStatus, type AgendaStatus } from "../../../domain/agenda-status";
import { displayPlate } from "../../../domain/plate";
import type { AgendamentoRow } from "../api/agendamentos";
import { useStartProgress } from "../start/use-start-progress";

export type RowAction = "start" | "reschedule" | "cancel";
interface Props {
  rows: AgendamentoRow[];
  onAction: (action: RowAction, row: AgendamentoRow) => void;
  /** Offline: the id of the explanation; rescheduling and cancelling are disabled and described by it. */
  offlineHint?: string;
}

const badgeClass = (s: AgendaStatus) => `status-badge status-${s === "CONCLUÍDO" ? "done" : s === "PENDENTE" ? "pending" : "active"}`;
const statusOf = (r: AgendamentoRow) => agendaStatus(r.StatusAgendamento, r.IdSocioVeiculoAgendaExecucao);
const vehicleOf = (r: AgendamentoRow) => `${[r.Marca, r.Veiculo, r.Ano].filter(Boolean).join(" ")} · ${displayPlate(r.Placa)}`;

function Badges({ row }: { row: AgendamentoRow }) {
  const status = statusOf(row);
  return (
    <>
      <span className={badgeClass(status)}>{status}</span>
      {status === "PENDENTE" && <span className="new-tag">{MSG.agenda.newTag}</span>}
    </>
  );
}

function Actions({ row, onAction, offlineHint }: { row: AgendamentoRow; onAction: Props["onAction"]; offlineHint?: string }) {
  const guard = offlineHint ? { disabled: true, "aria-describedby": offlineHint } : {};
  const progress = useStartProgress(row.IdSocioVeiculoAgenda);
  const os = row.NumeroOS;
  if (statusOf(row) !== "PENDENTE") {
    return (
      <Link
        className="btn"
        href={PATHS.execution(row.IdSocioVeiculoAgenda)}
        aria-label={`${MSG.agenda.viewOrder} ${MSG.agenda.osLabel(os)}`}
      >
        {MSG.agenda.viewOrder}
      </Link>
    );
  }
  if (progress)
    return (
      <p className="start-progress" role="status">
        {progress}
      </p>
    );
  return (
    <div className="row-actions" role="group" aria-label={MSG.agenda.rowActions(os)}>
      <button type="button" className="btn btn-primary" onClick={() => onAction("start", row)}>
        {MSG.agenda.start}
      </button>
      <button type="button" className="btn" onClick={() => onAction("reschedule", row)} {...guard}>
        {MSG.agenda.reschedule}
      </button>
      <button type="button" className="btn btn-danger" onClick={() => onAction("cancel", row)} {...guard}>
        {MSG.agenda.cancel}
      </button>
    </div>
  );
}

export function AppointmentList({ rows, onAction, offlineHint }: Props) {
  const c = MSG.agenda.cols;
  return (
    <>
      <ul className="agenda-cards">
        {rows.map((r) => (
          <li key={r.IdSocioVeiculoAgenda} className={`card agenda-card${statusOf(r) === "PENDENTE" ? " is-new" : ""}`}>
            <div className="agenda-card-head">
              <h2 className="agenda-card-title">{MSG.agenda.osLabel(r.NumeroOS)}</h2>
              <Badges row={r} />
            </div>
            <dl className="agenda-card-fields">
              <dt>{c.date}</dt>
              <dd>
                {r.DataAgendamento} {r.HoraAgendamento}
              </dd>
              <dt>{c.requester}</dt>
              <dd>{r.Nome}</dd>
              <dt>{c.vehicle}</dt>
              <dd>{vehicleOf(r)}</dd>
              <dt>{c.motivation}</dt>
              <dd>{r.Motivacao?.toUpperCase() ?? MSG.agenda.noMotivation}</dd>
            </dl>
            <Actions row={r} onAction={onAction} offlineHint={offlineHint} />
          </li>
        ))}
      </ul>
      <table className="agenda-table">
        <thead>
          <tr>
            {[c.os, c.status, c.date, c.time, c.requester, c.vehicle, c.motivation, c.actions].map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.IdSocioVeiculoAgenda} className={statusOf(r) === "PENDENTE" ? "is-new" : undefined}>
              <td>{r.NumeroOS}</td>
              <td>
                <Badges row={r} />
              </td>
              <td>{r.DataAgendamento}</td>
              <td>{r.HoraAgendamento}</td>
              <td>{r.Nome}</td>
              <td>{vehicleOf(r)}</td>
              <td>{r.Motivacao?.toUpperCase() ?? MSG.agenda.noMotivation}</td>
              <td>
                <Actions row={r} onAction={onAction} offlineHint={offlineHint} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
