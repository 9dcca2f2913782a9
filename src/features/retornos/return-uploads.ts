// Photos and videos of a return through the durable outbox (main thread).
//
// Why the return is saved FIRST and each file then attaches itself: the return (appointment, type, status, description) reaches
// the server at once, and every file becomes an outbox job whose follow-up step adds its stored name to that return
// (POST /retorno-servico/atualizar-arquivos, which only adds a name once). The file is saved on the device before anything else,
// so a reload, a closed tab or a lost connection only delays it: the uploader resumes the job on the next start and the step
// still knows which return it belongs to. The other order (upload everything, then save the return with the names) would lose
// the typed form and leave stored files unattached whenever the page went away in between.
import { useMemo } from "react";
import { useSnapshot } from "valtio";
import { proxy } from "valtio/vanilla";
import { toast } from "../../lib/toast";
import { MEDIA_MSG } from "../../config/messages/media.pt-BR";
import { returnFileSteps, type StepKind } from "../../domain/outbox-steps";
import { kindOfType, releaseLocalMedia, type LocalMedia } from "../../lib/capture/local-media";
import { discardJob, onJobAttached, outboxStore, type OutboxJobView } from "../../lib/outbox/outbox-store";
import { addToOutbox } from "../../lib/outbox/outbox-bridge";

export const RETURN_STEPS: readonly StepKind[] = ["anexar-foto-retorno", "anexar-video-retorno"];
/** A job whose follow-up adds its file to a service return. */
export const isReturnJob = (job: { steps: readonly { kind: StepKind }[] }) => RETURN_STEPS.includes(job.steps[0]?.kind as StepKind);

export interface SentFile {
  id: string;
  name: string;
}

/** Saves each file in the outbox with the step that adds it to the return; the preview URLs are freed either way. */
export async function enqueueReturnFiles(returnId: string, items: readonly LocalMedia[]): Promise<SentFile[]> {
  const sent: SentFile[] = [];
  for (const item of items) {
    const kind = kindOfType(item.type) === "video" ? "anexar-video-retorno" : "anexar-foto-retorno";
    try {
      sent.push({ id: await addToOutbox(item.file, returnFileSteps(kind, returnId)), name: item.name });
    } catch {
      toast.error(MEDIA_MSG.media.uploadFailed);
    } finally {
      releaseLocalMedia(item);
    }
  }
  return sent;
}

export interface TrackedFile {
  id: string;
  name: string;
  job: OutboxJobView | undefined;
}

// Attached (or discarded) return jobs, recorded from the moment this module loads, so a file that lands before the modal's
// first render after saving is never missed.
const finished = proxy<{ ids: Record<string, true> }>({ ids: {} });
onJobAttached((job) => {
  if (isReturnJob(job)) finished.ids[job.id] = true;
});

/**
 * The given jobs until each is attached (its name is on the return) or discarded: those left, with their outbox view
 * (undefined until the worker first reports it). `busy`: some file is still on its way (not failed).
 */
export function useReturnUploads(files: readonly SentFile[]) {
  const { jobs } = useSnapshot(outboxStore);
  const { ids } = useSnapshot(finished);
  const left: TrackedFile[] = useMemo(
    () => files.filter((f) => !ids[f.id]).map((f) => ({ ...f, job: jobs[f.id] as OutboxJobView | undefined })),
    [files, ids, jobs],
  );
  const discard = async (id: string) => {
    finished.ids[id] = true;
    await discardJob(id);
  };
  return { left, busy: left.some((f) => f.job?.state !== "failed"), discard };
}
