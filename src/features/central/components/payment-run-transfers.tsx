// A payment run's transfers (issue 49), one per point, as a ResponsiveList: point, status (PENDENTE, PAGA, REJEITADA with the
// bank's reason), seu número, value, the payee in one line (holder, PIX key or bank account), OS numbers, the bank's number and
// effective date, and the proof: downloaded, or attached to a paid transfer by a payer or an administrator (main thread).
import { ResponsiveList, type Column } from "../../../components/ui/responsive-list";
import { ACCOUNT_TYPE_LABELS, PIX_KEY_TYPE_LABELS } from "../../../domain/bank-data";
import { isoToBr } from "../../../domain/dates";
import { formatBRL, withReason } from "../../../domain/format";
import { formatDocument } from "../../../lib/br-format";
import { PAYMENTS_MSG } from "../../../config/messages/central-payments.pt-BR";
import { saveTransferProof, type PaymentTransfer } from "../api/payment-runs";
import { useUploadTransferProof } from "../api/use-payment-run-mutations";
import { AttachProofButton, ProofFile, useProofPicker } from "./payment-proof";

const R = PAYMENTS_MSG.run;

const labelOf = (labels: Record<string, string>, code: string | null) => (code ? (labels[code] ?? code) : "");

/** The payee in one line: the holder, then the PIX key or the bank account. */
function payeeText(t: PaymentTransfer) {
  const f = t.Favorecido;
  const holder = f.NomeTitular || f.RazaoSocial;
  const key = f.TipoChavePix === "CPF" || f.TipoChavePix === "CNPJ" ? formatDocument(f.ChavePix) : (f.ChavePix ?? "");
  const how =
    f.TipoChavePix && f.ChavePix
      ? R.pix(labelOf(PIX_KEY_TYPE_LABELS, f.TipoChavePix), key)
      : R.account(f.Banco ?? "", f.NumeroAgencia ?? "", f.NumeroConta ?? "", labelOf(ACCOUNT_TYPE_LABELS, f.TipoConta));
  return [holder, how].filter(Boolean).join(" · ");
}

const TRANSFER_BADGE: Record<PaymentTransfer["Status"], string> = {
  pendente: "status-pending",
  pago: "status-done",
  rejeitado: "payments-held-badge",
};

function TransferStatus({ transfer }: { transfer: PaymentTransfer }) {
  return (
    <span className="payments-status">
      <span className={`status-badge ${TRANSFER_BADGE[transfer.Status]}`}>{R.transferStates[transfer.Status]}</span>
      {transfer.Status === "rejeitado" && (transfer.Motivo || transfer.Ocorrencias) && (
        <span className="payments-rejected">{transfer.Motivo ?? transfer.Ocorrencias}</span>
      )}
    </span>
  );
}

/** Puts a message in the run page's live region (an error in its alert region). */
export type Say = (text: string, error?: boolean) => void;

export function PaymentRunTransfers({ transfers, canPay, say }: { transfers: readonly PaymentTransfer[]; canPay: boolean; say: Say }) {
  const upload = useUploadTransferProof();
  const proof = useProofPicker<PaymentTransfer>((t, file) =>
    upload.mutate(
      { transferId: t.IdTransferencia, file },
      { onSuccess: (res) => say(res.message), onError: (err) => say(err.message, true) },
    ),
  );
  const download = async (t: PaymentTransfer) => {
    const r = await saveTransferProof(t.IdTransferencia);
    if (!r.saved) say(withReason(R.proofFailed, r.reason ?? undefined), true);
  };
  /** A transfer's proof: its download button, or 'Sem comprovante'. */
  const proofOf = (t: PaymentTransfer) => (
    <ProofFile
      file={t.Comprovante}
      label={(file) => R.downloadProof(file, t.SeuNumero)}
      none={R.noProof}
      onDownload={() => void download(t)}
    />
  );
  const columns: Column<PaymentTransfer>[] = [
    { id: "point", header: R.cols.point, cell: (t) => t.NomeFantasia, card: "title" },
    { id: "status", header: R.cols.status, cell: (t) => <TransferStatus transfer={t} />, card: "meta" },
    { id: "number", header: R.cols.yourNumber, cell: (t) => t.SeuNumero, className: "payments-nowrap" },
    { id: "value", header: R.cols.value, cell: (t) => formatBRL(t.Valor), className: "payments-money" },
    { id: "payee", header: R.cols.payee, cell: payeeText },
    { id: "os", header: R.cols.os, cell: (t) => t.NumerosOS.join(", ") },
    {
      id: "bank",
      header: R.cols.bankNumber,
      cell: (t) => t.NossoNumero ?? "—",
      cardCell: (t) => t.NossoNumero,
      className: "payments-nowrap",
    },
    {
      id: "effective",
      header: R.cols.effective,
      cell: (t) => (t.DataEfetivacao ? isoToBr(t.DataEfetivacao) : "—"),
      cardCell: (t) => (t.DataEfetivacao ? isoToBr(t.DataEfetivacao) : null),
      className: "payments-nowrap",
    },
    {
      id: "proof",
      header: R.cols.proof,
      // The table: an unpaid transfer's proof is a dash (unless it has one); the card leaves it out.
      cell: (t) => (t.Comprovante || t.Status === "pago" ? proofOf(t) : "—"),
      cardCell: (t) => (t.Status === "pago" ? proofOf(t) : null),
    },
  ];
  const attachable = canPay && transfers.some((t) => t.Status === "pago");
  return (
    <>
      {/* One hidden picker for every paid transfer: 'Anexar comprovante' opens it for its transfer. */}
      {attachable && proof.picker}
      <ResponsiveList
        name={["agenda", "transfers"]}
        label={R.transfers}
        titleLevel={3}
        rows={transfers}
        columns={columns}
        rowKey={(t) => t.IdTransferencia}
        rowData={(t) => ({ id: t.IdTransferencia })}
        actionsHeader={attachable ? "Ações" : undefined}
        actions={
          attachable
            ? (t) =>
                t.Status === "pago" ? (
                  <AttachProofButton
                    label={R.attachOf(t.SeuNumero)}
                    text={R.attach}
                    disabled={upload.isPending}
                    onClick={() => proof.attach(t)}
                  />
                ) : null
            : undefined
        }
      />
    </>
  );
}
