// Starting an order from the agenda: confirmation, then the mandatory initial video (its plate checked against the order's),
// then ONE durable outbox job that attaches the video and starts the order, and at once the OS screen, which shows the start
// on its way and offers the member's follow link (main thread).
import { useLayoutEffect, useRef, useState } from "react";
import { useLocation } from "wouter";
import { PATHS } from "../../../config/paths";
import { AGENDA_MSG } from "../../../config/messages/agenda.pt-BR";
import { Modal } from "../../../components/ui/modal";
import { MediaPicker } from "../../../components/media/media-picker";
import { VideoPlateCheck } from "../../../components/media/video-plate-check";
import { useLocalMedia } from "../../../components/media/use-local-media";
import { isoToBr, wallClock } from "../../../domain/dates";
import { displayPlate } from "../../../domain/plate";
import { startOrderSteps } from "../../../domain/outbox-steps";
import { addToOutbox } from "../../../lib/outbox/outbox-bridge";
import { useVideoPlateCheck, type VideoPlateDeps } from "../../../lib/capture/use-video-plate-check";
import { markFollowOffer } from "../../../lib/follow-offer";
import type { AgendaRow } from "../api/agendamentos";

interface Props {
  appointment: AgendaRow;
  userId: string;
  pointId: string;
  onClose: () => void;
  /** The plate check's reader (the OCR worker unless a test passes its own; a stable object). */
  plateDeps?: VideoPlateDeps;
}

export function StartOrderFlow({ appointment: a, userId, onClose, plateDeps }: Props) {
  const [step, setStep] = useState<"confirm" | "video">("confirm");
  const { items, setItems } = useLocalMedia();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState("");
  const [, navigate] = useLocation();
  const content = useRef<HTMLDivElement>(null);
  const t = AGENDA_MSG.startOrder;
  const plate = useVideoPlateCheck(items[0]?.file ?? null, a.Placa, plateDeps);
  const checked = plate.state.kind === "done" ? plate.state.outcome : null;
  // The confirm button leaves the DOM with its step: move focus into the new step rather than losing it to the page.
  useLayoutEffect(() => {
    if (step === "video") content.current?.focus();
  }, [step]);

  const start = async () => {
    const file = items[0]?.file;
    if (!file || !checked || saving) return;
    setSaving(true);
    setError("");
    // The moment the attendant confirmed is the start time, however late the job reaches the server.
    const now = wallClock();
    const steps = startOrderSteps({
      idSocioVeiculoAgenda: a.IdSocioVeiculoAgenda,
      idPontoAtendimentoUsuario: userId,
      idSocio: a.IdSocio,
      data: isoToBr(now.date),
      hora: now.time,
    });
    try {
      // Resolves once the video and the job are saved on the device; from there the outbox owns the start, and the attendant
      // goes on with the order at once, whatever the network: the OS screen follows the job (issue 37: 8.5 s on a throttled
      // phone waiting for the upload). Replacing the dialog's history entry: back from the order returns to the agenda.
      await addToOutbox(file, steps, { videoPlate: checked });
      markFollowOffer(a.IdSocioVeiculoAgenda);
      onClose();
      navigate(PATHS.order(a.IdSocioVeiculoAgenda), { replace: true });
    } catch {
      setSaving(false);
      setError(t.queueFailed);
    }
  };

  const vehicle = [a.Marca, a.Veiculo, a.Ano].filter(Boolean).join(" ");
  return (
    <Modal
      open
      title={step === "confirm" ? t.confirmTitle : t.videoTitle}
      onClose={onClose}
      preventClose={step === "video"}
      footer={
        step === "confirm" ? (
          <>
            <button type="button" className="btn" onClick={onClose}>
              {t.cancel}
            </button>
            <button type="button" className="btn btn-primary" onClick={() => setStep("video")}>
              {t.confirm}
            </button>
          </>
        ) : (
          <>
            <button type="button" className="btn" onClick={onClose} disabled={saving}>
              {t.back}
            </button>
            <button type="button" className="btn btn-primary" onClick={() => void start()} disabled={!checked || saving}>
              {saving ? t.saving : t.start}
            </button>
          </>
        )
      }
    >
      {step === "confirm" ? (
        <>
          <p>{t.confirmText(a.NumeroOS)}</p>
          <dl className="start-summary">
            <dt>{t.os}</dt>
            <dd>{a.NumeroOS}</dd>
            <dt>{t.member}</dt>
            <dd>{a.Nome}</dd>
            <dt>{t.vehicle}</dt>
            <dd>{vehicle}</dd>
            <dt>{t.plate}</dt>
            <dd>{displayPlate(a.Placa)}</dd>
          </dl>
        </>
      ) : (
        <div ref={content} tabIndex={-1} className="start-video">
          <p>{t.videoText}</p>
          <p className="muted">
            {AGENDA_MSG.agenda.osLabel(a.NumeroOS)} · {vehicle} · {displayPlate(a.Placa)}
          </p>
          <MediaPicker kinds={["video"]} single items={items} onChange={setItems} disabled={saving} />
          <VideoPlateCheck state={plate.state} orderPlate={a.Placa} onConfirm={plate.confirm} onChooseAnother={() => setItems([])} />
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
        </div>
      )}
    </Modal>
  );
}
