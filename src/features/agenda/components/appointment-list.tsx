// The agenda's rows as a ResponsiveList (cards on phones, a table from 1024 px): status badge, NOVO tag and the row actions
// (main thread).
import { Link } from "wouter";
import { ResponsiveList, type Column } from "../../../components/ui/responsive-list";
import { MSG } from "../../../config/messages.pt-BR";
import { PATHS } from "../../../config/paths";
import { agendaStatus, type AgendaStatus } from "../../../domain/agenda-status";
import { displayPlate } from "../../../domain/plate";
import type { AgendaRow } from "../api/agendamentos";
import { useStartProgress } from "../start/use-start-progress";

export type RowAction = "start" | "reschedule" | "cancel";
interface Props {
  rows: AgendaRow[];
  onAction: (action: RowAction, row: AgendaRow) => void;
  /** Offline: the id of the explanation; rescheduling and cancelling are disabled and described by it. */
  offlineHint?: string;
}

const badgeClass = (s: AgendaStatus) => `status-badge status-${s === "CONCLUÍDO" ? "done" : s === "PENDENTE" ? "pending" : "active"}`;
const statusOf = (r: AgendaRow) => agendaStatus(r.StatusAgendamento, r.IdSocioVeiculoAgendaExecucao);
const vehicleOf = (r: AgendaRow) => `${[r.Marca, r.Veiculo, r.Ano].filter(Boolean).join(" ")} · ${displayPlate(r.Placa)}`;

function Badges({ row }: { row: AgendaRow }) {
  const status = statusOf(row);
  return (
    <>
      <span className={badgeClass(status)}>{status}</span>
      {status === "PENDENTE" && <span className="new-tag">{MSG.agenda.newTag}</span>}
    </>
  );
}

function Actions({ row, onAction, offlineHint }: { row: AgendaRow; onAction: Props["onAction"]; offlineHint?: string }) {
  const guard = offlineHint ? { disabled: true, "aria-describedby": offlineHint } : {};
  const progress = useStartProgress(row.IdSocioVeiculoAgenda);
  const os = row.NumeroOS;
  if (statusOf(row) !== "PENDENTE") {
    return (
      <Link className="btn" href={PATHS.order(row.IdSocioVeiculoAgenda)} aria-label={`${MSG.agenda.viewOrder} ${MSG.agenda.osLabel(os)}`}>
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

const c = MSG.agenda.cols;
const COLUMNS: readonly Column<AgendaRow>[] = [
  { id: "os", header: c.os, cell: (r) => r.NumeroOS, cardCell: (r) => MSG.agenda.osLabel(r.NumeroOS), card: "title" },
  { id: "status", header: c.status, cell: (r) => <Badges row={r} />, card: "meta" },
  // The card shows the date and time as one field.
  { id: "date", header: c.date, cell: (r) => r.DataAgendamento, cardCell: (r) => `${r.DataAgendamento} ${r.HoraAgendamento}` },
  { id: "time", header: c.time, cell: (r) => r.HoraAgendamento, card: "hidden" },
  { id: "requester", header: c.requester, cell: (r) => r.Nome },
  { id: "vehicle", header: c.vehicle, cell: vehicleOf },
  { id: "motivation", header: c.motivation, cell: (r) => r.Motivacao?.toUpperCase() ?? MSG.agenda.noMotivation },
];

export function AppointmentList({ rows, onAction, offlineHint }: Props) {
  return (
    <ResponsiveList
      name="agenda"
      rows={rows}
      columns={COLUMNS}
      rowKey={(r) => r.IdSocioVeiculoAgenda}
      rowClass={(r) => (statusOf(r) === "PENDENTE" ? "is-new" : undefined)}
      actions={(r) => <Actions row={r} onAction={onAction} offlineHint={offlineHint} />}
      actionsHeader={c.actions}
    />
  );
}
