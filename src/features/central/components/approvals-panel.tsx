// The evidence of one linked service in a side panel (a native dialog: keyboard operable, focus kept inside, back closes it)
// (main thread): what the attendant asked and why, both values, the order's initial video, photos and notes, the files attached
// to the service, the plate the phone read in the initial video, "Verificar evidências" over the order's chain, the decision
// when there is one and the central's history of it; Aprovar and Recusar at its foot for a pending service and a role that
// decides.
import { EvidenceVideo } from "../../../components/media/evidence-video";
import { useCallback, useMemo } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Modal } from "../../../components/ui/modal";
import { QueryState } from "../../../components/ui/query-state";
import { isoToBr } from "../../../domain/dates";
import { dateTimeText } from "../../../lib/br-format";
import { APPROVALS_MSG as M } from "../../../config/messages/central-approvals.pt-BR";
import { EVIDENCE_MSG } from "../../../config/messages/evidence.pt-BR";
import { VerifyEvidence } from "../../../components/evidence/verify-evidence";
import { videoPlateText } from "../../../components/evidence/video-plate";
import { storedToken } from "../../../lib/api-client";
import { centralEvidenceChainQuery } from "../approvals-queries";
import { centralFileUrl } from "../api/central";
import type { DecidedService, PendingService } from "../api/approvals";
import { CENTRAL_LOAD_FAILED, historyQuery } from "../query-options";
import { ValuesCell } from "./approvals-cells";

interface Props {
  row: PendingService | DecidedService;
  canDecide: boolean;
  busy: boolean;
  onApprove: (row: PendingService) => void;
  onReject: (row: PendingService) => void;
  onClose: () => void;
}

const isDecided = (row: PendingService | DecidedService): row is DecidedService => "StatusAprovacao" in row;

function History({ id }: { id: string }) {
  const history = useQuery(historyQuery(id));
  return (
    <QueryState
      query={history}
      loading={M.panel.historyLoading}
      error={CENTRAL_LOAD_FAILED}
      empty={M.panel.historyEmpty}
      isEmpty={(rows) => rows.length === 0}
      variant="card"
    >
      {(rows) => (
        <ul className="central-history">
          {rows.map((h, i) => (
            <li key={i}>
              <strong>{M.actions[h.Acao] ?? h.Acao}</strong> por {h.Usuario} em {dateTimeText(h.DataHora)}
              {h.Observacao ? `: ${h.Observacao}` : ""}
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

/** "Placa no vídeo: …" from the order's chain: what the phone's OCR read in the initial video against the order's plate. */
function VideoPlateLine({ orderId }: { orderId: string }) {
  const chain = useQuery(centralEvidenceChainQuery(orderId));
  if (chain.isPending) return <p className="muted">{EVIDENCE_MSG.plate.loading}</p>;
  if (chain.isError) return <p className="muted">{EVIDENCE_MSG.plate.failed}</p>;
  const text = videoPlateText(chain.data.placaVideo);
  return text ? <p className="approvals-panel-plate">{text}</p> : null;
}

/** The order's evidence verified in the browser; the central's file route takes the session's authToken header. */
function VerifyOrderEvidence({ orderId }: { orderId: string }) {
  const client = useQueryClient();
  const load = useCallback(() => client.fetchQuery(centralEvidenceChainQuery(orderId)), [client, orderId]);
  const token = storedToken();
  const headers = useMemo(() => (token ? { authToken: token } : undefined), [token]);
  return <VerifyEvidence load={load} headers={headers} />;
}

export function ApprovalsPanel({ row, canDecide, busy, onApprove, onReject, onClose }: Props) {
  const os = row.NumeroOS;
  const decided = isDecided(row) ? row : null;
  const pending = !decided;
  const serviceFiles = row.FotosServico.length > 0 || row.VideoServico;
  return (
    <Modal
      open
      title={M.evidenceOf(os)}
      onClose={onClose}
      footer={
        pending && canDecide ? (
          <>
            <button type="button" className="btn btn-danger" disabled={busy} onClick={() => onReject(row)}>
              {M.reject}
            </button>
            <button type="button" className="btn btn-primary" disabled={busy} onClick={() => onApprove(row)}>
              {busy ? M.approving : M.approve}
            </button>
          </>
        ) : undefined
      }
    >
      <div className="approvals-panel">
        <p className="approvals-panel-service">
          <strong>{row.Servico}</strong>
        </p>
        <p className="muted">
          {row.NomeFantasia} · {row.Veiculo} · {row.Placa}
          {row.DataAgendamento ? ` · ${M.panel.scheduled(isoToBr(row.DataAgendamento))}` : ""}
        </p>
        <p>{M.panel.requested(row.Atendente ?? M.noAttendant, dateTimeText(row.DataSolicitacao) ?? "")}</p>
        <h3>{M.panel.reason}</h3>
        <p>{row.ObservacoesCredenciado || M.noReason}</p>
        <ValuesCell row={row} />
        {decided && (
          <p className="approvals-panel-decision">
            {M.panel.decision(
              M.decided.status[decided.StatusAprovacao],
              decided.DecididoPor || "—",
              dateTimeText(decided.DecididoEm) ?? "",
            )}
            {decided.MotivoRecusa ? `: ${decided.MotivoRecusa}` : ""}
          </p>
        )}
        {row.QtdeEvidencias === 0 && (
          <p className="approvals-none" role="note">
            {M.panel.nothing}
          </p>
        )}
        <h3>{M.panel.initialVideo}</h3>
        {row.VideoInicial ? (
          <EvidenceVideo className="central-video" src={centralFileUrl(row.VideoInicial)} label={M.panel.initialVideoLabel(os)} />
        ) : (
          <p className="muted">{M.panel.noInitialVideo}</p>
        )}
        {row.VideoInicial && <VideoPlateLine orderId={row.IdSocioVeiculoAgenda} />}
        <h3>{M.panel.photos}</h3>
        {row.Fotos.length === 0 ? (
          <p className="muted">{M.panel.noPhotos}</p>
        ) : (
          <ul className="central-photos">
            {row.Fotos.map((f, i) => (
              <li key={f}>
                <a href={centralFileUrl(f)} target="_blank" rel="noopener noreferrer">
                  <img src={centralFileUrl(f)} alt={M.panel.photoAlt(i + 1, os)} loading="lazy" />
                </a>
              </li>
            ))}
          </ul>
        )}
        <h3>{M.panel.notes}</h3>
        {row.Anotacoes.length === 0 ? (
          <p className="muted">{M.panel.noNotes}</p>
        ) : (
          <ul>
            {row.Anotacoes.map((n, i) => (
              <li key={i}>{n}</li>
            ))}
          </ul>
        )}
        <h3>{M.panel.serviceFiles}</h3>
        {!serviceFiles ? (
          <p className="muted">{M.panel.noServiceFiles}</p>
        ) : (
          <ul className="central-photos">
            {row.FotosServico.map((f, i) => (
              <li key={f}>
                <a href={centralFileUrl(f)} target="_blank" rel="noopener noreferrer">
                  <img src={centralFileUrl(f)} alt={M.panel.servicePhoto(i + 1, row.Servico)} loading="lazy" />
                </a>
              </li>
            ))}
            {row.VideoServico && (
              <li className="approvals-panel-video">
                <EvidenceVideo className="central-video" src={centralFileUrl(row.VideoServico)} label={M.panel.serviceVideo(row.Servico)} />
              </li>
            )}
          </ul>
        )}
        <h3>{EVIDENCE_MSG.title}</h3>
        <VerifyOrderEvidence orderId={row.IdSocioVeiculoAgenda} />
        <h3>{M.panel.history}</h3>
        <History id={row.IdSocioVeiculoAgendaExecucaoServico} />
      </div>
    </Modal>
  );
}
