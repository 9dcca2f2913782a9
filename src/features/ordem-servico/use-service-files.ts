// A linked service's photos and video on their way: each file one outbox job whose step attaches it to the link once stored,
// and which link each of the order's such jobs belongs to (read from the jobs' own steps, so it survives a reload) (main thread).
import { useEffect, useMemo, useState } from "react";
import { kindOfType } from "../../lib/capture/local-media";
import type { FollowUpStep } from "../../domain/outbox-steps";
import { addToOutbox, listOutbox } from "../../lib/outbox/outbox-bridge";
import { useOrderOutbox } from "../../lib/outbox/use-order-outbox";
import type { OutboxJobView } from "../../lib/outbox/outbox-store";
import type { ServiceFileKind } from "./api/order";

export const SERVICE_FILE_STEP = "anexar-arquivo-servico" as const;
/** The linked service's slots on the server: Foto1..3 and Video. */
export const MAX_SERVICE_PHOTOS = 3;
export const MAX_SERVICE_VIDEOS = 1;

/** The one step of a service file's job: attach the stored name to the link (the order rides along so the job is the order's). */
export function serviceFileSteps(orderId: string, linkId: string, tipo: ServiceFileKind): Omit<FollowUpStep, "done">[] {
  return [{ kind: SERVICE_FILE_STEP, body: { idSocioVeiculoAgenda: orderId, idSocioVeiculoAgendaExecucaoServico: linkId, tipo } }];
}

// Jobs queued in this tab, known at once; others (after a reload) are read from the outbox's saved jobs.
const knownLinks = new Map<string, string>();

/**
 * Saves each file on the device as an outbox job attaching it to the link (photos first, then the video). Resolves with the
 * number of files that could not be saved; the ones saved are sent and attached by the outbox, whatever the screen does.
 */
export async function queueServiceFiles(orderId: string, linkId: string, files: readonly File[]): Promise<number> {
  let failed = 0;
  for (const file of files) {
    const tipo: ServiceFileKind = kindOfType(file.type) === "video" ? "video" : "foto";
    try {
      knownLinks.set(await addToOutbox(file, serviceFileSteps(orderId, linkId, tipo)), linkId);
    } catch {
      failed++;
    }
  }
  return failed;
}

const linkOfSteps = (steps: readonly FollowUpStep[]) => {
  const id = steps.find((s) => s.kind === SERVICE_FILE_STEP)?.body.idSocioVeiculoAgendaExecucaoServico;
  return typeof id === "string" ? id : undefined;
};

/**
 * The order's service-file jobs grouped by link id, oldest first; `onAttached` runs when one of them lands (the linked list
 * refetches and shows the file as the service's).
 */
export function useServiceFiles(orderId: string, onAttached: () => void): ReadonlyMap<string, readonly OutboxJobView[]> {
  const jobs = useOrderOutbox(orderId, onAttached, SERVICE_FILE_STEP);
  const [resolved, setResolved] = useState<ReadonlyMap<string, string>>(new Map());
  const unknown = jobs
    .filter((j) => !knownLinks.has(j.id) && !resolved.has(j.id))
    .map((j) => j.id)
    .join(",");
  useEffect(() => {
    if (!unknown) return;
    let live = true;
    void listOutbox().then((saved) => {
      if (!live) return;
      const found = new Map<string, string>();
      for (const job of saved) {
        const link = linkOfSteps(job.steps);
        if (link) found.set(job.id, link);
      }
      setResolved((before) => new Map([...before, ...found]));
    });
    return () => {
      live = false;
    };
  }, [unknown]);
  return useMemo(() => {
    const byLink = new Map<string, OutboxJobView[]>();
    for (const job of jobs) {
      const link = knownLinks.get(job.id) ?? resolved.get(job.id);
      if (!link) continue;
      byLink.set(link, [...(byLink.get(link) ?? []), job]);
    }
    return byLink;
  }, [jobs, resolved]);
}
