// Novo Dado Bancário / Editar Dados Bancários: PIX (key type and a key masked and checked by its type) or TRANSFERÊNCIA (bank
// from the COMPE list, agency, account, account type), then holder, CPF/CNPJ and Selecionado. The rules are src/domain/bank-data.ts,
// the same the server applies; errors show under their field and clear on edit; fields are disabled while saving (main thread).
import { useId, useMemo, useState, type FormEvent } from "react";
import { MSG } from "../../../config/messages.pt-BR";
import { IMaskInput } from "react-imask";
import { toast } from "../../../lib/toast";
import { BANK_DATA_MSG } from "../../../config/messages/bank-data.pt-BR";
import {
  ACCOUNT_TYPES,
  bankDataErrors,
  normalizeBankData,
  paymentTypeOf,
  PIX_KEY_TYPES,
  type BankDataFields,
  type BankField,
  type PaymentType,
  type PixKeyType,
} from "../../../domain/bank-data";
import { withReason } from "../../../domain/format";
import { Modal } from "../../../components/ui/modal";
import { FormFooter } from "../../../components/ui/form-footer";
import { SearchableSelect } from "../../../components/ui/searchable-select";
import type { DadoBancario } from "../api/dados-bancarios";
import { useSaveBankData } from "../api/use-dados-bancarios-mutations";
import { bankOptions } from "../banks";
import { methodFields } from "../../../domain/bank-method";

const M = BANK_DATA_MSG.bankData;
type Errors = Partial<Record<BankField | "form", string>>;
type Form = BankDataFields & { kind: PaymentType };

interface Props {
  pointId: string;
  row?: DadoBancario;
  onClose: () => void;
}

/** The spec's defaults: PIX, key type CPF, account type CORRENTE, not selected. */
function initialForm(row?: DadoBancario): Form {
  if (!row) {
    return {
      kind: "PIX",
      TipoChavePix: "CPF",
      ChavePix: "",
      Banco: "",
      NumeroAgencia: "",
      NumeroConta: "",
      TipoConta: "CORRENTE",
      NomeTitular: "",
      DocumentoTitular: "",
      Selecionado: "N",
    };
  }
  return {
    kind: paymentTypeOf(row),
    TipoChavePix: row.TipoChavePix || "CPF",
    ChavePix: row.ChavePix,
    Banco: row.Banco,
    NumeroAgencia: row.NumeroAgencia,
    NumeroConta: row.NumeroConta,
    TipoConta: row.TipoConta || "CORRENTE",
    NomeTitular: row.NomeTitular,
    DocumentoTitular: row.DocumentoTitular,
    Selecionado: row.Selecionado === "S" ? "S" : "N",
  };
}

/** Masks of the spec: phone (__) _____-____, CPF ___.___.___-__, CNPJ __.___.___/____-__ (letters allowed since the alphanumeric
 * CNPJ), a random key as 8-4-4-4-12 hexadecimal characters; e-mail is free text. */
const ALNUM = { C: { mask: /[0-9A-Za-z]/ } };
const upper = (c: string) => c.toUpperCase();
const KEY_MASKS: Record<PixKeyType, object | null> = {
  CPF: { mask: "000.000.000-00" },
  CNPJ: { mask: "CC.CCC.CCC/CCCC-00", definitions: ALNUM, prepareChar: upper },
  TELEFONE: { mask: "(00) 00000-0000" },
  CHAVE_ALEATORIA: {
    mask: "HHHHHHHH-HHHH-HHHH-HHHH-HHHHHHHHHHHH",
    definitions: { H: /[0-9a-fA-F]/ },
    prepareChar: (c: string) => c.toLowerCase(),
  },
  EMAIL: null,
};
/** CPF while it fits, CNPJ from the 12th character or the first letter. */
const DOCUMENT_MASK = { mask: [{ mask: "000.000.000-00" }, { mask: "CC.CCC.CCC/CCCC-00", definitions: ALNUM }], prepareChar: upper };
const CHECK_DIGIT = { D: /[0-9Xx]/ };

export function BankFormModal({ pointId, row, onClose }: Props) {
  const id = useId();
  const [form, setForm] = useState<Form>(() => initialForm(row));
  const [errors, setErrors] = useState<Errors>({});
  const options = useMemo(() => bankOptions(row?.Banco), [row?.Banco]);
  const editing = Boolean(row);
  const start = useMemo(() => JSON.stringify(initialForm(row)), [row]);
  const changed = JSON.stringify(form) !== start;

  const save = useSaveBankData(pointId, {
    onSuccess: () => {
      toast.success(editing ? M.updated : M.created);
      onClose();
    },
    onError: (err) => {
      setErrors({ form: withReason(M.saveFailed, err.message) });
      toast.error(M.saveFailedAlert);
    },
  });
  const busy = save.isPending;

  const set = (patch: Partial<Form>, ...cleared: (BankField | "form")[]) => {
    setForm((f) => ({ ...f, ...patch }));
    const keys = [...(Object.keys(patch) as BankField[]), ...cleared, "form" as const];
    if (keys.some((k) => errors[k]))
      setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !keys.includes(k as BankField))));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The other method's fields go empty, as the contract asks.
    const payload = normalizeBankData(methodFields(form.kind, form));
    const found = bankDataErrors(form.kind, payload);
    if (found.length) {
      setErrors(Object.fromEntries(found.map((x) => [x.field, x.message])));
      // Focus the first field with a problem, so its message is read out.
      requestAnimationFrame(() => document.querySelector<HTMLElement>("[data-bank-form] [aria-invalid='true']")?.focus());
      return;
    }
    setErrors({});
    save.mutate({ fields: payload, id: row?.IdDadoBancario });
  };

  /** The attributes linking a field to its error paragraph, and that paragraph (empty, hence hidden, without an error). */
  const link = (field: BankField) => ({ "aria-describedby": `${id}-${field}-err`, "aria-invalid": errors[field] ? true : undefined });
  const errorText = (field: BankField) => (
    <p id={`${id}-${field}-err`} className="form-error" role={errors[field] ? "alert" : undefined}>
      {errors[field]}
    </p>
  );

  const keyType = form.TipoChavePix as PixKeyType;
  const keyMask = KEY_MASKS[keyType] ?? null;
  return (
    <Modal
      open
      title={editing ? M.editTitle : M.newTitle}
      onClose={onClose}
      preventClose={busy}
      // Issue 50: the phone's back, Escape, the overlay and × ask before throwing away what was typed or chosen.
      discardQuestion={changed ? MSG.common.discardQuestion : null}
    >
      <form onSubmit={submit} noValidate data-bank-form>
        <fieldset className="bank-form" disabled={busy}>
          <legend className="visually-hidden">{editing ? M.editTitle : M.newTitle}</legend>
          <label htmlFor={`${id}-kind`}>{M.paymentType}</label>
          <select id={`${id}-kind`} value={form.kind} onChange={(e) => set({ kind: e.target.value as PaymentType })}>
            <option value="PIX">{M.pix}</option>
            <option value="TRANSFERENCIA">{M.transfer}</option>
          </select>

          {form.kind === "PIX" ? (
            <>
              <label htmlFor={`${id}-keytype`}>{M.pixKeyType}</label>
              <select
                id={`${id}-keytype`}
                value={form.TipoChavePix}
                {...link("TipoChavePix")}
                onChange={(e) => set({ TipoChavePix: e.target.value, ChavePix: "" })}
              >
                <option value="">{M.choose}</option>
                {PIX_KEY_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {M.keyTypes[t]}
                  </option>
                ))}
              </select>
              {errorText("TipoChavePix")}
              <label htmlFor={`${id}-key`}>{M.pixKey}</label>
              {keyMask ? (
                <IMaskInput
                  key={keyType}
                  id={`${id}-key`}
                  {...keyMask}
                  value={form.ChavePix}
                  placeholder={M.keyPlaceholders[keyType]}
                  inputMode={keyType === "CPF" || keyType === "TELEFONE" ? "numeric" : "text"}
                  autoComplete="off"
                  {...link("ChavePix")}
                  onAccept={(v: string) => v !== form.ChavePix && set({ ChavePix: v })}
                />
              ) : (
                <input
                  id={`${id}-key`}
                  type={keyType === "EMAIL" ? "email" : "text"}
                  inputMode={keyType === "EMAIL" ? "email" : "text"}
                  autoComplete="off"
                  maxLength={77}
                  value={form.ChavePix}
                  placeholder={keyType === "EMAIL" ? M.keyPlaceholders.EMAIL : undefined}
                  {...link("ChavePix")}
                  onChange={(e) => set({ ChavePix: e.target.value })}
                />
              )}
              {errorText("ChavePix")}
            </>
          ) : (
            <>
              <SearchableSelect
                label={M.bank}
                options={options}
                value={form.Banco}
                placeholder={M.bankPlaceholder}
                disabled={busy}
                errorId={`${id}-Banco-err`}
                onChange={(v) => set({ Banco: v })}
              />
              {errorText("Banco")}
              <div className="bank-form-row">
                <div>
                  <label htmlFor={`${id}-agency`}>{M.agency}</label>
                  <IMaskInput
                    id={`${id}-agency`}
                    mask="0000-D"
                    definitions={CHECK_DIGIT}
                    prepareChar={upper}
                    value={form.NumeroAgencia}
                    placeholder="0000-0"
                    inputMode="numeric"
                    autoComplete="off"
                    {...link("NumeroAgencia")}
                    onAccept={(v: string) => v !== form.NumeroAgencia && set({ NumeroAgencia: v })}
                  />
                  {errorText("NumeroAgencia")}
                </div>
                <div>
                  <label htmlFor={`${id}-account`}>{M.account}</label>
                  <IMaskInput
                    id={`${id}-account`}
                    mask="0000000-D"
                    definitions={CHECK_DIGIT}
                    prepareChar={upper}
                    value={form.NumeroConta}
                    placeholder="0000000-0"
                    inputMode="numeric"
                    autoComplete="off"
                    {...link("NumeroConta")}
                    onAccept={(v: string) => v !== form.NumeroConta && set({ NumeroConta: v })}
                  />
                  {errorText("NumeroConta")}
                </div>
              </div>
              <label htmlFor={`${id}-accounttype`}>{M.accountType}</label>
              <select
                id={`${id}-accounttype`}
                value={form.TipoConta}
                {...link("TipoConta")}
                onChange={(e) => set({ TipoConta: e.target.value })}
              >
                <option value="">{M.choose}</option>
                {ACCOUNT_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {M.accountTypes[t]}
                  </option>
                ))}
              </select>
              {errorText("TipoConta")}
            </>
          )}

          <label htmlFor={`${id}-holder`}>{M.holderName}</label>
          <input
            id={`${id}-holder`}
            type="text"
            autoComplete="name"
            maxLength={200}
            value={form.NomeTitular}
            {...link("NomeTitular")}
            onChange={(e) => set({ NomeTitular: e.target.value })}
          />
          {errorText("NomeTitular")}
          <label htmlFor={`${id}-doc`}>{M.holderDocument}</label>
          <IMaskInput
            id={`${id}-doc`}
            {...DOCUMENT_MASK}
            value={form.DocumentoTitular}
            placeholder={M.holderDocumentPlaceholder}
            autoComplete="off"
            {...link("DocumentoTitular")}
            onAccept={(v: string) => v !== form.DocumentoTitular && set({ DocumentoTitular: v })}
          />
          {errorText("DocumentoTitular")}
          <label className="checkbox">
            <input
              type="checkbox"
              checked={form.Selecionado === "S"}
              onChange={(e) => set({ Selecionado: e.target.checked ? "S" : "N" })}
            />
            {M.selected}
          </label>
        </fieldset>
        <FormFooter
          error={errors.form}
          busy={busy}
          onCancel={onClose}
          cancelLabel={M.cancel}
          submitLabel={editing ? M.update : M.save}
          busyLabel={M.saving}
        />
      </form>
    </Modal>
  );
}
