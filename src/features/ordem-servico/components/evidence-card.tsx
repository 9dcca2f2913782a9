// 'Fotos e Vídeos da Execução': saved evidence of the order, evidence still on its way, capture that saves to the outbox first,
// and "Verificar evidências" over the order's evidence chain (main thread).
import { EvidenceVideo } from "../../../components/media/evidence-video";
import { useCallback, useMemo } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../../lib/toast";
import { MediaPicker } from "../../../components/media/media-picker";
import { OutboxFileList, useOutboxThumbs } from "../../../components/media/outbox-files";
import { MSG } from "../../../config/messages.pt-BR";
import { MEDIA_MSG } from "../../../config/messages/media.pt-BR";
import { OUTBOX_MSG } from "../../../config/messages/outbox.pt-BR";
import { ORDER_MSG } from "../../../config/messages/order.pt-BR";
import { fileUrl, storedToken } from "../../../lib/api-client";
import { releaseLocalMedia, type LocalMedia } from "../../../lib/capture/local-media";
import { PAGE_OFFLINE_HINT, useOfflineGuard } from "../../../lib/offline/offline-hint";
import { useOrderFiles } from "../../../lib/outbox/use-order-outbox";
import { addToOutbox } from "../../../lib/outbox/outbox-bridge";
import { photoSteps } from "../../../domain/outbox-steps";
import { useDeletePhoto } from "../api/use-order-mutations";
import { evidenceChainQuery, orderKeys, photosQuery } from "../query-options";
import { QueryLoading, QueryState } from "../../../components/ui/query-state";
import { VerifyEvidence } from "../../../components/evidence/verify-evidence";

const isVideo = (name: string) => /\.(mp4|webm|mov|m4v)$/i.test(name);

interface Props {
  orderId: string;
  userId: string;
  /** Photos and videos may be added (an open order, one starting, or a finished one: the chain takes new entries). */
  canEdit: boolean;
  /** Saved ones may be removed: only while the order is open; a finished order's evidence is sealed (the server answers 409). */
  canRemove: boolean;
}

export function EvidenceCard({ orderId, userId, canEdit, canRemove }: Props) {
  const query = useQuery(photosQuery(orderId));
  const client = useQueryClient();
  const reload = useCallback(() => void client.invalidateQueries({ queryKey: orderKeys.photos(orderId) }), [client, orderId]);
  const saved = useMemo(() => query.data?.map((foto) => foto.Foto), [query.data]);
  // Files on their way, and those just sent until the saved list shows them (offline it cannot: they stay as 'Enviado').
  const pending = useOrderFiles(orderId, reload, "adicionar-foto", saved);
  const { thumbs, keep } = useOutboxThumbs(pending);
  // Capture keeps working offline (the outbox sends it later); removing a saved file needs the server (the OS page shows why).
  const { online, guard } = useOfflineGuard(PAGE_OFFLINE_HINT);
  // The chain is read afresh for each verification; the point's file route takes the session's authToken header.
  const loadChain = useCallback(() => client.fetchQuery(evidenceChainQuery(orderId)), [client, orderId]);
  const token = storedToken();
  const headers = useMemo(() => (token ? { authToken: token } : undefined), [token]);

  // Each capture goes straight to the outbox: saved on the device before anything else, then compressed and sent. Its row says
  // 'Salvo no aparelho' at once; a photo's preview becomes the row's thumbnail.
  const save = async (items: LocalMedia[]) => {
    for (const item of items) {
      let kept = false;
      try {
        const id = await addToOutbox(item.file, photoSteps(orderId, userId));
        if (item.type.startsWith("image/")) {
          keep(id, item.url);
          kept = true;
        }
      } catch {
        toast.error(MEDIA_MSG.media.uploadFailed);
      } finally {
        if (!kept) releaseLocalMedia(item);
      }
    }
  };
  // No pending state on the button, as before: each tap deletes its own file.
  const remove = useDeletePhoto(orderId, {
    onSuccess: () => void toast.success(ORDER_MSG.order.photoRemoved),
    onError: () => void toast.error(ORDER_MSG.order.photoRemoveFailed),
  });

  return (
    <section className="card" aria-labelledby="evidencias-titulo">
      <h2 id="evidencias-titulo" className="card-title">
        {ORDER_MSG.order.evidenceTitle}
      </h2>
      {canEdit && <MediaPicker kinds={["photo", "video"]} items={[]} onChange={(items) => void save(items)} />}
      <OutboxFileList jobs={pending} label={ORDER_MSG.order.pendingTitle} thumbs={thumbs} />
      {/* Never loaded on this device and no connection: say so instead of loading until the network returns. */}
      {query.data === undefined && query.fetchStatus === "paused" && !online ? (
        <QueryLoading label={OUTBOX_MSG.fileState.listOffline} />
      ) : (
        <QueryState
          query={query}
          variant="card"
          loading={MSG.session.loading}
          error={ORDER_MSG.order.photosFailed}
          empty={ORDER_MSG.order.noEvidence}
          isEmpty={(photos) => photos.length === 0 && pending.length === 0}
        >
          {(photos) =>
            photos.length > 0 && (
              <ul className="media-grid" aria-label={ORDER_MSG.order.savedTitle}>
                {photos.map((foto) => (
                  <li key={foto.IdSocioVeiculoAgendaExecucaoFoto} className="media-item">
                    {isVideo(foto.Foto) ? (
                      <EvidenceVideo src={fileUrl(foto.Foto)} label={ORDER_MSG.order.savedVideo} />
                    ) : (
                      <img src={fileUrl(foto.Foto)} alt={ORDER_MSG.order.savedPhoto} loading="lazy" />
                    )}
                    {canRemove && (
                      <button
                        type="button"
                        className="btn media-remove"
                        aria-label={ORDER_MSG.order.removePhoto}
                        onClick={() => remove.mutate(foto.IdSocioVeiculoAgendaExecucaoFoto)}
                        {...guard}
                      >
                        ×
                      </button>
                    )}
                  </li>
                ))}
              </ul>
            )
          }
        </QueryState>
      )}
      <VerifyEvidence load={loadChain} headers={headers} />
    </section>
  );
}
