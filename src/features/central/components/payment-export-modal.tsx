// 'Exportar lote': the transfers of a selection (or of a paid batch, again) as the Excel-BR CSV or as a CNAB 240 remessa; for
// the remessa, the program's paying account (kept in this browser: it is the company's, not a secret) and the file's number.
// A remessa the bank would refuse (a bank with no code, a bad document) is explained in the dialog (main thread).
import { useId, useState } from "react";
import { Modal } from "../../../components/ui/modal";
import { formatBRL } from "../../../domain/format";
import { wallClock } from "../../../domain/dates";
import type { CnabPayer } from "../../../domain/cnab240";
import { toast } from "../../../lib/toast";
import { PAYMENTS_MSG } from "../../../config/messages/central-payments.pt-BR";
import type { Transfer } from "../payment-transfers";

const M = PAYMENTS_MSG.export;
const PAYER_KEY = "portal.central.cnabPayer";
const FILE_NUMBER_KEY = "portal.central.cnabFileNumber";

const EMPTY_PAYER: CnabPayer = {
  bankCode: "",
  bankName: "",
  document: "",
  name: "",
  agreement: "",
  agency: "",
  agencyDigit: "",
  account: "",
  accountDigit: "",
};

function stored<T>(key: string, fallback: T): T {
  try {
    const raw = localStorage.getItem(key);
    return raw ? { ...fallback, ...(JSON.parse(raw) as T) } : fallback;
  } catch {
    return fallback;
  }
}
const storedNumber = () => {
  try {
    return Number(localStorage.getItem(FILE_NUMBER_KEY) ?? "0") || 0;
  } catch {
    return 0;
  }
};

interface Props {
  transfers: readonly Transfer[];
  /** A paid batch's reference: its name in the file, and its payment date. */
  tag?: string;
  paymentDate?: string;
  onClose: () => void;
}

const FIELDS: [keyof CnabPayer, string, string][] = [
  ["bankCode", M.bankCode, "numeric"],
  ["bankName", M.bankName, "text"],
  ["document", M.document, "numeric"],
  ["name", M.name, "text"],
  ["agreement", M.agreement, "text"],
  ["agency", M.agency, "numeric"],
  ["agencyDigit", M.agencyDigit, "text"],
  ["account", M.account, "numeric"],
  ["accountDigit", M.accountDigit, "text"],
];

export function PaymentExportModal({ transfers, tag, paymentDate, onClose }: Props) {
  const [format, setFormat] = useState<"csv" | "cnab">("csv");
  const [payer, setPayer] = useState<CnabPayer>(() => stored(PAYER_KEY, EMPTY_PAYER));
  const [fileNumber, setFileNumber] = useState(() => String(storedNumber() + 1));
  const [date, setDate] = useState(paymentDate ?? wallClock().date);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const errorId = `${id}-erro`;
  const rows = transfers.reduce((n, t) => n + t.rows.length, 0);
  const total = Math.round(transfers.reduce((n, t) => n + t.total, 0) * 100) / 100;

  const download = async () => {
    setError(null);
    setBusy(true);
    try {
      // The writers load with the first export only (papaparse is not needed to show the section).
      const [exp, { downloadText }] = await Promise.all([import("../payments-export"), import("../../../lib/csv")]);
      if (format === "csv") {
        downloadText(exp.paymentsFileName("csv", tag), exp.paymentsCsv(transfers));
      } else {
        const n = Number(fileNumber);
        if (!Number.isInteger(n) || n < 1 || n > 999_999) throw new Error("Informe o número do arquivo (1 a 999999).");
        const text = exp.paymentsCnab(transfers, payer, date, n, tag ?? `L${wallClock().date.replace(/-/g, "")}`);
        downloadText(exp.paymentsFileName("rem", tag), text, "text/plain;charset=us-ascii");
        try {
          localStorage.setItem(PAYER_KEY, JSON.stringify(payer));
          localStorage.setItem(FILE_NUMBER_KEY, String(n));
        } catch {
          // Private mode: the data are asked for again next time.
        }
      }
      toast.success(M.done(transfers.length));
      onClose();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={tag ? `${M.title} ${tag}` : M.title}
      onClose={onClose}
      preventClose={busy}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={busy}>
            {M.cancel}
          </button>
          <button type="submit" form={`${id}-form`} className="btn btn-primary" disabled={busy}>
            {M.download}
          </button>
        </>
      }
    >
      <form
        id={`${id}-form`}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void download();
        }}
      >
        <p className="payments-pay-summary">{M.summary(transfers.length, rows, formatBRL(total))}</p>
        <fieldset className="payments-format">
          <legend>{M.format}</legend>
          {(["csv", "cnab"] as const).map((f) => (
            <label key={f} className="checkbox">
              <input type="radio" name={`${id}-formato`} value={f} checked={format === f} onChange={() => setFormat(f)} disabled={busy} />
              {f === "csv" ? M.csv : M.cnab}
            </label>
          ))}
        </fieldset>
        {format === "cnab" && (
          <fieldset className="payments-payer">
            <legend>{M.payer}</legend>
            <p className="muted payments-field-hint">{M.payerHint}</p>
            <div className="payments-payer-grid">
              {FIELDS.map(([field, label, mode]) => (
                <div key={field}>
                  <label htmlFor={`${id}-${field}`}>{label}</label>
                  <input
                    id={`${id}-${field}`}
                    type="text"
                    inputMode={mode === "numeric" ? "numeric" : undefined}
                    autoComplete="off"
                    value={payer[field]}
                    disabled={busy}
                    onChange={(e) => setPayer((p) => ({ ...p, [field]: e.target.value }))}
                  />
                </div>
              ))}
              <div>
                <label htmlFor={`${id}-nsa`}>{M.fileNumber}</label>
                <input
                  id={`${id}-nsa`}
                  type="text"
                  inputMode="numeric"
                  value={fileNumber}
                  disabled={busy}
                  onChange={(e) => setFileNumber(e.target.value)}
                />
              </div>
              <div>
                <label htmlFor={`${id}-data`}>{M.paymentDate}</label>
                <input
                  id={`${id}-data`}
                  type="date"
                  value={date}
                  disabled={busy || Boolean(paymentDate)}
                  onChange={(e) => setDate(e.target.value)}
                />
              </div>
            </div>
          </fieldset>
        )}
        {error && (
          <p id={errorId} className="form-error" role="alert">
            {error}
          </p>
        )}
      </form>
    </Modal>
  );
}
