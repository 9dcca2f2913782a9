// Text shown on an agenda row while its start job is in the outbox: upload progress, 'Iniciando…', or why it failed (main thread, React hook).
import { useSnapshot } from "valtio";
import { AGENDA_MSG } from "../../../config/messages/agenda.pt-BR";
import { startProgressText, useStartJob } from "../../../lib/outbox/use-start-job";
import { startedStore } from "./start-watcher";

export function useStartProgress(appointmentId: string): string | null {
  const job = useStartJob(appointmentId);
  const { ids } = useSnapshot(startedStore);
  if (job) return startProgressText(job);
  return ids[appointmentId] ? AGENDA_MSG.startOrder.starting : null;
}
