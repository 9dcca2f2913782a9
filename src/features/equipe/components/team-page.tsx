// Equipe (/equipe): the point's users for its administrators, with Adicionar usuário, and per row Editar, Gerar link de acesso,
// Desativar (with a confirmation) or Reativar; the access link dialog after adding a user or generating a link. Anyone else
// sees that the screen is restricted (the server refuses them too) (main thread).
import { lazy, Suspense, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { toast } from "../../../lib/toast";
import { pendingRow } from "../../../lib/mutation-ui";
import { QueryState } from "../../../components/ui/query-state";
import { TEAM_MSG } from "../../../config/messages/team.pt-BR";
import type { TeamUser } from "../api/usuarios";
import { useAccessLink, useReactivateUser } from "../api/use-usuarios-mutations";
import { teamQuery } from "../query-options";
import type { AccessLinkTarget } from "./access-link-modal";
import { TeamList, type TeamAction } from "./team-list";
import "./team.css";

export interface TeamPageProps {
  pointId: string;
  userId: string;
  /** The signed-in user's role is administrative (Administrativo 'S'). */
  admin: boolean;
}
type Open =
  { kind: "new" } | { kind: "edit"; row: TeamUser } | { kind: "deactivate"; row: TeamUser } | ({ kind: "link" } & AccessLinkTarget) | null;

const M = TEAM_MSG.team;
// The form, with the phone mask (react-imask), loads when first opened; the service worker precaches it.
const UserFormModal = lazy(() => import("./user-form-modal").then((m) => ({ default: m.UserFormModal })));
const DeactivateUserModal = lazy(() => import("./deactivate-user-modal").then((m) => ({ default: m.DeactivateUserModal })));
const AccessLinkModal = lazy(() => import("./access-link-modal").then((m) => ({ default: m.AccessLinkModal })));

function TeamScreen({ pointId, userId }: Omit<TeamPageProps, "admin">) {
  const list = useQuery(teamQuery(pointId));
  // Modals are state of the page, outside the list, so a refetch never closes them.
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const reactivate = useReactivateUser({
    onSuccess: () => toast.success(M.reactivated),
    onError: (err) => toast.error(err.message),
  });
  const link = useAccessLink({ onError: (err) => toast.error(err.message) });
  const pending = pendingRow([
    ["reactivate", reactivate],
    ["link", link],
  ]);

  const onAction = (action: TeamAction, row: TeamUser) => {
    if (action === "edit" || action === "deactivate") return setOpen({ kind: action, row });
    if (action === "reactivate") return reactivate.mutate(row.IdPontoAtendimentoUsuario);
    link.mutate(row.IdPontoAtendimentoUsuario, {
      onSuccess: (access) => setOpen({ kind: "link", name: row.Nome, phone: row.Telefone, access }),
    });
  };

  return (
    <section className="page team-page">
      <header className="page-header">
        <h1 className="page-title">{M.title}</h1>
        <button type="button" className="btn btn-primary" onClick={() => setOpen({ kind: "new" })}>
          {M.add}
        </button>
      </header>
      <QueryState
        query={list}
        loading={M.loading}
        error={list.error?.message ?? M.loadFailed}
        empty={M.empty}
        isEmpty={(rows) => rows.length === 0}
      >
        {(rows) => <TeamList rows={rows} userId={userId} pending={pending} onAction={onAction} />}
      </QueryState>
      <Suspense fallback={null}>
        {open?.kind === "new" && (
          <UserFormModal
            pointId={pointId}
            onClose={close}
            onAdded={(user, access) => setOpen({ kind: "link", name: user.Nome, phone: user.Telefone, access })}
          />
        )}
        {open?.kind === "edit" && (
          <UserFormModal
            pointId={pointId}
            row={open.row}
            emailLocked={open.row.Principal && open.row.IdPontoAtendimentoUsuario !== userId}
            onClose={close}
            onAdded={close}
          />
        )}
        {open?.kind === "deactivate" && <DeactivateUserModal row={open.row} onClose={close} />}
        {open?.kind === "link" && <AccessLinkModal name={open.name} phone={open.phone} access={open.access} onClose={close} />}
      </Suspense>
    </section>
  );
}

export default function TeamPage({ admin, ...props }: TeamPageProps) {
  if (admin) return <TeamScreen {...props} />;
  return (
    <section className="page team-page">
      <h1 className="page-title">{M.title}</h1>
      <p className="muted page-state" role="status">
        {M.restricted}
      </p>
    </section>
  );
}
