// Mudar papel: the colleague, the three roles with what each may do, Salvar; the server's refusal (the last active admin, no
// longer an admin oneself) stays in the dialog (main thread).
import { useState, type FormEvent } from "react";
import { Modal } from "../../../components/ui/modal";
import { FormFooter } from "../../../components/ui/form-footer";
import { toast } from "../../../lib/toast";
import { STAFF_MSG as M } from "../../../config/messages/central-staff.pt-BR";
import type { CentralRole, Colleague } from "../api/staff";
import { useChangeRole } from "../api/use-staff-mutations";
import { RoleChoice } from "./staff-role-choice";

export function StaffRoleModal({ row, onClose }: { row: Colleague; onClose: () => void }) {
  const [role, setRole] = useState<CentralRole>(row.Papel);
  const change = useChangeRole({
    onSuccess: ({ message }) => {
      toast.success(message);
      onClose();
    },
  });
  const busy = change.isPending;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!busy) change.mutate({ id: row.Id, role });
  };
  return (
    <Modal open title={M.roleTitle} onClose={onClose} preventClose={busy}>
      <form onSubmit={submit} noValidate>
        <p className="staff-confirm-who">
          <strong>{row.Nome}</strong>
          <br />
          <span className="muted">{row.Email}</span>
        </p>
        {/* Disabled as a whole while saving; the roles' own fieldset names the choice. */}
        <fieldset className="staff-form" disabled={busy}>
          <RoleChoice
            legend={M.roleOf(row.Nome)}
            value={role}
            onChange={(r) => {
              setRole(r);
              change.reset();
            }}
          />
        </fieldset>
        <FormFooter
          error={change.isError ? change.error.message : undefined}
          busy={busy}
          onCancel={onClose}
          cancelLabel={M.cancel}
          submitLabel={M.roleSave}
          busyLabel={M.roleSaving}
        />
      </form>
    </Modal>
  );
}
