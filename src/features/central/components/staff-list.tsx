// The central's colleagues as a ResponsiveList (cards on phones, a table from 1024 px, the agenda's styles): name with 'Você',
// Ativo / Inativo / Convite pendente, e-mail, papel, criado em, and for an admin the row's actions (Mudar papel, Novo convite
// while the colleague has no password, Desativar but never oneself; Reativar) (main thread).
import { ResponsiveList, type Column } from "../../../components/ui/responsive-list";
import { STAFF_MSG as M } from "../../../config/messages/central-staff.pt-BR";
import { dateTimeText } from "../../../lib/br-format";
import type { Colleague } from "../api/staff";

export type StaffAction = "role" | "link" | "deactivate" | "reactivate";

interface Props {
  rows: Colleague[];
  /** The signed-in user is an admin: the actions column shows. */
  manage: boolean;
  /** The colleague whose link or reactivation is being asked for, and which. */
  pending: { action: StaffAction; id: string } | null;
  onAction: (action: StaffAction, row: Colleague) => void;
}

function Status({ row }: { row: Colleague }) {
  if (row.AtivoInativo !== "A") return <span className="status-badge status-cancelled">{M.inactive}</span>;
  if (!row.ConvitePendente) return <span className="status-badge status-done">{M.active}</span>;
  const until = dateTimeText(row.ConviteExpiraEm);
  return <span className="status-badge status-pending">{until ? M.pendingUntil(until) : M.pendingExpired}</span>;
}

const COLUMNS: readonly Column<Colleague>[] = [
  {
    id: "name",
    header: M.cols.name,
    cell: (r) => (
      <>
        <span className="staff-name">{r.Nome}</span> {r.Voce && <span className="status-badge staff-you">{M.you}</span>}
      </>
    ),
    cardCell: (r) => r.Nome,
    card: "title",
  },
  {
    id: "you",
    header: M.cols.name,
    cell: (r) => r.Voce && <span className="status-badge staff-you">{M.you}</span>,
    card: "meta",
    table: false,
  },
  { id: "status", header: M.cols.status, cell: (r) => <Status row={r} />, card: "meta" },
  { id: "email", header: M.cols.email, cell: (r) => r.Email, className: "staff-email" },
  { id: "role", header: M.cols.role, cell: (r) => M.roles[r.Papel] },
  { id: "created", header: M.cols.created, cell: (r) => dateTimeText(r.CriadoEm) ?? "" },
];

function Actions({ row, pending, onAction }: Omit<Props, "rows" | "manage"> & { row: Colleague }) {
  const busy = pending?.id === row.Id ? pending.action : null;
  const button = (action: StaffAction, label: string, busyLabel?: string, danger = false) => {
    const text = busy === action && busyLabel ? busyLabel : label;
    return (
      <button
        type="button"
        className={danger ? "btn btn-danger" : "btn"}
        aria-label={M.actionOf(text, row.Nome)}
        disabled={busy !== null}
        onClick={() => onAction(action, row)}
      >
        {text}
      </button>
    );
  };
  return (
    <div className="row-actions" role="group" aria-label={M.rowActions(row.Nome)}>
      {row.AtivoInativo !== "A" ? (
        button("reactivate", M.reactivate, M.reactivating)
      ) : (
        <>
          {button("role", M.changeRole)}
          {row.ConvitePendente && button("link", M.newLink, M.generating)}
          {!row.Voce && button("deactivate", M.deactivate, undefined, true)}
        </>
      )}
    </div>
  );
}

export function StaffList({ rows, manage, pending, onAction }: Props) {
  return (
    <ResponsiveList
      name={["agenda", "staff"]}
      label={M.title}
      rows={rows}
      columns={COLUMNS}
      rowKey={(r) => r.Id}
      rowClass={(r) => (r.AtivoInativo === "A" ? undefined : "is-inactive")}
      actions={manage ? (r) => <Actions row={r} pending={pending} onAction={onAction} /> : undefined}
      actionsHeader={M.cols.actions}
    />
  );
}
