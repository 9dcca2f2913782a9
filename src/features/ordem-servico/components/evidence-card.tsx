// 'Fotos e Vídeos da Execução': saved evidence of the order, evidence still on its way, and capture that saves to the outbox first (main thread).
import { useCallback } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../../lib/toast";
import { MediaPicker } from "../../../components/media/media-picker";
import { MSG } from "../../../config/messages.pt-BR";
import { fileUrl } from "../../../lib/api-client";
import { releaseLocalMedia, type LocalMedia } from "../../../lib/capture/local-media";
import { PAGE_OFFLINE_HINT, useOfflineGuard } from "../../../lib/offline/offline-hint";
import { useOrderOutbox } from "../../../lib/outbox/use-order-outbox";
import { addToOutbox } from "../../../lib/outbox/outbox-bridge";
import { useDeletePhoto } from "../api/use-order-mutations";
import { orderKeys, photosQuery } from "../query-options";
import { QueryState } from "../../../components/ui/query-state";

const isVideo = (name: string) => /\.(mp4|webm|mov|m4v)$/i.test(name);

export function EvidenceCard({ orderId, userId, canEdit }: { orderId: string; userId: string; canEdit: boolean }) {
  const query = useQuery(photosQuery(orderId));
  const client = useQueryClient();
  const reload = useCallback(() => void client.invalidateQueries({ queryKey: orderKeys.photos(orderId) }), [client, orderId]);
  const pending = useOrderOutbox(orderId, reload, "adicionar-foto");
  // Capture keeps working offline (the outbox sends it later); removing a saved file needs the server (the OS page shows why).
  const { guard } = useOfflineGuard(PAGE_OFFLINE_HINT);

  // Each capture goes straight to the outbox: saved on the device before anything else, then compressed and sent.
  const save = async (items: LocalMedia[]) => {
    for (const item of items) {
      try {
        await addToOutbox(item.file, [
          { kind: "adicionar-foto", body: { idSocioVeiculoAgenda: orderId, idPontoAtendimentoUsuario: userId } },
        ]);
      } catch {
        toast.error(MSG.media.uploadFailed);
      } finally {
        releaseLocalMedia(item);
      }
    }
  };
  // No pending state on the button, as before: each tap deletes its own file.
  const remove = useDeletePhoto(orderId, {
    onSuccess: () => void toast.success(MSG.order.photoRemoved),
    onError: () => void toast.error(MSG.order.photoRemoveFailed),
  });

  return (
    <section className="card" aria-labelledby="evidencias-titulo">
      <h2 id="evidencias-titulo" className="card-title">
        {MSG.order.evidenceTitle}
      </h2>
      {canEdit && <MediaPicker kinds={["photo", "video"]} items={[]} onChange={(items) => void save(items)} />}
      {pending.length > 0 && (
        <ul className="pending-list" aria-label={MSG.order.pendingTitle}>
          {pending.map((job) => (
            <li key={job.id}>
              <span className="media-name">{job.name}</span>{" "}
              <span className="media-state">{job.state === "failed" ? job.error : MSG.order.jobState[job.state]}</span>
              {job.state === "uploading" && <progress max={100} value={job.progress} aria-label={`Progresso de ${job.name}`} />}
            </li>
          ))}
        </ul>
      )}
      <QueryState
        query={query}
        variant="card"
        loading={MSG.session.loading}
        error={MSG.order.photosFailed}
        empty={MSG.order.noEvidence}
        isEmpty={(photos) => photos.length === 0 && pending.length === 0}
      >
        {(photos) => (
          <ul className="media-grid" aria-label={MSG.order.savedTitle}>
            {photos.map((foto) => (
              <li key={foto.IdSocioVeiculoAgendaExecucaoFoto} className="media-item">
                {isVideo(foto.Foto) ? (
                  <video src={fileUrl(foto.Foto)} controls preload="metadata" playsInline aria-label={MSG.order.savedVideo} />
                ) : (
                  <img src={fileUrl(foto.Foto)} alt={MSG.order.savedPhoto} loading="lazy" />
                )}
                {canEdit && (
                  <button
                    type="button"
                    className="btn media-remove"
                    aria-label={MSG.order.removePhoto}
                    onClick={() => remove.mutate(foto.IdSocioVeiculoAgendaExecucaoFoto)}
                    {...guard}
                  >
                    ×
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
