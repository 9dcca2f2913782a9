// 'Detalhes da Transação': every field of the spec's display form of one mirror row, the client's CPF, and for a paid one the
// payment's date, reference and its proof to download (main thread).
import { useState } from "react";
import { MIRROR_MSG } from "../../../config/messages/mirror.pt-BR";
import { saveMirrorProof } from "../api/espelho";
import { FieldList } from "../../../components/ui/field-list";
import { ViewModal } from "../../../components/ui/view-modal";
import { formatBRL, withReason } from "../../../domain/format";
import type { Transaction } from "../mirror";
import { PaymentBadge } from "./mirror-list";

const t = MIRROR_MSG.mirror;
const f = t.fields;

export function MirrorDetailsModal({ row, onClose }: { row: Transaction; onClose: () => void }) {
  /** Why the proof did not download: '' for no reason known (unreachable), the server's message otherwise; null: no error. */
  const [proofError, setProofError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const download = async () => {
    setLoading(true);
    const r = await saveMirrorProof(row.id);
    setProofError(r.saved ? null : (r.reason ?? ""));
    setLoading(false);
  };
  const proof = (
    <>
      {row.comprovante ? (
        <button type="button" className="link-button" onClick={() => void download()} disabled={loading}>
          {t.downloadProof(row.comprovante)}
        </button>
      ) : (
        t.notInformed
      )}
      {proofError !== null && (
        <span className="form-error" role="alert">
          {" "}
          {withReason(t.proofFailed, proofError)}
        </span>
      )}
    </>
  );
  return (
    <ViewModal title={t.detailsTitle} closeLabel={t.close} onClose={onClose}>
      <FieldList
        className="field-list mirror-details"
        empty={t.notInformed}
        rows={[
          { label: f.statusPagamento, value: <PaymentBadge status={row.statusPagamento} /> },
          row.motivoRetencao ? { label: f.motivoRetencao, value: row.motivoRetencao } : null,
          { label: f.numeroOS, value: row.numeroOS },
          { label: f.cliente, value: row.cliente },
          { label: f.documentoCliente, value: row.documentoCliente },
          { label: f.placa, value: row.placa },
          { label: f.servico, value: row.servico },
          { label: f.dataAgendamento, value: row.dataAgendamento },
          { label: f.dataExecucao, value: row.dataExecucao },
          { label: f.valorRepasse, value: formatBRL(row.valorRepasse) },
          { label: f.codigoEspelho, value: row.codigoEspelho },
          { label: f.tipoComissao, value: row.tipoComissao },
          { label: f.descricao, value: row.descricao },
          { label: f.razaoSocial, value: row.razaoSocial },
          { label: f.cnpj, value: row.cnpj },
          { label: f.matricula, value: row.matricula },
          ...(row.statusPagamento === "PAGO"
            ? [
                { label: f.dataPagamento, value: row.dataPagamento },
                { label: f.referenciaPagamento, value: row.referenciaPagamento },
                { label: f.comprovante, value: proof },
              ]
            : []),
        ]}
      />
    </ViewModal>
  );
}
