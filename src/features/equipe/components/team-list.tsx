// The point's users as a ResponsiveList (cards on phones, a table from 1024 px, the bank data list's styles): name with the
// Principal and 'Você' badges, Ativo/Inativo, e-mail, phone, role, last sign-in or 'Convite pendente', and the row's actions;
// only the principal user generates a link for their own account (the server refuses anyone else) (main thread).
import { ResponsiveList, type Column } from "../../../components/ui/responsive-list";
import { TEAM_MSG } from "../../../config/messages/team.pt-BR";
import type { TeamUser } from "../api/usuarios";
import { lastAccessLabel, phoneLabel } from "../display";

export type TeamAction = "edit" | "deactivate" | "reactivate" | "link";
interface Props {
  rows: TeamUser[];
  /** The signed-in user: no Desativar on their own row; no access link on the principal's row unless it is theirs. */
  userId: string;
  /** The user whose reactivation or link is being asked for, and which. */
  pending: { action: TeamAction; id: string } | null;
  onAction: (action: TeamAction, row: TeamUser) => void;
}

const M = TEAM_MSG.team;
const c = M.cols;

function Badges({ row, userId }: { row: TeamUser; userId: string }) {
  return (
    <>
      {row.Principal && <span className="status-badge status-active">{M.principal}</span>}
      {row.IdPontoAtendimentoUsuario === userId && <span className="status-badge team-you">{M.you}</span>}
    </>
  );
}

const statusOf = (r: TeamUser) => (
  <span className={`status-badge ${r.AtivoInativo === "A" ? "status-done" : "bank-not-selected"}`}>
    {r.AtivoInativo === "A" ? M.active : M.inactive}
  </span>
);

function Actions({ row, userId, pending, onAction }: Omit<Props, "rows"> & { row: TeamUser }) {
  const who = row.Nome;
  const busy = pending?.id === row.IdPontoAtendimentoUsuario ? pending.action : null;
  const button = (action: TeamAction, label: string, busyLabel?: string, danger = false) => (
    <button
      type="button"
      className={danger ? "btn btn-danger" : "btn"}
      aria-label={M.actionOf(busy === action && busyLabel ? busyLabel : label, who)}
      disabled={busy !== null}
      onClick={() => onAction(action, row)}
    >
      {busy === action && busyLabel ? busyLabel : label}
    </button>
  );
  if (row.AtivoInativo !== "A") {
    return (
      <div className="row-actions" role="group" aria-label={M.rowActions(who)}>
        {button("reactivate", M.reactivate, M.reactivating)}
      </div>
    );
  }
  const own = row.IdPontoAtendimentoUsuario === userId;
  const canDeactivate = !row.Principal && !own;
  // A link to the principal's account would let another administrator take it over: only the principal generates theirs.
  const canLink = !row.Principal || own;
  return (
    <div className="row-actions" role="group" aria-label={M.rowActions(who)}>
      {button("edit", M.edit)}
      {canLink && button("link", M.accessLink, M.generating)}
      {canDeactivate && button("deactivate", M.deactivate, undefined, true)}
    </div>
  );
}

export function TeamList({ rows, userId, pending, onAction }: Props) {
  // Columns depend on the signed-in user (the 'Você' badge): rebuilt only with it.
  const columns: readonly Column<TeamUser>[] = [
    {
      id: "name",
      header: c.name,
      cell: (r) => (
        <>
          <span className="team-name">{r.Nome}</span> <Badges row={r} userId={userId} />
        </>
      ),
      cardCell: (r) => r.Nome,
      card: "title",
    },
    { id: "badges", header: c.name, cell: (r) => <Badges row={r} userId={userId} />, card: "meta", table: false },
    { id: "status", header: c.status, cell: statusOf, card: "meta" },
    { id: "email", header: c.email, cell: (r) => r.Email },
    { id: "phone", header: c.phone, cell: (r) => phoneLabel(r.Telefone) ?? M.noPhone, cardCell: (r) => phoneLabel(r.Telefone) },
    { id: "role", header: c.role, cell: (r) => r.Cargo },
    { id: "lastAccess", header: c.lastAccess, cell: lastAccessLabel },
  ];
  return (
    <ResponsiveList
      name={["bank", "team"]}
      label={M.title}
      rows={rows}
      columns={columns}
      rowKey={(r) => r.IdPontoAtendimentoUsuario}
      rowClass={(r) => (r.AtivoInativo === "A" ? undefined : "is-inactive")}
      actions={(r) => <Actions row={r} userId={userId} pending={pending} onAction={onAction} />}
      actionsHeader={c.actions}
    />
  );
}
