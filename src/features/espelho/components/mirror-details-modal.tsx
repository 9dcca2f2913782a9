// 'Detalhes da Transação': every field of the spec's display form of one mirror row, the client's CPF, and for a paid one the
// payment's date, reference and its proof to download (main thread).
import { useState } from "react";
import { MIRROR_MSG } from "../../../config/messages/mirror.pt-BR";
import { saveMirrorProof } from "../api/espelho";
import { Modal } from "../../../components/ui/modal";
import { formatBRL, withReason } from "../../../domain/format";
import type { Transaction } from "../mirror";
import { PaymentBadge } from "./mirror-list";

const t = MIRROR_MSG.mirror;
const f = t.fields;
const orNone = (v: string | null | undefined) => (v?.trim() ? v : t.notInformed);

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
  return (
    <Modal
      open
      title={t.detailsTitle}
      onClose={onClose}
      footer={
        <button type="button" className="btn" onClick={onClose}>
          {t.close}
        </button>
      }
    >
      <dl className="field-list mirror-details">
        <dt>{f.statusPagamento}</dt>
        <dd>
          <PaymentBadge status={row.statusPagamento} />
        </dd>
        {row.motivoRetencao && (
          <>
            <dt>{f.motivoRetencao}</dt>
            <dd>{row.motivoRetencao}</dd>
          </>
        )}
        <dt>{f.numeroOS}</dt>
        <dd>{row.numeroOS}</dd>
        <dt>{f.cliente}</dt>
        <dd>{orNone(row.cliente)}</dd>
        <dt>{f.documentoCliente}</dt>
        <dd>{orNone(row.documentoCliente)}</dd>
        <dt>{f.placa}</dt>
        <dd>{orNone(row.placa)}</dd>
        <dt>{f.servico}</dt>
        <dd>{orNone(row.servico)}</dd>
        <dt>{f.dataAgendamento}</dt>
        <dd>{orNone(row.dataAgendamento)}</dd>
        <dt>{f.dataExecucao}</dt>
        <dd>{orNone(row.dataExecucao)}</dd>
        <dt>{f.valorRepasse}</dt>
        <dd>{formatBRL(row.valorRepasse)}</dd>
        <dt>{f.codigoEspelho}</dt>
        <dd>{orNone(row.codigoEspelho)}</dd>
        <dt>{f.tipoComissao}</dt>
        <dd>{orNone(row.tipoComissao)}</dd>
        <dt>{f.descricao}</dt>
        <dd>{orNone(row.descricao)}</dd>
        <dt>{f.razaoSocial}</dt>
        <dd>{orNone(row.razaoSocial)}</dd>
        <dt>{f.cnpj}</dt>
        <dd>{orNone(row.cnpj)}</dd>
        <dt>{f.matricula}</dt>
        <dd>{orNone(row.matricula)}</dd>
        {row.statusPagamento === "PAGO" && (
          <>
            <dt>{f.dataPagamento}</dt>
            <dd>{orNone(row.dataPagamento)}</dd>
            <dt>{f.referenciaPagamento}</dt>
            <dd>{orNone(row.referenciaPagamento)}</dd>
            <dt>{f.comprovante}</dt>
            <dd>
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
            </dd>
          </>
        )}
      </dl>
    </Modal>
  );
}
