// 'Lotes pagos' of the Pagamentos section: the batches registered in the period (reference, payment date, who, how many, total,
// proof, undone or not), each exported again from what it paid (CSV or CNAB), its proof downloaded or attached, and undone the
// same day (main thread).
import { useId, useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ResponsiveList, type Column } from "../../../components/ui/responsive-list";
import { isoToBr } from "../../../domain/dates";
import { formatBRL, withReason } from "../../../domain/format";
import { dateTimeText } from "../../../lib/br-format";
import { toast } from "../../../lib/toast";
import { PAYMENTS_MSG } from "../../../config/messages/central-payments.pt-BR";
import { saveBatchProof, type Batch } from "../api/payments";
import { useUploadProof } from "../api/use-payment-mutations";
import { batchesQuery, batchQuery } from "../payments-queries";
import { transfersOf, type Transfer } from "../payment-transfers";
import { ListState } from "./payment-list-state";
import { AttachProofButton, ProofFile, useProofPicker } from "./payment-proof";

const M = PAYMENTS_MSG.batches;

interface Props {
  from: string;
  to: string;
  onExport: (batch: Batch, transfers: Transfer[]) => void;
  /** Absent for a central user whose role cannot pay: no undo button (nor proof upload). */
  onUndo?: (batch: Batch) => void;
}

function Status({ batch }: { batch: Batch }) {
  if (!batch.DesfeitoEm) return <span className="status-badge status-done">{M.paid}</span>;
  return (
    <span className="payments-status">
      <span className="status-badge payments-held-badge">{M.undone}</span>{" "}
      <span className="muted">{M.undoneBy(batch.DesfeitoPor ?? "", (dateTimeText(batch.DesfeitoEm) ?? "").replace(",", ""))}</span>
    </span>
  );
}

const downloadProof = async (b: Batch) => {
  const r = await saveBatchProof(b.IdLote);
  if (!r.saved) toast.error(withReason(M.proofFailed, r.reason ?? undefined));
};

const COLUMNS: readonly Column<Batch>[] = [
  { id: "ref", header: M.cols.reference, cell: (b) => b.Referencia, cardCell: (b) => PAYMENTS_MSG.batchOf(b.Referencia), card: "title" },
  { id: "status", header: M.cols.status, cell: (b) => <Status batch={b} />, card: "meta" },
  { id: "date", header: M.cols.date, cell: (b) => isoToBr(b.DataPagamento), className: "payments-nowrap" },
  { id: "by", header: M.cols.by, cell: (b) => b.PagoPor },
  { id: "count", header: M.cols.count, cell: (b) => M.count(b.Quantidade, b.Beneficiarios) },
  { id: "total", header: M.cols.total, cell: (b) => formatBRL(b.Total), className: "payments-money" },
  {
    id: "proof",
    header: M.cols.proof,
    cell: (b) => (
      <ProofFile
        file={b.Comprovante}
        label={(file) => M.downloadProof(file, b.Referencia)}
        none={M.noProof}
        onDownload={() => void downloadProof(b)}
      />
    ),
  },
];

export function PaymentBatches({ from, to, onExport, onUndo }: Props) {
  const list = useQuery(batchesQuery({ dataInicio: from, dataFim: to }));
  const client = useQueryClient();
  const upload = useUploadProof();
  const proof = useProofPicker<Batch>((b, file) =>
    upload.mutate(
      { batchId: b.IdLote, file },
      { onSuccess: (res) => toast.success(res.message), onError: (err) => toast.error(err.message) },
    ),
  );
  const [loading, setLoading] = useState<string | null>(null);
  const titleId = useId();

  const exportAgain = async (b: Batch) => {
    setLoading(b.IdLote);
    try {
      const detail = await client.fetchQuery(batchQuery(b.IdLote));
      onExport(b, transfersOf(detail.repasses, true));
    } catch (e) {
      toast.error(withReason(M.loadFailed, (e as Error).message));
    } finally {
      setLoading(null);
    }
  };
  const columns = COLUMNS;

  return (
    <section className="card payments-batches" aria-labelledby={titleId}>
      <h2 id={titleId} className="payments-held-title">
        {M.title}
      </h2>
      {/* One hidden picker for every row: 'Anexar comprovante' opens it for its batch. */}
      {proof.picker}
      <ListState query={list} msg={M}>
        {(data) => (
          <ResponsiveList
            name={["agenda", "batches"]}
            label={M.title}
            titleLevel={3}
            rows={data}
            columns={columns}
            rowKey={(b) => b.IdLote}
            rowData={(b) => ({ id: b.IdLote })}
            actionsHeader="Ações"
            actions={(b) => (
              <div className="payments-row-actions">
                <button
                  type="button"
                  className="btn"
                  aria-label={M.exportOf(b.Referencia)}
                  disabled={loading === b.IdLote || Boolean(b.DesfeitoEm)}
                  onClick={() => void exportAgain(b)}
                >
                  {PAYMENTS_MSG.exportButton}
                </button>
                {!b.DesfeitoEm && onUndo && (
                  <AttachProofButton
                    label={M.attachOf(b.Referencia)}
                    text={M.attach}
                    disabled={upload.isPending}
                    onClick={() => proof.attach(b)}
                  />
                )}
                {b.PodeDesfazer && onUndo && (
                  <button type="button" className="btn btn-danger" aria-label={M.undoOf(b.Referencia)} onClick={() => onUndo(b)}>
                    {M.undo}
                  </button>
                )}
              </div>
            )}
          />
        )}
      </ListState>
    </section>
  );
}
