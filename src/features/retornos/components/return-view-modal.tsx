// 'Detalhes do Retorno': every field of one return, and its stored photos and videos (main thread).
import { EvidenceVideo } from "../../../components/media/evidence-video";
import { RETURNS_MSG } from "../../../config/messages/returns.pt-BR";
import { Modal } from "../../../components/ui/modal";
import { isoToBr } from "../../../domain/dates";
import { displayPlate } from "../../../domain/plate";
import { fileUrl } from "../../../lib/api-client";
import type { RetornoServico } from "../api/retornos";
import { kindLabel, statusLabel } from "../filters";
import { fileList, registeredAt } from "./return-format";

const t = RETURNS_MSG.returns;

export function ReturnViewModal({ row, onClose }: { row: RetornoServico; onClose: () => void }) {
  const photos = fileList(row.Fotos);
  const videos = fileList(row.Videos);
  const c = t.cols;
  return (
    <Modal
      open
      title={t.viewTitle}
      onClose={onClose}
      footer={
        <button type="button" className="btn" onClick={onClose}>
          {t.close}
        </button>
      }
    >
      <dl className="returns-details">
        <dt>{c.os}</dt>
        <dd>{row.NumeroOS}</dd>
        <dt>{c.status}</dt>
        <dd>{statusLabel(row.Status)}</dd>
        <dt>{c.kind}</dt>
        <dd>{kindLabel(row.Tipo)}</dd>
        <dt>{c.member}</dt>
        <dd>{row.NomeSocio || t.notInformed}</dd>
        <dt>{c.plate}</dt>
        <dd>{displayPlate(row.PlacaVeiculo)}</dd>
        <dt>{c.service}</dt>
        <dd>{row.NomeServico?.toUpperCase() || t.notInformed}</dd>
        <dt>{c.appointmentDate}</dt>
        <dd>{row.DataAgendamento ? isoToBr(row.DataAgendamento) : t.notInformed}</dd>
        <dt>{c.registered}</dt>
        <dd>{registeredAt(row.DataLog)}</dd>
        <dt>{c.description}</dt>
        <dd className="returns-description">{row.Descricao}</dd>
      </dl>
      <h3 className="returns-files-title">{c.photos}</h3>
      {photos.length === 0 ? (
        <p className="muted">{t.noFiles}</p>
      ) : (
        <ul className="media-grid" aria-label={c.photos}>
          {photos.map((name, i) => (
            <li key={name} className="media-item">
              <a href={fileUrl(name)} target="_blank" rel="noopener">
                <img src={fileUrl(name)} alt={t.photoOf(i + 1)} loading="lazy" />
              </a>
            </li>
          ))}
        </ul>
      )}
      <h3 className="returns-files-title">{c.videos}</h3>
      {videos.length === 0 ? (
        <p className="muted">{t.noFiles}</p>
      ) : (
        <ul className="media-grid" aria-label={c.videos}>
          {videos.map((name, i) => (
            <li key={name} className="media-item">
              <EvidenceVideo src={fileUrl(name)} label={t.videoOf(i + 1)} />
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
