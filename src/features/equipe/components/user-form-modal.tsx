// Adicionar usuário / Editar usuário: Nome, E-mail, Telefone (masked, optional) and Cargo from /usuarios/tipos; the principal
// user's role only among the administrative ones, and their e-mail read-only to anyone but themselves. Errors under their
// field, the server's message as it comes; fields disabled while saving (main thread).
import { useQuery } from "@tanstack/react-query";
import { IMaskInput } from "react-imask";
import { isValidPhone } from "@brazilian-utils/brazilian-utils/is-valid-phone";
import { toast } from "../../../lib/toast";
import { MSG } from "../../../config/messages.pt-BR";
import { TEAM_MSG } from "../../../config/messages/team.pt-BR";
import { isBlank, isEmail } from "../../../domain/validators";
import { Modal } from "../../../components/ui/modal";
import { FormFooter } from "../../../components/ui/form-footer";
import { useForm, type FormErrors } from "../../../components/form/use-form";
import { FieldError } from "../../../components/form/field";
import { QueryError, QueryLoading } from "../../../components/ui/query-state";
import type { AccessLink, TeamUser, UserFields } from "../api/usuarios";
import { useSaveUser } from "../api/use-usuarios-mutations";
import { phoneLabel } from "../display";
import { phoneDigits } from "../../../domain/team";
import { userTypesQuery } from "../query-options";

const M = TEAM_MSG.team;
type Field = keyof UserFields;
type Errors = FormErrors<UserFields>;

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
  const editing = Boolean(row);
  const title = editing ? M.editTitle : M.addTitle;
  const form = useForm<UserFields>({
    initial: () => ({
      Nome: row?.Nome ?? "",
      Email: row?.Email ?? "",
      Telefone: phoneLabel(row?.Telefone) ?? "",
      IdUsuarioTipo: row ? String(row.IdUsuarioTipo) : "",
    }),
    validate: errorsOf,
  });
  const { values, errors, fieldId, errorId } = form;
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
    onError: (err) => form.fail(err.message),
  });
  const busy = save.isPending;

  const submit = form.handleSubmit((f) => {
    if (busy) return;
    const phone = phoneDigits(f.Telefone ?? "");
    save.mutate({
      fields: { Nome: f.Nome.trim(), Email: f.Email.trim(), Telefone: phone || null, IdUsuarioTipo: f.IdUsuarioTipo },
      id: row?.IdPontoAtendimentoUsuario,
    });
  });

  /** The attributes binding a field and linking it to its error (and hint) paragraph. */
  const link = (field: Field, hint = false) => ({
    ...form.field(field),
    value: values[field] ?? "",
    "aria-describedby": [hint && `${fieldId(field)}-hint`, errorId(field)].filter(Boolean).join(" "),
  });
  const errorText = (field: Field) => <FieldError id={errorId(field)} error={errors[field]} alert />;

  return (
    <Modal open title={title} onClose={onClose} preventClose={busy}>
      <form onSubmit={submit} noValidate>
        <fieldset className="bank-form" disabled={busy}>
          <legend className="visually-hidden">{title}</legend>
          <label htmlFor={fieldId("Nome")}>{M.name}</label>
          <input type="text" autoComplete="off" maxLength={200} {...link("Nome")} />
          {errorText("Nome")}
          <label htmlFor={fieldId("Email")}>{M.email}</label>
          <input type="email" inputMode="email" autoComplete="off" maxLength={200} readOnly={emailLocked} {...link("Email", emailLocked)} />
          {emailLocked && (
            <p id={`${fieldId("Email")}-hint`} className="muted team-hint">
              {M.principalEmailLocked}
            </p>
          )}
          {errorText("Email")}
          <label htmlFor={fieldId("Telefone")}>{M.phone}</label>
          <IMaskInput
            {...PHONE_MASK}
            value={values.Telefone ?? ""}
            placeholder="(00) 00000-0000"
            inputMode="tel"
            autoComplete="off"
            id={fieldId("Telefone")}
            aria-invalid={errors.Telefone ? true : undefined}
            aria-describedby={`${fieldId("Telefone")}-hint ${errorId("Telefone")}`}
            onAccept={(v: string) => v !== values.Telefone && form.set({ Telefone: v })}
          />
          <p id={`${fieldId("Telefone")}-hint`} className="muted team-hint">
            {M.phoneHint}
          </p>
          {errorText("Telefone")}
          <label htmlFor={fieldId("IdUsuarioTipo")}>{M.role}</label>
          {types.data === undefined ? (
            types.isError ? (
              <QueryError message={types.error.message} onRetry={() => void types.refetch()} retrying={types.isFetching} />
            ) : (
              <QueryLoading label={MSG.session.loading} />
            )
          ) : (
            <select {...link("IdUsuarioTipo", Boolean(row?.Principal))}>
              <option value="">{M.chooseRole}</option>
              {options.map((t) => (
                <option key={t.IdUsuarioTipo} value={t.IdUsuarioTipo}>
                  {t.Descricao}
                </option>
              ))}
            </select>
          )}
          {row?.Principal && (
            <p id={`${fieldId("IdUsuarioTipo")}-hint`} className="muted team-hint">
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
