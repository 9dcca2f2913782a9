// 'Alterar minha senha' in Equipe da central: the current password, the new one twice (the portal's rule: its length, spaces
// and e-mail parts checked here, its strength by the server, which says why it refuses), 'Mostrar senhas'; the other sessions
// of the user end, this one stays (main thread).
import { useId, useState } from "react";
import { toast } from "../../../lib/toast";
import { useForm, type FormErrors } from "../../../components/form/use-form";
import { FieldError } from "../../../components/form/field";
import { STAFF_MSG as M } from "../../../config/messages/central-staff.pt-BR";
import { MIN_PASSWORD_LENGTH, PASSWORD_PROBLEMS, passwordProblem } from "../../../domain/team";
import { useChangeOwnPassword, type PasswordInput } from "../api/use-staff-mutations";

type Field = keyof PasswordInput;
type Errors = FormErrors<PasswordInput>;
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
  const form = useForm<PasswordInput>({ initial: EMPTY, validate: (f) => errorsOf(f, email) });
  const { errors, fieldId, errorId } = form;
  const titleId = useId();
  const [show, setShow] = useState(false);
  const save = useChangeOwnPassword({
    onSuccess: ({ message }) => {
      toast.success(message);
      form.reset();
      setShow(false);
    },
    onError: (err) => form.fail(err.message),
  });
  const busy = save.isPending;
  const submit = form.handleSubmit((values) => !busy && save.mutate(values));
  const field = (name: Field, label: string, autoComplete: string, hint?: string) => (
    <>
      <label htmlFor={fieldId(name)}>{label}</label>
      <input
        {...form.field(name)}
        type={show ? "text" : "password"}
        autoComplete={autoComplete}
        maxLength={256}
        aria-describedby={[hint && `${fieldId(name)}-hint`, errorId(name)].filter(Boolean).join(" ")}
      />
      {hint && (
        <p id={`${fieldId(name)}-hint`} className="muted staff-hint">
          {hint}
        </p>
      )}
      <FieldError id={errorId(name)} error={errors[name]} alert />
    </>
  );
  return (
    <section className="card staff-password" aria-labelledby={titleId}>
      <h2 id={titleId} className="card-title">
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
