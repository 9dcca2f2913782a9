// Text shown on an agenda row while its start job is in the outbox: upload progress, 'Iniciando…', or why it failed (main thread, React hook).
import { useSnapshot } from "valtio";
import { AGENDA_MSG } from "../../../config/messages/agenda.pt-BR";
import { outboxStore, type OutboxJobView } from "../../../lib/outbox/outbox-store";
import { startedStore } from "./start-watcher";

export function startProgressText(job: Pick<OutboxJobView, "state" | "progress" | "error" | "retryReason">): string {
  switch (job.state) {
    case "failed":
      return job.error ?? AGENDA_MSG.startOrder.failed;
    case "stored":
    case "compressing":
      return AGENDA_MSG.startOrder.preparing;
    case "uploading":
      return job.retryReason === "network" ? AGENDA_MSG.startOrder.offline(job.progress) : AGENDA_MSG.startOrder.uploading(job.progress);
    default:
      return AGENDA_MSG.startOrder.starting;
  }
}

export function useStartProgress(appointmentId: string): string | null {
  const { jobs } = useSnapshot(outboxStore);
  const { ids } = useSnapshot(startedStore);
  // The newest start of this order (an older failed one may still wait for a retry or a discard).
  const job = Object.values(jobs)
    .filter((j) => j.startsOrder && j.orderId === appointmentId)
    .sort((a, b) => b.createdAt - a.createdAt)[0];
  if (job) return startProgressText(job);
  return ids[appointmentId] ? AGENDA_MSG.startOrder.starting : null;
}
