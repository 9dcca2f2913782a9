// Upload notices of the indicator: what the user is told as jobs change, over the shared uploads store (main thread).
import { onOutboxChange, onQueueDrained, startOutbox as startQueue, type OutboxJobView } from "../../lib/outbox/outbox-store";
import type { OutboxEvent } from "../../../workers/outbox/process";
import { MEDIA_MSG } from "../../config/messages/media.pt-BR";
import { isOnline } from "../../lib/offline/network";
import { toast } from "../../lib/toast";
import { compresses } from "../../domain/compression";

/** Laudos and recibos: jobs whose first step attaches the file as a laudo or a nota fiscal. */
export const isDocumentJob = (job: { steps: readonly { kind: string }[] }) =>
  job.steps[0]?.kind === "adicionar-laudo" || job.steps[0]?.kind === "adicionar-nota-fiscal";

export type OutboxNotice =
  | { sent: number }
  /** `id`: the job, so the toast goes away when its compression ends (`compressed`). */
  | { compressing: OutboxJobView["kind"]; id: string }
  | { compressed: string }
  | { video: "sent" | "failed" | "network" }
  | { waiting: string };

/**
 * What the user should be told after one applied event while files are on their way: why the server asks a file to wait, a
 * compression start, a video refused or cut off (the spec's video toasts). Nothing here says a file was sent: that is told
 * once the queue drains (`drainNotice`), when the server has every file attached.
 */
export function noticeFor(e: OutboxEvent, before: OutboxJobView | undefined, online = isOnline()): OutboxNotice | null {
  if (e.type !== "state") return null;
  // The server asked the file to wait and said why: told once when the wait begins (the indicator keeps showing it).
  if (e.notice) return before?.waiting === e.notice ? null : { waiting: e.notice };
  const video = e.job.kind === "video";
  // Told only for a file that is really compressed (a small one goes as it is: 'Comprimindo…' beside its 'Enviando 6%' contradicted
  // the card), and taken away when the compression ends, as the card's row moves on.
  if (e.job.state === "compressing" && before?.state !== "compressing")
    return compresses(e.job.kind, e.job.size) ? { compressing: e.job.kind, id: e.job.id } : null;
  if (before?.state === "compressing" && e.job.state !== "compressing") return { compressed: e.job.id };
  // Once the file is stored a failure is a refused follow-up (e.g. the start): the indicator shows the server's message instead.
  if (video && e.job.state === "failed" && before?.state !== "failed" && !e.job.storedName) return { video: "failed" };
  // The connection dropped while the app thought it was online: told once per job (the outbox keeps retrying on its own). A video
  // captured while the app already shows it is offline is simply saved on the device, as its row says: no error for it.
  if (video && online && e.job.retryReason === "network" && e.job.attempts === 1) return { video: "network" };
  return null;
}

/**
 * The queue drained: one message for what reached the server since it was last empty. A single file keeps the spec's own
 * toast ('Vídeo enviado…', 'Arquivo enviado…'; a lone laudo or recibo is told by its screen's watcher,
 * ordem-servico/document-watcher.ts); several files, whatever their kind, are one count.
 */
export function drainNotice(landed: readonly { kind: OutboxJobView["kind"]; steps: readonly { kind: string }[] }[]): OutboxNotice | null {
  if (landed.length === 0) return null;
  if (landed.length > 1) return { sent: landed.length };
  const [job] = landed;
  if (isDocumentJob(job!)) return null;
  return job!.kind === "video" ? { video: "sent" } : { sent: 1 };
}

/** Starts the outbox for the signed-in session (the session store hands the token and owner to the uploader). */
export const startOutbox = () => startQueue();

export function onOutboxNotice(listener: (notice: OutboxNotice) => void) {
  const offChange = onOutboxChange((e, before) => {
    const notice = noticeFor(e, before);
    if (notice) listener(notice);
  });
  const offDrain = onQueueDrained((landed) => {
    const notice = drainNotice(landed);
    if (notice) listener(notice);
  });
  return () => {
    offChange();
    offDrain();
  };
}

/** The id of a job's compression toast. */
const compressionToast = (jobId: string) => `compressao-${jobId}`;

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
    if ("sent" in notice) toast.success(MEDIA_MSG.media.sent(notice.sent));
    else if ("waiting" in notice) toast.warning(notice.waiting);
    else if ("video" in notice) {
      if (notice.video === "sent") toast.success(MEDIA_MSG.media.videoSent);
      else toast.error(notice.video === "network" ? MEDIA_MSG.media.videoNetwork : MEDIA_MSG.media.videoFailed);
    } else if ("compressed" in notice) toast.dismiss(compressionToast(notice.compressed));
    else if (notice.compressing === "video") toast.info(MEDIA_MSG.media.compressingVideo, { id: compressionToast(notice.id) });
    else if (notice.compressing === "image") toast.info(MEDIA_MSG.media.compressingImage, { id: compressionToast(notice.id) });
  });
}
