// 'Nova conta pagadora' (issue 49): the program's account at the bank that receives the remessa (name, bank code and name, the
// file's layout, agreement, agency and account with their digits) and the paying company (name, CNPJ masked, address with the
// CEP masked and the UF), and for Caixa (104) its agreement's commitment code and transmission parameter; checked here as the
// contract does, the CNPJ's digits too (the server checks it again), each error under
// its field; the server's refusal (a name taken, an invalid CNPJ) stays in the dialog (main thread).
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { IMaskInput } from "react-imask";
import { getStates } from "@brazilian-utils/brazilian-utils/get-states";
import { isValidCnpj } from "@brazilian-utils/brazilian-utils/is-valid-cnpj";
import { Modal } from "../../../components/ui/modal";
import { FormFooter } from "../../../components/ui/form-footer";
import { toast } from "../../../lib/toast";
import { PAYMENTS_MSG } from "../../../config/messages/central-payments.pt-BR";
import type { BankProfile, BankProfileInput } from "../api/payment-runs";
import { useCreateBankProfile } from "../api/use-payment-run-mutations";

const M = PAYMENTS_MSG.profileForm;
/** The form's state: every field a string (Caixa's two are sent only for Caixa). */
type Form = Required<BankProfileInput>;
type Field = keyof Form;
type Errors = Partial<Record<Field | "form", string>>;

type ProfileLayout = BankProfileInput["Layout"];
/** The layouts a paying account may be added with (the contract's LAYOUTS). */
const LAYOUTS: readonly ProfileLayout[] = ["febraban", "001", "341", "237", "033", "104"];
const STATES = getStates()
  .map((s) => ({ code: s.code, name: s.name }))
  .sort((a, b) => a.code.localeCompare(b.code));

const EMPTY: Form = {
  Nome: "",
  CodigoBanco: "",
  NomeBanco: "",
  Layout: "febraban",
  Convenio: "",
  Agencia: "",
  DigitoAgencia: "",
  Conta: "",
  DigitoConta: "",
  RazaoSocial: "",
  Cnpj: "",
  Logradouro: "",
  Numero: "",
  Complemento: "",
  Cidade: "",
  Cep: "",
  Uf: "",
  CodigoCompromisso: "",
  ParametroTransmissao: "",
};

/** The contract's limits (BankProfileInput), so nothing the server would refuse for its length can be typed. */
const MAX: Record<Field, number> = {
  Nome: 60,
  CodigoBanco: 3,
  NomeBanco: 30,
  Layout: 8,
  Convenio: 20,
  Agencia: 5,
  DigitoAgencia: 1,
  Conta: 12,
  DigitoConta: 1,
  RazaoSocial: 30,
  Cnpj: 18,
  Logradouro: 30,
  Numero: 5,
  Complemento: 15,
  Cidade: 20,
  Cep: 9,
  Uf: 2,
  CodigoCompromisso: 4,
  ParametroTransmissao: 2,
};
const REQUIRED: readonly Field[] = ["Nome", "NomeBanco", "Convenio", "RazaoSocial", "Logradouro", "Cidade"];
const digits = (v: string) => v.replace(/\D/g, "");

/** The contract's rules, in the order the form shows the fields (the first error gets the focus). */
export function bankProfileErrors(f: Form): Errors {
  const e: Errors = {};
  for (const k of REQUIRED) if (!f[k].trim()) e[k] = M.required;
  if (!/^\d{3}$/.test(f.CodigoBanco)) e.CodigoBanco = M.bankCode;
  if (!/^\d{1,5}$/.test(f.Agencia)) e.Agencia = M.digitsOnly(5);
  if (!/^[0-9A-Za-z]?$/.test(f.DigitoAgencia)) e.DigitoAgencia = M.digit;
  if (!/^\d{1,12}$/.test(f.Conta)) e.Conta = M.digitsOnly(12);
  if (!/^[0-9A-Za-z]?$/.test(f.DigitoConta)) e.DigitoConta = M.digit;
  if (f.Layout === "104") {
    // Caixa's file carries the agreement as 6 digits, with its commitment code and transmission parameter.
    if (f.Convenio.trim() && !/^\d{1,6}$/.test(f.Convenio.trim())) e.Convenio = M.caixaAgreement;
    if (!/^\d{1,4}$/.test(f.CodigoCompromisso)) e.CodigoCompromisso = M.digitsOnly(4);
    if (!/^[0-9A-Za-z]{2}$/.test(f.ParametroTransmissao)) e.ParametroTransmissao = M.transmission;
  }
  if (!isValidCnpj(f.Cnpj)) e.Cnpj = M.cnpj;
  if (digits(f.Cep).length !== 8) e.Cep = M.cep;
  if (!STATES.some((s) => s.code === f.Uf)) e.Uf = M.uf;
  return e;
}

interface Props {
  onClose: () => void;
  /** After the server saved it (the new-run dialog chooses it). */
  onCreated?: (profile: BankProfile) => void;
}

export function BankProfileModal({ onClose, onCreated }: Props) {
  const id = useId();
  const [form, setForm] = useState<Form>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  // The layout follows the bank's code until the user picks one (a bank with a variant of its own writes it).
  const [layoutChosen, setLayoutChosen] = useState(false);
  const save = useCreateBankProfile({
    onSuccess: (res) => {
      toast.success(res.message);
      onCreated?.(res.data);
      onClose();
    },
    onError: (err) => setErrors({ form: err.message }),
  });
  const busy = save.isPending;

  const set = (patch: Partial<Form>) => {
    setForm((f) => ({ ...f, ...patch }));
    const keys = [...Object.keys(patch), "form"];
    if (keys.some((k) => errors[k as Field])) setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !keys.includes(k))));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = bankProfileErrors(form);
    if (Object.keys(found).length) {
      setErrors({ ...found, form: M.fixErrors });
      // Focus the first field with a problem, so its message is read out.
      requestAnimationFrame(() => document.querySelector<HTMLElement>("[data-profile-form] [aria-invalid='true']")?.focus());
      return;
    }
    setErrors({});
    const caixa = form.Layout === "104";
    save.mutate({
      ...form,
      CodigoCompromisso: caixa ? form.CodigoCompromisso : "",
      ParametroTransmissao: caixa ? form.ParametroTransmissao.toUpperCase() : "",
      Nome: form.Nome.trim(),
      NomeBanco: form.NomeBanco.trim(),
      Convenio: form.Convenio.trim(),
      DigitoAgencia: form.DigitoAgencia.toUpperCase(),
      DigitoConta: form.DigitoConta.toUpperCase(),
      RazaoSocial: form.RazaoSocial.trim(),
      Cnpj: digits(form.Cnpj),
      Logradouro: form.Logradouro.trim(),
      Numero: form.Numero.trim(),
      Complemento: form.Complemento.trim(),
      Cidade: form.Cidade.trim(),
    });
  };

  const fieldId = (k: Field) => `${id}-${k}`;
  const link = (k: Field) => ({
    id: fieldId(k),
    "aria-describedby": `${fieldId(k)}-erro`,
    "aria-invalid": errors[k] ? true : undefined,
  });
  const field = (k: Field, control: ReactNode, wide = false) => (
    <div className={wide ? "profile-field profile-wide" : "profile-field"}>
      <label htmlFor={fieldId(k)}>{M[k]}</label>
      {control}
      <p id={`${fieldId(k)}-erro`} className="form-error">
        {errors[k]}
      </p>
    </div>
  );
  const text = (k: Field, opts: { wide?: boolean; numeric?: boolean; required?: boolean; autoComplete?: string } = {}) =>
    field(
      k,
      <input
        type="text"
        maxLength={MAX[k]}
        value={form[k]}
        inputMode={opts.numeric ? "numeric" : undefined}
        autoComplete={opts.autoComplete ?? "off"}
        aria-required={opts.required || REQUIRED.includes(k) || undefined}
        onChange={(e) => set({ [k]: opts.numeric ? digits(e.target.value) : e.target.value })}
        {...link(k)}
      />,
      opts.wide,
    );

  return (
    <Modal open title={M.title} onClose={onClose} preventClose={busy}>
      <form onSubmit={submit} noValidate data-profile-form>
        <p className="muted payments-field-hint">{M.intro}</p>
        <fieldset className="profile-group" disabled={busy}>
          <legend>{M.account}</legend>
          {text("Nome", { wide: true })}
          {field(
            "CodigoBanco",
            <IMaskInput
              mask="000"
              value={form.CodigoBanco}
              inputMode="numeric"
              placeholder="000"
              autoComplete="off"
              aria-required
              onAccept={(v: string) => {
                if (v === form.CodigoBanco) return;
                const own = (LAYOUTS as readonly string[]).includes(v) ? (v as ProfileLayout) : "febraban";
                set(layoutChosen ? { CodigoBanco: v } : { CodigoBanco: v, Layout: own });
              }}
              {...link("CodigoBanco")}
            />,
          )}
          {text("NomeBanco")}
          {field(
            "Layout",
            <select
              value={form.Layout}
              onChange={(e) => {
                setLayoutChosen(true);
                set({ Layout: e.target.value as ProfileLayout });
              }}
              {...link("Layout")}
            >
              {LAYOUTS.map((l) => (
                <option key={l} value={l}>
                  {M.layouts[l]}
                </option>
              ))}
            </select>,
          )}
          {text("Convenio", { wide: true })}
          {form.Layout === "104" && (
            <>
              {text("CodigoCompromisso", { numeric: true, required: true })}
              {text("ParametroTransmissao", { required: true })}
            </>
          )}
          {text("Agencia", { numeric: true, required: true })}
          {text("DigitoAgencia")}
          {text("Conta", { numeric: true, required: true })}
          {text("DigitoConta")}
        </fieldset>
        <fieldset className="profile-group" disabled={busy}>
          <legend>{M.company}</legend>
          {text("RazaoSocial", { wide: true, autoComplete: "organization" })}
          {field(
            "Cnpj",
            <IMaskInput
              mask="00.000.000/0000-00"
              value={form.Cnpj}
              inputMode="numeric"
              placeholder="00.000.000/0000-00"
              autoComplete="off"
              aria-required
              onAccept={(v: string) => v !== form.Cnpj && set({ Cnpj: v })}
              {...link("Cnpj")}
            />,
            true,
          )}
        </fieldset>
        <fieldset className="profile-group" disabled={busy}>
          <legend>{M.address}</legend>
          {text("Logradouro", { wide: true, autoComplete: "address-line1" })}
          {text("Numero")}
          {text("Complemento")}
          {text("Cidade", { autoComplete: "address-level2" })}
          {field(
            "Uf",
            <select value={form.Uf} aria-required onChange={(e) => set({ Uf: e.target.value })} {...link("Uf")}>
              <option value="">{M.ufPlaceholder}</option>
              {STATES.map((s) => (
                <option key={s.code} value={s.code}>{`${s.code} – ${s.name}`}</option>
              ))}
            </select>,
          )}
          {field(
            "Cep",
            <IMaskInput
              mask="00000-000"
              value={form.Cep}
              inputMode="numeric"
              placeholder="00000-000"
              autoComplete="postal-code"
              aria-required
              onAccept={(v: string) => v !== form.Cep && set({ Cep: v })}
              {...link("Cep")}
            />,
          )}
        </fieldset>
        <FormFooter
          error={errors.form}
          busy={busy}
          onCancel={onClose}
          cancelLabel={M.cancel}
          submitLabel={M.submit}
          busyLabel={M.pending}
        />
      </form>
    </Modal>
  );
}
