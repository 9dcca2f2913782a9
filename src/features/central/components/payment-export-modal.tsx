// 'Exportar lote': the transfers of a selection (or of a paid batch, again) as the Excel-BR CSV, one line per transfer. The bank's
// file (CNAB 240) is no longer written here: the server writes it for a payment run, with the paying account's NSA (issue 49)
// (main thread).
import { useState } from "react";
import { FormModal } from "../../../components/ui/form-modal";
import { formatBRL } from "../../../domain/format";
import { toast } from "../../../lib/toast";
import { PAYMENTS_MSG } from "../../../config/messages/central-payments.pt-BR";
import type { Transfer } from "../payment-transfers";

const M = PAYMENTS_MSG.export;

interface Props {
  transfers: readonly Transfer[];
  /** A paid batch's reference: its name in the file. */
  tag?: string;
  onClose: () => void;
}

export function PaymentExportModal({ transfers, tag, onClose }: Props) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const rows = transfers.reduce((n, t) => n + t.rows.length, 0);
  const total = Math.round(transfers.reduce((n, t) => n + t.total, 0) * 100) / 100;

  const download = async () => {
    setError(null);
    setBusy(true);
    try {
      // The writer loads with the first export only (papaparse is not needed to show the section).
      const [exp, { downloadText }] = await Promise.all([import("../payments-export"), import("../../../lib/csv")]);
      downloadText(exp.paymentsFileName(tag), exp.paymentsCsv(transfers));
      toast.success(M.done(transfers.length));
      onClose();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormModal
      title={tag ? `${M.title} ${tag}` : M.title}
      onClose={onClose}
      onSubmit={() => void download()}
      busy={busy}
      cancelLabel={M.cancel}
      submitLabel={M.download}
    >
      <p className="payments-pay-summary">{M.summary(transfers.length, rows, formatBRL(total))}</p>
      <p>{M.csv}</p>
      {!tag && <p className="muted payments-field-hint">{M.bankFile}</p>}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </FormModal>
  );
}
