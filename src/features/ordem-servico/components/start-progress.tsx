// An order's start on its way, on the OS screen: the outbox job that sends the initial video and then starts the order, in the
// agenda row's words, with the video's progress, and a refusal's reason with retry and discard (main thread).
import { ORDER_MSG } from "../../../config/messages/order.pt-BR";
import { JobProgressCard } from "./job-progress-card";
import { startProgressText, useStartJob } from "../../../lib/outbox/use-start-job";

/** Follows the order's start itself, so the video's progress re-renders this card alone, not the whole screen. */
export function StartProgress({ orderId }: { orderId: string }) {
  const job = useStartJob(orderId);
  return job ? <JobProgressCard job={job} text={startProgressText(job)} words={ORDER_MSG.start} className="start-progress-card" /> : null;
}
