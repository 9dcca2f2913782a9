// The agenda's rows as a ResponsiveList (cards on phones, a table from 1024 px): status badge, NOVO tag and the row actions
// (main thread).
import { Link } from "wouter";
import { ResponsiveList, useTableLayout, type Column } from "../../../components/ui/responsive-list";
import { AGENDA_MSG } from "../../../config/messages/agenda.pt-BR";
import { PATHS } from "../../../config/paths";
import { agendaStatus, type AgendaStatus } from "../../../domain/agenda-status";
import { wallClock } from "../../../domain/dates";
import { displayPlate } from "../../../domain/plate";
import type { AgendaRow } from "../api/agendamentos";
import { useStartProgress } from "../start/use-start-progress";

export type RowAction = "start" | "reschedule" | "cancel";
interface Props {
  rows: AgendaRow[];
  onAction: (action: RowAction, row: AgendaRow) => void;
  /** Offline: the id of the explanation; rescheduling and cancelling are disabled and described by it. */
  offlineHint?: string;
  /** The view spans several days: the card shows the date beside the time. */
  withDate: boolean;
}

const badgeClass = (s: AgendaStatus) => `status-badge status-${s === "CONCLUÍDO" ? "done" : s === "PENDENTE" ? "pending" : "active"}`;
const statusOf = (r: AgendaRow) => agendaStatus(r.StatusAgendamento, r.IdSocioVeiculoAgendaExecucao);
const vehicleOf = (r: AgendaRow) => `${[r.Marca, r.Veiculo, r.Ano].filter(Boolean).join(" ")} · ${displayPlate(r.Placa)}`;

function Badges({ row }: { row: AgendaRow }) {
  const status = statusOf(row);
  return (
    <>
      <span className={badgeClass(status)}>{status}</span>
      {status === "PENDENTE" && <span className="new-tag">{AGENDA_MSG.agenda.newTag}</span>}
    </>
  );
}

function Actions({ row, onAction, offlineHint }: { row: AgendaRow; onAction: Props["onAction"]; offlineHint?: string }) {
  const guard = offlineHint ? { disabled: true, "aria-describedby": offlineHint } : {};
  const progress = useStartProgress(row.IdSocioVeiculoAgenda);
  const os = row.NumeroOS;
  if (statusOf(row) !== "PENDENTE") {
    return (
      <Link
        className="btn"
        href={PATHS.order(row.IdSocioVeiculoAgenda)}
        aria-label={`${AGENDA_MSG.agenda.viewOrder} ${AGENDA_MSG.agenda.osLabel(os)}`}
      >
        {AGENDA_MSG.agenda.viewOrder}
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
    <div className="row-actions" role="group" aria-label={AGENDA_MSG.agenda.rowActions(os)}>
      <button type="button" className="btn btn-primary" onClick={() => onAction("start", row)}>
        {AGENDA_MSG.agenda.start}
      </button>
      <button type="button" className="btn" onClick={() => onAction("reschedule", row)} {...guard}>
        {AGENDA_MSG.agenda.reschedule}
      </button>
      <button type="button" className="btn btn-danger" onClick={() => onAction("cancel", row)} {...guard}>
        {AGENDA_MSG.agenda.cancel}
      </button>
    </div>
  );
}

const c = AGENDA_MSG.agenda.cols;
/** dd/MM/yyyy without this year's "/yyyy" (27/11), so a card's head keeps to one line; another year's date stays whole. */
const shortDate = (br: string) => (br.endsWith(`/${wallClock().date.slice(0, 4)}`) ? br.slice(0, 5) : br);
/**
 * The phone's card is compact (two or more per screen): OS and time (with the date when the view spans days) beside the
 * status, the plate with the vehicle, then the member and the motivation; the labels stay for screen readers. The table's
 * columns are the spec's.
 */
const columnsFor = (withDate: boolean): readonly Column<AgendaRow>[] => [
  { id: "os", header: c.os, cell: (r) => r.NumeroOS, cardCell: (r) => AGENDA_MSG.agenda.osLabel(r.NumeroOS), card: "title" },
  {
    id: "when",
    header: c.time,
    cell: (r) => r.HoraAgendamento,
    cardCell: (r) => (
      <span className="agenda-card-when">{withDate ? `${shortDate(r.DataAgendamento)} ${r.HoraAgendamento}` : r.HoraAgendamento}</span>
    ),
    card: "meta",
    table: false,
  },
  { id: "status", header: c.status, cell: (r) => <Badges row={r} />, card: "meta" },
  { id: "date", header: c.date, cell: (r) => r.DataAgendamento, card: "hidden" },
  { id: "time", header: c.time, cell: (r) => r.HoraAgendamento, card: "hidden" },
  {
    id: "vehicle",
    header: c.vehicle,
    cell: vehicleOf,
    cardCell: (r) => (
      <>
        <strong className="agenda-plate">{displayPlate(r.Placa)}</strong> {[r.Marca, r.Veiculo, r.Ano].filter(Boolean).join(" ")}
      </>
    ),
    className: "agenda-col-vehicle",
  },
  { id: "requester", header: c.requester, cell: (r) => r.Nome, className: "agenda-col-requester" },
  {
    id: "motivation",
    header: c.motivation,
    cell: (r) => r.Motivacao?.toUpperCase() ?? AGENDA_MSG.agenda.noMotivation,
    className: "agenda-col-motivation",
  },
];
/** The table keeps the spec's column order (OS, status, date, time, requester, vehicle, motivation); it has no card-only column. */
const TABLE_ORDER = ["os", "status", "date", "time", "requester", "vehicle", "motivation"];
const COLUMNS = {
  day: columnsFor(false),
  days: columnsFor(true),
  table: [...columnsFor(false)].sort((a, b) => TABLE_ORDER.indexOf(a.id) - TABLE_ORDER.indexOf(b.id)),
};

export function AppointmentList({ rows, onAction, offlineHint, withDate }: Props) {
  const asTable = useTableLayout();
  const columns = asTable ? COLUMNS.table : withDate ? COLUMNS.days : COLUMNS.day;
  return (
    <ResponsiveList
      name="agenda"
      rows={rows}
      columns={columns}
      rowKey={(r) => r.IdSocioVeiculoAgenda}
      rowClass={(r) => (statusOf(r) === "PENDENTE" ? "is-new" : undefined)}
      actions={(r) => <Actions row={r} onAction={onAction} offlineHint={offlineHint} />}
      actionsHeader={c.actions}
    />
  );
}
