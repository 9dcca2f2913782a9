// Adicionar usuário / Editar usuário: Nome, E-mail, Telefone (masked, optional) and Cargo from /usuarios/tipos; the principal
// user's role only among the administrative ones, and their e-mail read-only to anyone but themselves. Errors under their
// field, the server's message as it comes; fields disabled while saving (main thread).
import { useId, useState, type FormEvent } from "react";
import { useQuery } from "@tanstack/react-query";
import { IMaskInput } from "react-imask";
import { isValidPhone } from "@brazilian-utils/brazilian-utils/is-valid-phone";
import { toast } from "../../../lib/toast";
import { MSG } from "../../../config/messages.pt-BR";
import { TEAM_MSG } from "../../../config/messages/team.pt-BR";
import { isBlank, isEmail } from "../../../domain/validators";
import { Modal } from "../../../components/ui/modal";
import { FormFooter } from "../../../components/ui/form-footer";
import { QueryError, QueryLoading } from "../../../components/ui/query-state";
import type { AccessLink, TeamUser, UserFields } from "../api/usuarios";
import { useSaveUser } from "../api/use-usuarios-mutations";
import { phoneLabel } from "../display";
import { phoneDigits } from "../../../domain/team";
import { userTypesQuery } from "../query-options";

const M = TEAM_MSG.team;
type Field = "Nome" | "Email" | "Telefone" | "IdUsuarioTipo";
type Errors = Partial<Record<Field | "form", string>>;
const FIELDS: readonly Field[] = ["Nome", "Email", "Telefone", "IdUsuarioTipo"];

/** A landline (0000-0000) while it fits, a mobile (00000-0000) from the 11th digit. */
const PHONE_MASK = { mask: [{ mask: "(00) 0000-0000" }, { mask: "(00) 00000-0000" }] };

interface Props {
  pointId: string;
  row?: TeamUser;
  /** Editing the principal user as another administrator: the e-mail (where their reset links go) cannot be changed. */
  emailLocked?: boolean;
  onClose: () => void;
  /** A new user was added: their invitation link, to show next. */
  onAdded: (user: UserFields, access: AccessLink) => void;
}

function errorsOf(f: UserFields): Errors {
  const errors: Errors = {};
  if (isBlank(f.Nome)) errors.Nome = M.nameRequired;
  if (isBlank(f.Email)) errors.Email = M.emailRequired;
  else if (!isEmail(f.Email.trim())) errors.Email = M.emailInvalid;
  if (f.Telefone && !isValidPhone(f.Telefone)) errors.Telefone = M.phoneInvalid;
  if (!f.IdUsuarioTipo) errors.IdUsuarioTipo = M.roleRequired;
  return errors;
}

export function UserFormModal({ pointId, row, emailLocked = false, onClose, onAdded }: Props) {
  const id = useId();
  const editing = Boolean(row);
  const title = editing ? M.editTitle : M.addTitle;
  const [form, setForm] = useState<UserFields>(() => ({
    Nome: row?.Nome ?? "",
    Email: row?.Email ?? "",
    Telefone: phoneLabel(row?.Telefone) ?? "",
    IdUsuarioTipo: row ? String(row.IdUsuarioTipo) : "",
  }));
  const [errors, setErrors] = useState<Errors>({});
  const types = useQuery(userTypesQuery());
  // Active roles (and the one the user has, whatever it is); the principal user stays administrative.
  const options = (types.data ?? []).filter(
    (t) =>
      (t.AtivoInativo !== "I" || String(t.IdUsuarioTipo) === String(row?.IdUsuarioTipo)) && (!row?.Principal || t.Administrativo === "S"),
  );

  const save = useSaveUser(pointId, {
    onSuccess: ({ acesso }, { fields }) => {
      if (acesso) onAdded(fields, acesso);
      else {
        toast.success(M.updated);
        onClose();
      }
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
    const found = errorsOf(form);
    setErrors(found);
    const first = FIELDS.find((f) => found[f]);
    if (first) return document.getElementById(`${id}-${first}`)?.focus();
    const phone = phoneDigits(form.Telefone ?? "");
    save.mutate({
      fields: { Nome: form.Nome.trim(), Email: form.Email.trim(), Telefone: phone || null, IdUsuarioTipo: form.IdUsuarioTipo },
      id: row?.IdPontoAtendimentoUsuario,
    });
  };

  /** The attributes linking a field to its error (and hint) paragraph. */
  const link = (field: Field, hint = false) => ({
    id: `${id}-${field}`,
    "aria-describedby": [hint && `${id}-${field}-hint`, `${id}-${field}-err`].filter(Boolean).join(" "),
    "aria-invalid": errors[field] ? true : undefined,
  });
  const errorText = (field: Field) => (
    <p id={`${id}-${field}-err`} className="form-error" role={errors[field] ? "alert" : undefined}>
      {errors[field]}
    </p>
  );

  return (
    <Modal open title={title} onClose={onClose} preventClose={busy}>
      <form onSubmit={submit} noValidate>
        <fieldset className="bank-form" disabled={busy}>
          <legend className="visually-hidden">{title}</legend>
          <label htmlFor={`${id}-Nome`}>{M.name}</label>
          <input
            type="text"
            autoComplete="off"
            maxLength={200}
            value={form.Nome}
            {...link("Nome")}
            onChange={(e) => set("Nome", e.target.value)}
          />
          {errorText("Nome")}
          <label htmlFor={`${id}-Email`}>{M.email}</label>
          <input
            type="email"
            inputMode="email"
            autoComplete="off"
            maxLength={200}
            value={form.Email}
            readOnly={emailLocked}
            {...link("Email", emailLocked)}
            onChange={(e) => set("Email", e.target.value)}
          />
          {emailLocked && (
            <p id={`${id}-Email-hint`} className="muted team-hint">
              {M.principalEmailLocked}
            </p>
          )}
          {errorText("Email")}
          <label htmlFor={`${id}-Telefone`}>{M.phone}</label>
          <IMaskInput
            {...PHONE_MASK}
            value={form.Telefone ?? ""}
            placeholder="(00) 00000-0000"
            inputMode="tel"
            autoComplete="off"
            {...link("Telefone", true)}
            onAccept={(v: string) => v !== form.Telefone && set("Telefone", v)}
          />
          <p id={`${id}-Telefone-hint`} className="muted team-hint">
            {M.phoneHint}
          </p>
          {errorText("Telefone")}
          <label htmlFor={`${id}-IdUsuarioTipo`}>{M.role}</label>
          {types.data === undefined ? (
            types.isError ? (
              <QueryError message={types.error.message} onRetry={() => void types.refetch()} retrying={types.isFetching} />
            ) : (
              <QueryLoading label={MSG.session.loading} />
            )
          ) : (
            <select
              value={form.IdUsuarioTipo}
              {...link("IdUsuarioTipo", Boolean(row?.Principal))}
              onChange={(e) => set("IdUsuarioTipo", e.target.value)}
            >
              <option value="">{M.chooseRole}</option>
              {options.map((t) => (
                <option key={t.IdUsuarioTipo} value={t.IdUsuarioTipo}>
                  {t.Descricao}
                </option>
              ))}
            </select>
          )}
          {row?.Principal && (
            <p id={`${id}-IdUsuarioTipo-hint`} className="muted team-hint">
              {M.principalRole}
            </p>
          )}
          {errorText("IdUsuarioTipo")}
        </fieldset>
        <FormFooter error={errors.form} busy={busy} onCancel={onClose} cancelLabel={M.cancel} submitLabel={M.save} busyLabel={M.saving} />
      </form>
    </Modal>
  );
}
