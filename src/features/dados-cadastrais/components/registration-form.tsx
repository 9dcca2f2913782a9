// Dados Cadastrais in edit mode: the three cards as inputs (CNPJ and CEP masked, the 27 UFs, whole-hour selects), each error
// under its field (main thread).
import type { ReactNode } from "react";
import { IMaskInput } from "react-imask";
import { getStates } from "@brazilian-utils/brazilian-utils/get-states";
import { Field } from "../../../components/form/field";
import { REGISTRATION_MSG } from "../../../config/messages/registration.pt-BR";
import { DAYS, HOURS, type DayKey, type FieldKey, type FormErrors, type RegistrationForm } from "../form";

const t = REGISTRATION_MSG.registration;
const STATES = getStates()
  .map((s) => ({ code: s.code, name: s.name }))
  .sort((a, b) => a.code.localeCompare(b.code));

interface Props {
  form: RegistrationForm;
  errors: FormErrors;
  disabled: boolean;
  onChange: (key: FieldKey, value: string, day?: DayKey) => void;
}

const fieldId = (key: string) => `cadastro-${key}`;
const errorId = (key: string) => `cadastro-${key}-erro`;

/** The shared field frame with this form's ids: label, control and the error line under it (empty lines take no room). */
function RegistrationField({ name, label, error, children }: { name: FieldKey; label: string; error?: string; children: ReactNode }) {
  return (
    <Field id={fieldId(name)} errorId={errorId(name)} className="registration-field" label={label} error={error}>
      {children}
    </Field>
  );
}

export function RegistrationForm({ form, errors, disabled, onChange }: Props) {
  const a11y = (key: FieldKey, error = errors[key]) => ({
    id: fieldId(key),
    disabled,
    "aria-describedby": errorId(key),
    "aria-invalid": error ? true : undefined,
  });
  const text = (key: FieldKey, label: string, extra: { autoComplete?: string; required?: boolean } = {}) => (
    <RegistrationField name={key} label={label} error={errors[key]}>
      <input
        type="text"
        maxLength={300}
        value={form[key]}
        autoComplete={extra.autoComplete ?? "off"}
        aria-required={extra.required}
        onChange={(e) => onChange(key, e.target.value)}
        {...a11y(key)}
      />
    </RegistrationField>
  );
  return (
    <div className="registration-grid">
      <section className="card" aria-labelledby="cadastro-credenciado">
        <h2 id="cadastro-credenciado" className="card-title">
          {t.pointCard}
        </h2>
        <div className="registration-fields">
          {text("RazaoSocial", t.corporateName, { autoComplete: "organization", required: true })}
          <RegistrationField name="Cnpj" label={t.cnpj} error={errors.Cnpj}>
            <IMaskInput
              mask="00.000.000/0000-00"
              value={form.Cnpj}
              inputMode="numeric"
              placeholder="00.000.000/0000-00"
              autoComplete="off"
              aria-required
              onAccept={(value: string) => onChange("Cnpj", value)}
              {...a11y("Cnpj")}
            />
          </RegistrationField>
          {text("InscricaoEstadual", t.stateRegistration)}
          <RegistrationField name="QtdeElevadores" label={t.lifts} error={errors.QtdeElevadores}>
            <input
              type="number"
              inputMode="numeric"
              min={0}
              max={99}
              step={1}
              value={form.QtdeElevadores}
              aria-required
              onChange={(e) => onChange("QtdeElevadores", e.target.value)}
              {...a11y("QtdeElevadores")}
            />
          </RegistrationField>
          <RegistrationField name="EnderecoCep" label={t.cep} error={errors.EnderecoCep}>
            <IMaskInput
              mask="00000-000"
              value={form.EnderecoCep}
              inputMode="numeric"
              placeholder="00000-000"
              autoComplete="postal-code"
              aria-required
              onAccept={(value: string) => onChange("EnderecoCep", value)}
              {...a11y("EnderecoCep")}
            />
          </RegistrationField>
        </div>
      </section>
      <section className="card" aria-labelledby="cadastro-endereco">
        <h2 id="cadastro-endereco" className="card-title">
          {t.addressCard}
        </h2>
        <div className="registration-fields">
          {text("Endereco", t.address, { autoComplete: "street-address", required: true })}
          <RegistrationField name="EnderecoUf" label={t.uf} error={errors.EnderecoUf}>
            <select value={form.EnderecoUf} aria-required onChange={(e) => onChange("EnderecoUf", e.target.value)} {...a11y("EnderecoUf")}>
              <option value="">{t.ufPlaceholder}</option>
              {STATES.map((s) => (
                <option key={s.code} value={s.code}>{`${s.code} – ${s.name}`}</option>
              ))}
            </select>
          </RegistrationField>
          {text("EnderecoCidade", t.city, { autoComplete: "address-level2", required: true })}
          {text("EnderecoBairro", t.district, { autoComplete: "address-level3", required: true })}
          {text("EnderecoComplemento", t.complement)}
        </div>
      </section>
      <section className="card registration-hours" aria-labelledby="cadastro-horarios">
        <h2 id="cadastro-horarios" className="card-title">
          {t.hoursCard}
        </h2>
        <div className="registration-days">
          {DAYS.map((d) => {
            const error = errors[d.key];
            const select = (key: FieldKey, label: string, placeholder: string) => {
              // A stored time that is not a whole hour (e.g. 07:30) stays selectable, so opening the form never changes it.
              const extra = form[key] && !HOURS.includes(form[key]) ? [form[key]] : [];
              return (
                <div className="registration-time">
                  <label htmlFor={fieldId(key)}>{label}</label>
                  <select
                    value={form[key]}
                    onChange={(e) => onChange(key, e.target.value, d.key)}
                    {...a11y(key, error)}
                    aria-describedby={errorId(d.key)}
                  >
                    <option value="">{placeholder}</option>
                    {[...HOURS, ...extra].sort().map((h) => (
                      <option key={h} value={h}>
                        {h}
                      </option>
                    ))}
                  </select>
                </div>
              );
            };
            return (
              <fieldset key={d.key} className="registration-day" disabled={disabled}>
                <legend>{d.label}</legend>
                <div className="registration-day-times">
                  {select(d.start, t.start, d.closed ? t.closed : t.start)}
                  {select(d.end, t.end, d.closed ? t.closed : t.end)}
                </div>
                <p id={errorId(d.key)} className="form-error">
                  {error}
                </p>
              </fieldset>
            );
          })}
        </div>
      </section>
    </div>
  );
}
