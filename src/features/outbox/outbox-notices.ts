// Upload notices of the indicator: what the user is told as jobs change, over the shared uploads store (main thread).
import { proxy } from "valtio/vanilla";
import { finishesOrder, startsOrder } from "../../domain/outbox-steps";
import { onOutboxChange, startOutbox as startQueue, outboxStore, type OutboxJobView } from "../../lib/outbox/outbox-store";
import type { OutboxEvent } from "../../../workers/outbox/process";
import { MSG } from "../../config/messages.pt-BR";
import { toast } from "../../lib/toast";

/** Laudos and recibos: jobs whose first step attaches the file as a laudo or a nota fiscal. */
const isDocumentJob = (job: { steps: readonly { kind: string }[] }) =>
  job.steps[0]?.kind === "adicionar-laudo" || job.steps[0]?.kind === "adicionar-nota-fiscal";

/** Files attached since the queue was last empty: told once, as a count, when nothing is left to send. */
export const noticeStore = proxy({ attachedSinceIdle: 0 });

export type OutboxNotice =
  { sent: number } | { compressing: OutboxJobView["kind"] } | { video: "sent" | "failed" | "network" } | { waiting: string };

/**
 * What the user should be told after one applied event: a video sent, failed or waiting for the network (the spec's
 * video toasts), other files counted once the queue empties, or a compression start.
 */
export function noticeFor(e: OutboxEvent, before: OutboxJobView | undefined): OutboxNotice | null {
  if (e.type !== "state") return null;
  // The server asked the file to wait and said why: told once when the wait begins (the indicator keeps showing it).
  if (e.notice) return before?.waiting === e.notice ? null : { waiting: e.notice };
  const video = e.job.kind === "video";
  if (e.job.state === "attached") {
    // A start or finish job's success is told by its screen ('Ordem de Serviço iniciada…', 'OS finalizada…'), not as a sent video.
    if (video) return startsOrder(e.job) || finishesOrder(e.job) ? null : { video: "sent" };
    // A laudo or recibo is told by its own screen ('Laudo adicionado…', 'Recibo adicionado…'), so it is not counted here.
    if (!isDocumentJob(e.job)) noticeStore.attachedSinceIdle++;
    if (Object.values(outboxStore.jobs).some((j) => j.state !== "failed")) return null;
    const sent = noticeStore.attachedSinceIdle;
    noticeStore.attachedSinceIdle = 0;
    return sent ? { sent } : null;
  }
  if (e.job.state === "compressing" && before?.state !== "compressing") return { compressing: e.job.kind };
  // Once the file is stored a failure is a refused follow-up (e.g. the start): the indicator shows the server's message instead.
  if (video && e.job.state === "failed" && before?.state !== "failed" && !e.job.storedName) return { video: "failed" };
  // Told once per job, on the first attempt that got no answer; the outbox keeps retrying on its own.
  if (video && e.job.retryReason === "network" && e.job.attempts === 1) return { video: "network" };
  return null;
}

/** Starts the outbox for the signed-in session (the session store hands the token and owner to the uploader). */
export const startOutbox = () => startQueue();

export const onOutboxNotice = (listener: (notice: OutboxNotice) => void) =>
  onOutboxChange((e, before) => {
    const notice = noticeFor(e, before);
    if (notice) listener(notice);
  });

let showing = false;
/**
 * Tells the attendant about files sent, failed or being compressed, with toasts, for the tab's lifetime. Registered by the
 * shell's background work before the queue starts (and so before any file can be queued, see addToOutbox), not by the
 * indicator's mount: a file sent while the indicator's code was still loading was told nothing.
 */
export function showOutboxNotices(): void {
  if (showing) return;
  showing = true;
  onOutboxNotice((notice) => {
    if ("sent" in notice) toast.success(MSG.media.sent(notice.sent));
    else if ("waiting" in notice) toast.warning(notice.waiting);
    else if ("video" in notice) {
      if (notice.video === "sent") toast.success(MSG.media.videoSent);
      else toast.error(notice.video === "network" ? MSG.media.videoNetwork : MSG.media.videoFailed);
    } else if (notice.compressing === "video") toast.info(MSG.media.compressingVideo);
    else if (notice.compressing === "image") toast.info(MSG.media.compressingImage);
  });
}
