// The three central roles as radio buttons, each with what it may do: the invitation's and 'Mudar papel''s choice (main thread).
import { useId } from "react";
import { STAFF_MSG as M } from "../../../config/messages/central-staff.pt-BR";
import type { CentralRole } from "../api/staff";

const ORDER: readonly CentralRole[] = ["approver", "payer", "admin"];

export function RoleChoice({ legend, value, onChange }: { legend: string; value: CentralRole; onChange: (role: CentralRole) => void }) {
  const id = useId();
  return (
    <fieldset className="staff-roles">
      <legend>{legend}</legend>
      {ORDER.map((role) => (
        <div key={role} className="staff-role">
          <input
            type="radio"
            id={`${id}-${role}`}
            name={`${id}-role`}
            value={role}
            checked={value === role}
            onChange={() => onChange(role)}
            aria-describedby={`${id}-${role}-hint`}
          />
          <label htmlFor={`${id}-${role}`}>{M.roles[role]}</label>
          <p id={`${id}-${role}-hint`} className="muted staff-role-hint">
            {M.roleHints[role]}
          </p>
        </div>
      ))}
    </fieldset>
  );
}
