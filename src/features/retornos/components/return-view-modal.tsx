// 'Detalhes do Retorno': every field of one return, and its stored photos and videos (main thread).
import { EvidenceVideo } from "../../../components/media/evidence-video";
import { RETURNS_MSG } from "../../../config/messages/returns.pt-BR";
import { FieldList } from "../../../components/ui/field-list";
import { ViewModal } from "../../../components/ui/view-modal";
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
    <ViewModal title={t.viewTitle} closeLabel={t.close} onClose={onClose}>
      <FieldList
        className="returns-details"
        rows={[
          { label: c.os, value: row.NumeroOS },
          { label: c.status, value: statusLabel(row.Status) },
          { label: c.kind, value: kindLabel(row.Tipo) },
          { label: c.member, value: row.NomeSocio || t.notInformed },
          { label: c.plate, value: displayPlate(row.PlacaVeiculo) },
          { label: c.service, value: row.NomeServico?.toUpperCase() || t.notInformed },
          { label: c.appointmentDate, value: row.DataAgendamento ? isoToBr(row.DataAgendamento) : t.notInformed },
          { label: c.registered, value: registeredAt(row.DataLog) },
          { label: c.description, value: row.Descricao, className: "returns-description" },
        ]}
      />
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
    </ViewModal>
  );
}
