// A finish on its way: the outbox job that attaches the final video then finishes the order, and its progress on the OS screen
// (the modal that queues it is finish-order-modal.tsx, loaded when opened; the notice when it lands: ../finish-watcher.ts) (main thread).
import { useSnapshot } from "valtio";
import { ORDER_MSG } from "../../../config/messages/order.pt-BR";
import { discardJob, retryJob, outboxStore, type OutboxJobView } from "../../../lib/outbox/outbox-store";
import { finishedStore } from "../finish-watcher";

export type FinishState = OutboxJobView | "finished";

/** The newest finish job of this order still in the outbox, or "finished" once one landed here (until the order shows 'C'). */
export function useFinishJob(orderId: string): FinishState | null {
  const { jobs } = useSnapshot(outboxStore);
  const { ids } = useSnapshot(finishedStore);
  const job = Object.values(jobs)
    .filter((j) => j.orderId === orderId && j.kinds.includes("concluir"))
    .sort((a, b) => b.createdAt - a.createdAt)[0];
  if (job) return job as OutboxJobView;
  return ids[orderId] ? "finished" : null;
}

export function finishProgressText(job: FinishState): string {
  const t = ORDER_MSG.finish;
  if (job === "finished") return t.finishing;
  switch (job.state) {
    case "failed":
      return job.error ?? t.failed;
    case "stored":
    case "compressing":
      return t.preparing;
    case "uploading":
      return job.retryReason === "network" ? t.offline(job.progress) : t.uploading(job.progress);
    default:
      return t.finishing;
  }
}

/** The finish on its way (or refused): real upload progress, then 'Finalizando…'; a refusal shows the server's reason with retry/discard. */
export function FinishProgress({ job }: { job: FinishState }) {
  const t = ORDER_MSG.finish;
  const failed = job !== "finished" && job.state === "failed";
  return (
    <div className={`card finish-progress${failed ? " is-failed" : ""}`} role={failed ? "alert" : "status"}>
      <p className={failed ? "form-error" : "start-progress"}>{failed ? t.refused(finishProgressText(job)) : finishProgressText(job)}</p>
      {job !== "finished" && job.state === "uploading" && <progress max={100} value={job.progress} aria-label={t.progressLabel} />}
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
