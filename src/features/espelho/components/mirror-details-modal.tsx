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
/** The fields shown as they are (or 'Não informado'), in the spec's order around the amount; a paid row's payment fields. */
const BEFORE_VALUE = ["numeroOS", "cliente", "documentoCliente", "placa", "servico", "dataAgendamento", "dataExecucao"] as const;
const AFTER_VALUE = ["codigoEspelho", "tipoComissao", "descricao", "razaoSocial", "cnpj", "matricula"] as const;
const PAYMENT = ["dataPagamento", "referenciaPagamento"] as const;

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
          ...BEFORE_VALUE.map((key) => ({ label: f[key], value: row[key] })),
          { label: f.valorRepasse, value: formatBRL(row.valorRepasse) },
          ...AFTER_VALUE.map((key) => ({ label: f[key], value: row[key] })),
          ...(row.statusPagamento === "PAGO"
            ? [...PAYMENT.map((key) => ({ label: f[key], value: row[key] })), { label: f.comprovante, value: proof }]
            : []),
        ]}
      />
    </ViewModal>
  );
}
