// The 'Finalizar Ordem de Serviço' modal: services awaiting approval (which, who added each and since when, Brasília), the
// final video, and ONE durable outbox job that attaches
// the video then finishes the order (or one plain call when the video is already on the order); loaded when opened (main thread).
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { toast } from "../../../lib/toast";
import { ORDER_MSG } from "../../../config/messages/order.pt-BR";
import { Modal } from "../../../components/ui/modal";
import { MediaPicker } from "../../../components/media/media-picker";
import { useLocalMedia } from "../../../components/media/use-local-media";
import { isoToBr, wallClock } from "../../../domain/dates";
import { finishOrderSteps, type FinishOrder } from "../../../domain/outbox-steps";
import { addToOutbox } from "../../../lib/outbox/outbox-bridge";
import type { AppointmentDetails } from "../api/order";
import { useFinishOrder } from "../api/use-order-mutations";
import { linkedServicesQuery } from "../query-options";
import { QueryState } from "../../../components/ui/query-state";
import { dateTimeText } from "../../../lib/br-format";

const approvalLabel = (status: string) => ORDER_MSG.finish.approval[status as keyof typeof ORDER_MSG.finish.approval] ?? status;

interface Props {
  details: AppointmentDetails;
  userId: string;
  onClose: () => void;
}

export function FinishOrderModal({ details, userId, onClose }: Props) {
  const t = ORDER_MSG.finish;
  const order = details.agendamento!;
  const linked = useQuery(linkedServicesQuery(order.IdSocioVeiculoAgenda));
  const { items, setItems } = useLocalMedia();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState("");
  const pending = (linked.data ?? []).filter((s) => (s.StatusAprovacao ?? s.status) === "P");
  // The final video prompt is offered only when no final video exists (e.g. a finish refused earlier kept its video).
  const needsVideo = !order.VideoFinal;
  // With the video already on the order there is no file to keep on the device: the finish is one plain call.
  const direct = useFinishOrder({
    onSuccess: () => {
      toast.success(t.finished);
      onClose();
    },
    onError: (err) => setError(err.message || t.failed),
  });
  const ready = linked.isSuccess && pending.length === 0 && (!needsVideo || items.length > 0) && !saving && !direct.isPending;

  const confirm = async () => {
    if (!ready) return;
    setError("");
    if (!needsVideo) return direct.mutate(finishOf(details, userId));
    setSaving(true);
    try {
      // Resolves once the video and the job are saved on the device; from there the outbox owns the finish.
      await addToOutbox(items[0]!.file, finishOrderSteps(finishOf(details, userId)));
      onClose();
    } catch {
      setSaving(false);
      setError(t.queueFailed);
    }
  };

  return (
    <Modal
      open
      title={t.title}
      onClose={onClose}
      preventClose={saving || direct.isPending}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={saving || direct.isPending}>
            {t.back}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => void confirm()}
            disabled={!ready}
            aria-describedby="finalizar-requisitos"
          >
            {saving || direct.isPending ? t.saving : t.confirm}
          </button>
        </>
      }
    >
      <div className="finish-modal">
        <p>{t.text(order.NumeroOS)}</p>
        <h3 className="modal-subtitle">{t.pendingTitle}</h3>
        <QueryState
          query={linked}
          variant="card"
          loading={t.loadingServices}
          error={t.servicesFailed}
          empty={t.pendingNone}
          isEmpty={() => pending.length === 0}
        >
          {() => (
            <>
              <p className="form-error">{t.pendingBlocks(pending.length)}</p>
              <ul className="pending-services" aria-label={t.pendingTitle}>
                {pending.map((s) => (
                  <li key={s.id}>
                    <strong className="pending-service-name">{s.label}</strong>{" "}
                    <span className="status-badge status-pending">{approvalLabel(s.StatusAprovacao ?? s.status)}</span>
                    <br />
                    <span className="muted pending-service-by">{t.pendingBy(s.Usuario, dateTimeText(s.DataLog))}</span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </QueryState>
        {needsVideo ? (
          <>
            <h3 className="modal-subtitle">{t.videoTitle}</h3>
            <MediaPicker kinds={["video"]} single items={items} onChange={setItems} disabled={saving} />
          </>
        ) : (
          <p className="muted">{t.videoAttached}</p>
        )}
        <p id="finalizar-requisitos" className="muted">
          {pending.length > 0 ? t.pendingHint : needsVideo && items.length === 0 ? t.videoHint : ""}
        </p>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
      </div>
    </Modal>
  );
}

/** The finish of this order (the plain call's body, and the outbox job's last step), stamped with the day the attendant
 * confirmed (Brasília). */
function finishOf(details: AppointmentDetails, userId: string): FinishOrder {
  return {
    idSocioVeiculoAgenda: details.agendamento!.IdSocioVeiculoAgenda,
    idPontoAtendimentoUsuario: userId,
    idSocio: details.socio?.IdSocio ?? "",
    data: isoToBr(wallClock().date),
  };
}
