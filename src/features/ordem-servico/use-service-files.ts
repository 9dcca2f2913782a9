// A linked service's photos and video on their way: each file one outbox job whose step attaches it to the link once stored,
// and the order's such jobs grouped by the link their step names (main thread).
import { useMemo } from "react";
import { kindOfType } from "../../lib/capture/local-media";
import { serviceFileSteps } from "../../domain/outbox-steps";
import { addToOutbox } from "../../lib/outbox/outbox-bridge";
import { useOrderOutbox } from "../../lib/outbox/use-order-outbox";
import type { OutboxJobView } from "../../lib/outbox/outbox-store";
import type { ServiceFileKind } from "./api/order";

export const SERVICE_FILE_STEP = "anexar-arquivo-servico" as const;
/** The linked service's slots on the server: Foto1..3 and Video. */
export const MAX_SERVICE_PHOTOS = 3;
export const MAX_SERVICE_VIDEOS = 1;

/**
 * Saves each file on the device as an outbox job attaching it to the link (photos first, then the video). Resolves with the
 * number of files that could not be saved; the ones saved are sent and attached by the outbox, whatever the screen does.
 */
export async function queueServiceFiles(orderId: string, linkId: string, files: readonly File[]): Promise<number> {
  let failed = 0;
  for (const file of files) {
    const tipo: ServiceFileKind = kindOfType(file.type) === "video" ? "video" : "foto";
    try {
      await addToOutbox(file, serviceFileSteps(orderId, linkId, tipo));
    } catch {
      failed++;
    }
  }
  return failed;
}

/**
 * The order's service-file jobs grouped by link id (each job's view names its link, read from its own step, so it survives a
 * reload), oldest first; `onAttached` runs when one of them lands (the linked list refetches and shows the file as the service's).
 */
export function useServiceFiles(orderId: string, onAttached: () => void): ReadonlyMap<string, readonly OutboxJobView[]> {
  const jobs = useOrderOutbox(orderId, onAttached, SERVICE_FILE_STEP);
  return useMemo(() => {
    const byLink = new Map<string, OutboxJobView[]>();
    for (const job of jobs) {
      if (!job.serviceLinkId) continue;
      byLink.set(job.serviceLinkId, [...(byLink.get(job.serviceLinkId) ?? []), job]);
    }
    return byLink;
  }, [jobs]);
}
