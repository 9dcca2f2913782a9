// 'Alterar minha senha' in Equipe da central: the current password, the new one twice (the portal's rule: its length, spaces
// and e-mail parts checked here, its strength by the server, which says why it refuses), 'Mostrar senhas'; the other sessions
// of the user end, this one stays (main thread).
import { useId, useState, type FormEvent } from "react";
import { toast } from "../../../lib/toast";
import { STAFF_MSG as M } from "../../../config/messages/central-staff.pt-BR";
import { MIN_PASSWORD_LENGTH, PASSWORD_PROBLEMS, passwordProblem } from "../../../domain/team";
import { useChangeOwnPassword, type PasswordInput } from "../api/use-staff-mutations";

type Field = "current" | "password" | "confirmation";
type Errors = Partial<Record<Field | "form", string>>;
const EMPTY: PasswordInput = { current: "", password: "", confirmation: "" };

function errorsOf(f: PasswordInput, email: string): Errors {
  const errors: Errors = {};
  if (f.current === "") errors.current = M.currentRequired;
  if (f.password === "") errors.password = M.newRequired;
  if (f.confirmation === "") errors.confirmation = M.confirmRequired;
  if (errors.password || errors.confirmation) return errors;
  // The rule's cheap parts; its strength part is the server's (zxcvbn with the portal's dictionaries), which says why.
  const problem = passwordProblem(f.password, email, f.confirmation, () => null);
  if (problem === PASSWORD_PROBLEMS.mismatch) errors.confirmation = problem;
  else if (problem) errors.password = problem;
  return errors;
}

export function StaffPasswordCard({ email }: { email: string }) {
  const id = useId();
  const [form, setForm] = useState<PasswordInput>(EMPTY);
  const [show, setShow] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const save = useChangeOwnPassword({
    onSuccess: ({ message }) => {
      toast.success(message);
      setForm(EMPTY);
      setShow(false);
    },
    onError: (err) => setErrors({ form: err.message }),
  });
  const busy = save.isPending;
  const set = (field: Field, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    if (errors[field] || errors.form) setErrors((e) => ({ ...e, [field]: undefined, form: undefined }));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const found = errorsOf(form, email);
    setErrors(found);
    const first = (["current", "password", "confirmation"] as const).find((f) => found[f]);
    if (first) return document.getElementById(`${id}-${first}`)?.focus();
    save.mutate(form);
  };
  const field = (name: Field, label: string, autoComplete: string, hint?: string) => (
    <>
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        type={show ? "text" : "password"}
        autoComplete={autoComplete}
        maxLength={256}
        value={form[name]}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={[hint && `${id}-${name}-hint`, `${id}-${name}-err`].filter(Boolean).join(" ")}
        onChange={(e) => set(name, e.target.value)}
      />
      {hint && (
        <p id={`${id}-${name}-hint`} className="muted staff-hint">
          {hint}
        </p>
      )}
      <p id={`${id}-${name}-err`} className="form-error" role={errors[name] ? "alert" : undefined}>
        {errors[name]}
      </p>
    </>
  );
  return (
    <section className="card staff-password" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card-title">
        {M.passwordTitle}
      </h2>
      <p className="muted staff-hint">{M.passwordIntro}</p>
      <form onSubmit={submit} noValidate>
        <fieldset className="staff-form" disabled={busy}>
          <legend className="visually-hidden">{M.passwordTitle}</legend>
          {/* For password managers: the account the new password belongs to. */}
          <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
          {field("current", M.currentPassword, "current-password")}
          {field("password", M.newPassword, "new-password", M.passwordHint(MIN_PASSWORD_LENGTH))}
          {field("confirmation", M.confirmPassword, "new-password")}
          <label className="checkbox">
            <input type="checkbox" checked={show} onChange={(e) => setShow(e.target.checked)} />
            {M.showPasswords}
          </label>
        </fieldset>
        {errors.form && (
          <p className="form-error" role="alert">
            {errors.form}
          </p>
        )}
        <div className="staff-password-actions">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? M.passwordSaving : M.passwordSave}
          </button>
        </div>
      </form>
    </section>
  );
}
