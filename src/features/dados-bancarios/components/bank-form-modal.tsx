// Novo Dado Bancário / Editar Dados Bancários: PIX (key type and a key masked and checked by its type) or TRANSFERÊNCIA (bank
// from the COMPE list, agency, account, account type), then holder, CPF/CNPJ and Selecionado. The rules are src/domain/bank-data.ts,
// the same the server applies; errors show under their field and clear on edit; fields are disabled while saving (main thread).
import { useMemo, type ReactNode } from "react";
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
import { Field, FieldError } from "../../../components/form/field";
import { useForm } from "../../../components/form/use-form";
import { SearchableSelect } from "../../../components/ui/searchable-select";
import type { DadoBancario } from "../api/dados-bancarios";
import { useSaveBankData } from "../api/use-dados-bancarios-mutations";
import { bankOptions } from "../banks";
import { methodFields } from "../../../domain/bank-method";

const M = BANK_DATA_MSG.bankData;
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
const payloadOf = (f: Form) => normalizeBankData(methodFields(f.kind, f));

export function BankFormModal({ pointId, row, onClose }: Props) {
  const {
    values: form,
    errors,
    set,
    aria,
    field,
    fieldId,
    errorId,
    handleSubmit,
    fail,
    dirty,
  } = useForm<Form>({
    initial: () => initialForm(row),
    // The other method's fields go empty, as the contract asks; the rules are the server's (src/domain/bank-data.ts).
    validate: (f) => Object.fromEntries(bankDataErrors(f.kind, payloadOf(f)).map((x) => [x.field, x.message])),
  });
  const options = useMemo(() => bankOptions(row?.Banco), [row?.Banco]);
  const editing = Boolean(row);

  const save = useSaveBankData(pointId, {
    onSuccess: () => {
      toast.success(editing ? M.updated : M.created);
      onClose();
    },
    onError: (err) => {
      fail(withReason(M.saveFailed, err.message));
      toast.error(M.saveFailedAlert);
    },
  });
  const busy = save.isPending;

  // Focus goes to the first field with a problem, so its message is read out.
  const submit = handleSubmit((f) => save.mutate({ fields: payloadOf(f), id: row?.IdDadoBancario }));

  const keyType = form.TipoChavePix as PixKeyType;
  const keyMask = KEY_MASKS[keyType] ?? null;
  /** A field's frame: label, control, and its error line (empty, hence hidden, without an error; an alert with one). */
  const frame = (name: BankField, label: string, control: ReactNode) => (
    <Field id={fieldId(name)} label={label} error={errors[name]} alert>
      {control}
    </Field>
  );
  /** A masked input's props: accepted values only, the same value not set twice. */
  const masked = (name: "ChavePix" | "NumeroAgencia" | "NumeroConta" | "DocumentoTitular") => ({
    id: fieldId(name),
    value: form[name],
    autoComplete: "off",
    ...aria(name),
    onAccept: (v: string) => v !== form[name] && set({ [name]: v }),
  });
  return (
    <Modal
      open
      title={editing ? M.editTitle : M.newTitle}
      onClose={onClose}
      preventClose={busy}
      // Issue 50: the phone's back, Escape, the overlay and × ask before throwing away what was typed or chosen.
      discardQuestion={dirty ? MSG.common.discardQuestion : null}
    >
      <form onSubmit={submit} noValidate>
        <fieldset className="bank-form" disabled={busy}>
          <legend className="visually-hidden">{editing ? M.editTitle : M.newTitle}</legend>
          <label htmlFor={fieldId("kind")}>{M.paymentType}</label>
          <select id={fieldId("kind")} value={form.kind} onChange={(e) => set({ kind: e.target.value as PaymentType })}>
            <option value="PIX">{M.pix}</option>
            <option value="TRANSFERENCIA">{M.transfer}</option>
          </select>

          {form.kind === "PIX" ? (
            <>
              {frame(
                "TipoChavePix",
                M.pixKeyType,
                <select {...field("TipoChavePix")} onChange={(e) => set({ TipoChavePix: e.target.value, ChavePix: "" })}>
                  <option value="">{M.choose}</option>
                  {PIX_KEY_TYPES.map((t) => (
                    <option key={t} value={t}>
                      {M.keyTypes[t]}
                    </option>
                  ))}
                </select>,
              )}
              {frame(
                "ChavePix",
                M.pixKey,
                keyMask ? (
                  <IMaskInput
                    key={keyType}
                    {...keyMask}
                    placeholder={M.keyPlaceholders[keyType]}
                    inputMode={keyType === "CPF" || keyType === "TELEFONE" ? "numeric" : "text"}
                    {...masked("ChavePix")}
                  />
                ) : (
                  <input
                    type={keyType === "EMAIL" ? "email" : "text"}
                    inputMode={keyType === "EMAIL" ? "email" : "text"}
                    autoComplete="off"
                    maxLength={77}
                    placeholder={keyType === "EMAIL" ? M.keyPlaceholders.EMAIL : undefined}
                    {...field("ChavePix")}
                  />
                ),
              )}
            </>
          ) : (
            <>
              <SearchableSelect
                label={M.bank}
                options={options}
                value={form.Banco}
                placeholder={M.bankPlaceholder}
                disabled={busy}
                errorId={errorId("Banco")}
                onChange={(v) => set({ Banco: v })}
              />
              <FieldError id={errorId("Banco")} error={errors.Banco} alert />
              <div className="bank-form-row">
                <div>
                  {frame(
                    "NumeroAgencia",
                    M.agency,
                    <IMaskInput
                      mask="0000-D"
                      definitions={CHECK_DIGIT}
                      prepareChar={upper}
                      placeholder="0000-0"
                      inputMode="numeric"
                      {...masked("NumeroAgencia")}
                    />,
                  )}
                </div>
                <div>
                  {frame(
                    "NumeroConta",
                    M.account,
                    <IMaskInput
                      mask="0000000-D"
                      definitions={CHECK_DIGIT}
                      prepareChar={upper}
                      placeholder="0000000-0"
                      inputMode="numeric"
                      {...masked("NumeroConta")}
                    />,
                  )}
                </div>
              </div>
              {frame(
                "TipoConta",
                M.accountType,
                <select {...field("TipoConta")}>
                  <option value="">{M.choose}</option>
                  {ACCOUNT_TYPES.map((t) => (
                    <option key={t} value={t}>
                      {M.accountTypes[t]}
                    </option>
                  ))}
                </select>,
              )}
            </>
          )}

          {frame("NomeTitular", M.holderName, <input type="text" autoComplete="name" maxLength={200} {...field("NomeTitular")} />)}
          {frame(
            "DocumentoTitular",
            M.holderDocument,
            <IMaskInput {...DOCUMENT_MASK} placeholder={M.holderDocumentPlaceholder} {...masked("DocumentoTitular")} />,
          )}
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
