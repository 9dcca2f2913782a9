// Convidar colega: Nome, E-mail and Papel (what each role may do under the choice); errors under their field, the server's
// refusal (an e-mail in use) above the buttons; on success the invitation's link is shown next (main thread).
import { useId, useState, type FormEvent } from "react";
import { Modal } from "../../../components/ui/modal";
import { FormFooter } from "../../../components/ui/form-footer";
import { STAFF_MSG as M } from "../../../config/messages/central-staff.pt-BR";
import { isBlank, isEmail } from "../../../domain/validators";
import type { AccessLink, CentralRole, InviteFields } from "../api/staff";
import { useInviteColleague } from "../api/use-staff-mutations";
import { RoleChoice } from "./staff-role-choice";

type Field = "Nome" | "Email";
type Errors = Partial<Record<Field | "form", string>>;

function errorsOf(f: InviteFields): Errors {
  const errors: Errors = {};
  if (isBlank(f.Nome)) errors.Nome = M.nameRequired;
  if (isBlank(f.Email)) errors.Email = M.emailRequired;
  else if (!isEmail(f.Email.trim())) errors.Email = M.emailInvalid;
  return errors;
}

export function StaffInviteModal({ onClose, onInvited }: { onClose: () => void; onInvited: (name: string, access: AccessLink) => void }) {
  const id = useId();
  const [form, setForm] = useState<InviteFields>({ Nome: "", Email: "", Papel: "approver" });
  const [errors, setErrors] = useState<Errors>({});
  const invite = useInviteColleague({
    onSuccess: ({ acesso }, fields) => onInvited(fields.Nome, acesso),
    onError: (err) => setErrors({ form: err.message }),
  });
  const busy = invite.isPending;
  const set = (field: keyof InviteFields, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    if (errors[field as Field] || errors.form) setErrors((e) => ({ ...e, [field]: undefined, form: undefined }));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const found = errorsOf(form);
    setErrors(found);
    const first = (["Nome", "Email"] as const).find((f) => found[f]);
    if (first) return document.getElementById(`${id}-${first}`)?.focus();
    invite.mutate({ Nome: form.Nome.trim(), Email: form.Email.trim(), Papel: form.Papel });
  };
  const field = (name: Field, label: string, type: "text" | "email") => (
    <>
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        type={type}
        inputMode={type === "email" ? "email" : undefined}
        autoComplete="off"
        maxLength={200}
        value={form[name]}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={`${id}-${name}-err`}
        onChange={(e) => set(name, e.target.value)}
      />
      <p id={`${id}-${name}-err`} className="form-error" role={errors[name] ? "alert" : undefined}>
        {errors[name]}
      </p>
    </>
  );

  return (
    <Modal open title={M.inviteTitle} onClose={onClose} preventClose={busy}>
      <form onSubmit={submit} noValidate>
        <fieldset className="staff-form" disabled={busy}>
          <legend className="visually-hidden">{M.inviteTitle}</legend>
          {field("Nome", M.name, "text")}
          {field("Email", M.email, "email")}
          <RoleChoice legend={M.role} value={form.Papel} onChange={(role: CentralRole) => set("Papel", role)} />
        </fieldset>
        <FormFooter error={errors.form} busy={busy} onCancel={onClose} cancelLabel={M.cancel} submitLabel={M.send} busyLabel={M.sending} />
      </form>
    </Modal>
  );
}
