// The initial-video prompt of the OS screen: shown while the order has no initial video (e.g. started elsewhere). The video
// goes through the outbox with the follow-up that attaches it (and starts the order when it was not started yet); while one is
// on its way (the agenda's start, or this prompt's) the card lists it as a queued file instead of asking again. The chosen
// video's plate is checked against the order's before it is accepted, as in the agenda's start (main thread).
import { useCallback, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { ORDER_MSG } from "../../../config/messages/order.pt-BR";
import { Modal } from "../../../components/ui/modal";
import { MediaPicker } from "../../../components/media/media-picker";
import { VideoPlateCheck } from "../../../components/media/video-plate-check";
import { OutboxFileList } from "../../../components/media/outbox-files";
import { useLocalMedia } from "../../../components/media/use-local-media";
import { isoToBr, wallClock } from "../../../domain/dates";
import type { OutboxJob } from "../../../domain/outbox-job";
import { startOrderSteps, startsOrder } from "../../../domain/outbox-steps";
import { useOrderFiles } from "../../../lib/outbox/use-order-outbox";
import { addToOutbox } from "../../../lib/outbox/outbox-bridge";
import { useVideoPlateCheck, type VideoPlateDeps } from "../../../lib/capture/use-video-plate-check";
import { markFollowOffer } from "../../../lib/follow-offer";
import type { OutboxJobView } from "../../../lib/outbox/outbox-store";
import type { AppointmentDetails } from "../api/order";
import { orderKeys } from "../query-options";

/** The order's initial video on its way, and just sent ('Enviado') until the order's next read shows it. */
function useInitialVideoJobs(orderId: string): readonly OutboxJobView[] {
  const client = useQueryClient();
  // A video sent alone landed: the order's next read has it. A start's landing refreshes the order through the start watcher.
  const refresh = useCallback(
    (job: OutboxJob) => {
      if (!startsOrder(job)) void client.invalidateQueries({ queryKey: orderKeys.one(orderId) });
    },
    [client, orderId],
  );
  return useOrderFiles(orderId, refresh, "atualizar-video-inicial", undefined);
}

function QueuedInitialVideo({ jobs }: { jobs: readonly OutboxJobView[] }) {
  return <OutboxFileList jobs={jobs} label={ORDER_MSG.initialVideo.queued} />;
}

/** The card alone, for a start on its way on an order whose data this device has not read yet (offline, never opened). */
export function InitialVideoQueue({ orderId }: { orderId: string }) {
  const jobs = useInitialVideoJobs(orderId);
  if (jobs.length === 0) return null;
  return (
    <section className="card initial-video" aria-labelledby="video-inicial-titulo">
      <h2 id="video-inicial-titulo" className="card-title">
        {ORDER_MSG.initialVideo.title}
      </h2>
      <QueuedInitialVideo jobs={jobs} />
    </section>
  );
}

interface Props {
  details: AppointmentDetails;
  userId: string;
  started: boolean;
  /** The plate check's reader (the OCR worker unless a test passes its own; a stable object). */
  plateDeps?: VideoPlateDeps;
}

export function InitialVideoPrompt({ details, userId, started, plateDeps }: Props) {
  const t = ORDER_MSG.initialVideo;
  const order = details.agendamento!;
  const id = order.IdSocioVeiculoAgenda;
  const jobs = useInitialVideoJobs(id);
  // The card is the prompt (it stays while the video is missing); the capture modal opens from it, never over the attendant's work.
  const [open, setOpen] = useState(false);
  const { items, setItems } = useLocalMedia();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState("");
  const orderPlate = details.socioVeiculo?.Placa ?? "";
  const plate = useVideoPlateCheck(open ? (items[0]?.file ?? null) : null, orderPlate, plateDeps);
  const checked = plate.state.kind === "done" ? plate.state.outcome : null;
  // A video already on its way (or just sent): never ask for a second one.
  const queued = jobs.length > 0;

  const send = async () => {
    const file = items[0]?.file;
    if (!file || !checked || saving) return;
    setSaving(true);
    setError("");
    const now = wallClock();
    // Started elsewhere: only attach the video. Not started yet: attach it, then start, exactly as the agenda does.
    const steps = started
      ? [{ kind: "atualizar-video-inicial" as const, body: { idSocioVeiculoAgenda: id } }]
      : startOrderSteps({
          idSocioVeiculoAgenda: id,
          idPontoAtendimentoUsuario: userId,
          idSocio: details.socio?.IdSocio ?? "",
          data: isoToBr(now.date),
          hora: now.time,
        });
    try {
      await addToOutbox(file, steps, { videoPlate: checked });
      // An order this card started offers the member's follow link, as the agenda's start does.
      if (!started) markFollowOffer(id);
      setItems([]);
      setOpen(false);
    } catch {
      setError(t.queueFailed);
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <section className="card initial-video" aria-labelledby="video-inicial-titulo">
        <h2 id="video-inicial-titulo" className="card-title">
          {t.title}
        </h2>
        {queued ? (
          <QueuedInitialVideo jobs={jobs} />
        ) : (
          <>
            <p>{started ? t.missing : t.notStarted}</p>
            <button type="button" className="btn btn-primary" onClick={() => setOpen(true)}>
              {t.open}
            </button>
          </>
        )}
      </section>
      {open && !queued && (
        <Modal
          open
          title={t.title}
          onClose={() => setOpen(false)}
          preventClose={saving}
          footer={
            <>
              <button type="button" className="btn" onClick={() => setOpen(false)} disabled={saving}>
                {t.later}
              </button>
              <button type="button" className="btn btn-primary" onClick={() => void send()} disabled={!checked || saving}>
                {saving ? ORDER_MSG.finish.saving : started ? t.send : t.start}
              </button>
            </>
          }
        >
          <p>{started ? t.missing : t.notStarted}</p>
          <MediaPicker kinds={["video"]} single items={items} onChange={setItems} disabled={saving} />
          <VideoPlateCheck state={plate.state} orderPlate={orderPlate} onConfirm={plate.confirm} onChooseAnother={() => setItems([])} />
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
        </Modal>
      )}
    </>
  );
}
