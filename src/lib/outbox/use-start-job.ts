// An order's start on its way: the outbox job that sends the initial video and then starts the order, and how it stands in
// words, for the agenda's row and the OS screen alike (main thread, React hook).
import { useSnapshot } from "valtio";
import { START_ORDER_MSG } from "../../config/messages/start-order.pt-BR";
import { jobProgressText } from "./job-progress";
import { outboxStore, type OutboxJobView } from "./outbox-store";

const newestStart = (jobs: Record<string, OutboxJobView>, orderId: string) =>
  Object.values(jobs)
    .filter((j) => j.startsOrder && j.orderId === orderId)
    .sort((a, b) => b.createdAt - a.createdAt)[0];

/**
 * The newest start of this order still in the outbox (an older failed one may still wait for a retry or a discard), else the
 * one attached in this tab (state 'attached': the order is started on the server, the screen's data may not say so yet).
 */
export function useStartJob(orderId: string): OutboxJobView | null {
  const { jobs, landed } = useSnapshot(outboxStore);
  return (newestStart(jobs, orderId) ?? newestStart(landed, orderId) ?? null) as OutboxJobView | null;
}

/**
 * Whether this order's start is on its way ("sending": in the outbox, failed included) or has just landed in this tab
 * ("landed"), or neither: what a whole screen needs to know, without re-rendering it on every percent of the video's upload
 * (only the job's state is read; `useStartJob` follows the progress, for the part of the screen that shows it).
 */
export function useOrderStarting(orderId: string): "sending" | "landed" | null {
  const { jobs, landed } = useSnapshot(outboxStore);
  if (newestStart(jobs, orderId)) return "sending";
  return newestStart(landed, orderId) ? "landed" : null;
}

/** Where the start stands: preparing the video, sending it (or waiting for the network), starting, or why it failed. */
export const startProgressText = (job: Pick<OutboxJobView, "state" | "progress" | "error" | "retryReason">): string =>
  jobProgressText(job, { ...START_ORDER_MSG, stepping: START_ORDER_MSG.starting });
