// Equipe da central (/central/equipe, issue 38): who is signed in and their role, the colleagues (any central user reads the
// list; an admin invites by link, changes roles, issues a new invitation, deactivates and reactivates), and 'Alterar minha
// senha' for everyone. The role shown is the server's reading now, so a change made by another admin shows here at once
// (main thread).
import { lazy, Suspense, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { QueryState } from "../../../components/ui/query-state";
import { toast } from "../../../lib/toast";
import { pendingRow } from "../../../lib/mutation-ui";
import { STAFF_MSG as M } from "../../../config/messages/central-staff.pt-BR";
import type { Colleague } from "../api/staff";
import { useNewInvitationLink, useReactivateColleague } from "../api/use-staff-mutations";
import { staffQuery } from "../staff-queries";
import type { StaffLinkTarget } from "./staff-link-modal";
import { StaffList, type StaffAction } from "./staff-list";
import { StaffPasswordCard } from "./staff-password-card";
import "./staff.css";

// The dialogs load on their first opening, as the point's team screen does: not in the console's first JS.
const StaffInviteModal = lazy(() => import("./staff-invite-modal").then((m) => ({ default: m.StaffInviteModal })));
const StaffRoleModal = lazy(() => import("./staff-role-modal").then((m) => ({ default: m.StaffRoleModal })));
const StaffDeactivateModal = lazy(() => import("./staff-deactivate-modal").then((m) => ({ default: m.StaffDeactivateModal })));
const StaffLinkModal = lazy(() => import("./staff-link-modal").then((m) => ({ default: m.StaffLinkModal })));

type Open =
  | { kind: "invite" }
  | { kind: "role"; row: Colleague }
  | { kind: "deactivate"; row: Colleague }
  | ({ kind: "link" } & StaffLinkTarget)
  | null;

export default function StaffSection() {
  const list = useQuery(staffQuery());
  // Modals are page state outside the list, so a refetch never closes them.
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const reactivate = useReactivateColleague({
    onSuccess: ({ message }) => toast.success(message),
    onError: (err) => toast.error(err.message),
  });
  const link = useNewInvitationLink({ onError: (err) => toast.error(err.message) });
  const pending = pendingRow([
    ["reactivate", reactivate],
    ["link", link],
  ]);
  const admin = list.data?.Papel === "admin";
  const me = list.data?.data.find((c) => c.Voce);

  const onAction = (action: StaffAction, row: Colleague) => {
    if (action === "role" || action === "deactivate") return setOpen({ kind: action, row });
    if (action === "reactivate") return reactivate.mutate(row.Id);
    link.mutate(row.Id, { onSuccess: ({ acesso }) => setOpen({ kind: "link", name: row.Nome, access: acesso }) });
  };

  return (
    <section className="page staff-page" aria-labelledby="central-staff-title">
      <header className="page-header">
        <h1 id="central-staff-title" className="page-title">
          {M.title}
        </h1>
        {admin && (
          <button type="button" className="btn btn-primary" onClick={() => setOpen({ kind: "invite" })}>
            {M.invite}
          </button>
        )}
      </header>
      {/* Who is signed in, the list and the password card come in one pass (QueryState's children render after a deferred
          pass): painted apart, the list pushed the others down (a layout shift of 0.11 in Lighthouse). */}
      <QueryState
        query={list}
        loading={M.loading}
        error={list.error?.message ?? M.loadFailed}
        empty={M.empty}
        isEmpty={(d) => d.data.length === 0}
      >
        {(d) => (
          <>
            {me && (
              <p className="staff-me">
                {M.signedInAs(me.Nome, d.Papel)}
                {!admin && <span className="muted staff-hint staff-read-only">{M.readOnly}</span>}
              </p>
            )}
            <StaffList rows={d.data} manage={d.Papel === "admin"} pending={pending} onAction={onAction} />
            {me && <StaffPasswordCard email={me.Email} />}
          </>
        )}
      </QueryState>
      <Suspense fallback={null}>
        {open?.kind === "invite" && (
          <StaffInviteModal onClose={close} onInvited={(name, access) => setOpen({ kind: "link", name, access })} />
        )}
        {open?.kind === "role" && <StaffRoleModal row={open.row} onClose={close} />}
        {open?.kind === "deactivate" && <StaffDeactivateModal row={open.row} onClose={close} />}
        {open?.kind === "link" && <StaffLinkModal name={open.name} access={open.access} onClose={close} />}
      </Suspense>
    </section>
  );
}
