// A finish on its way: the outbox job that attaches the final video then finishes the order, and its progress on the OS screen
// (the modal that queues it is finish-order-modal.tsx, loaded when opened; the notice when it lands: ../finish-watcher.ts) (main thread).
import { useSnapshot } from "valtio";
import { ORDER_MSG } from "../../../config/messages/order.pt-BR";
import { outboxStore, type OutboxJobView } from "../../../lib/outbox/outbox-store";
import { jobProgressText } from "../../../lib/outbox/job-progress";
import { JobProgressCard } from "./job-progress-card";
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
  return job === "finished" ? t.finishing : jobProgressText(job, { ...t, stepping: t.finishing });
}

/** The finish on its way (or refused): real upload progress, then 'Finalizando…'; a refusal shows the server's reason with retry/discard. */
export function FinishProgress({ job }: { job: FinishState }) {
  return <JobProgressCard job={job === "finished" ? null : job} text={finishProgressText(job)} words={ORDER_MSG.finish} />;
}
