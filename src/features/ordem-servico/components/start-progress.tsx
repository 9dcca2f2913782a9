// An order's start on its way, on the OS screen: the outbox job that sends the initial video and then starts the order, in the
// agenda row's words, with the video's progress, and a refusal's reason with retry and discard (main thread).
import { ORDER_MSG } from "../../../config/messages/order.pt-BR";
import { discardJob, retryJob, type OutboxJobView } from "../../../lib/outbox/outbox-store";
import { startProgressText, useStartJob } from "../../../lib/outbox/use-start-job";

/** Follows the order's start itself, so the video's progress re-renders this card alone, not the whole screen. */
export function StartProgress({ orderId }: { orderId: string }) {
  const job = useStartJob(orderId);
  return job ? <StartProgressCard job={job} /> : null;
}

function StartProgressCard({ job }: { job: OutboxJobView }) {
  const t = ORDER_MSG.start;
  const failed = job.state === "failed";
  const text = startProgressText(job);
  return (
    <div className={`card finish-progress start-progress-card${failed ? " is-failed" : ""}`} role={failed ? "alert" : "status"}>
      <p className={failed ? "form-error" : "start-progress"}>{failed ? t.refused(text) : text}</p>
      {job.state === "uploading" && <progress max={100} value={job.progress} aria-label={t.progressLabel} />}
      {failed && (
        <div className="row-actions">
          <button type="button" className="btn" onClick={() => void retryJob(job.id)}>
            {t.retry}
          </button>
          <button type="button" className="btn" onClick={() => void discardJob(job.id)}>
            {t.discard}
          </button>
        </div>
      )}
    </div>
  );
}
