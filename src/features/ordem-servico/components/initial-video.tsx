// The initial-video prompt of the OS screen: shown while the order has no initial video (e.g. started elsewhere). The video
// goes through the outbox with the follow-up that attaches it (and starts the order when it was not started yet) (main thread).
import { useCallback, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { ORDER_MSG } from "../../../config/messages/order.pt-BR";
import { Modal } from "../../../components/ui/modal";
import { MediaPicker } from "../../../components/media/media-picker";
import { useLocalMedia } from "../../../components/media/use-local-media";
import { isoToBr, wallClock } from "../../../domain/dates";
import { startOrderSteps } from "../../../domain/outbox-steps";
import { useOrderOutbox } from "../../../lib/outbox/use-order-outbox";
import { addToOutbox } from "../../../lib/outbox/outbox-bridge";
import type { AppointmentDetails } from "../api/order";
import { orderKeys } from "../query-options";

interface Props {
  details: AppointmentDetails;
  userId: string;
  started: boolean;
}

export function InitialVideoPrompt({ details, userId, started }: Props) {
  const t = ORDER_MSG.initialVideo;
  const order = details.agendamento!;
  const id = order.IdSocioVeiculoAgenda;
  const client = useQueryClient();
  const refresh = useCallback(() => void client.invalidateQueries({ queryKey: orderKeys.one(id) }), [client, id]);
  const jobs = useOrderOutbox(id, refresh, "atualizar-video-inicial");
  // The card is the prompt (it stays while the video is missing); the capture modal opens from it, never over the attendant's work.
  const [open, setOpen] = useState(false);
  const { items, setItems } = useLocalMedia();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState("");
  const job = jobs[jobs.length - 1];

  const send = async () => {
    const file = items[0]?.file;
    if (!file || saving) return;
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
      await addToOutbox(file, steps);
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
        {job ? (
          <p className={job.state === "failed" ? "form-error" : "start-progress"} role={job.state === "failed" ? "alert" : "status"}>
            {job.state === "failed"
              ? job.error
              : job.state === "uploading"
                ? t.uploading(job.progress)
                : ORDER_MSG.order.jobState[job.state]}
          </p>
        ) : (
          <>
            <p>{started ? t.missing : t.notStarted}</p>
            <button type="button" className="btn btn-primary" onClick={() => setOpen(true)}>
              {t.open}
            </button>
          </>
        )}
      </section>
      {open && !job && (
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
              <button type="button" className="btn btn-primary" onClick={() => void send()} disabled={items.length === 0 || saving}>
                {saving ? ORDER_MSG.finish.saving : started ? t.send : t.start}
              </button>
            </>
          }
        >
          <p>{started ? t.missing : t.notStarted}</p>
          <MediaPicker kinds={["video"]} single items={items} onChange={setItems} disabled={saving} />
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
