// The form modal once the return is saved: its new files on their way ('enviando n%', or the error with retry/discard) (main thread).
import { MEDIA_MSG } from "../../../config/messages/media.pt-BR";
import { RETURNS_MSG } from "../../../config/messages/returns.pt-BR";
import { retryJob } from "../../../lib/outbox/outbox-store";
import type { TrackedFile } from "../return-uploads";

const t = RETURNS_MSG.returns;

/** Content of the form modal after saving; the modal itself (and its preventClose) stays the same dialog. */
export function ReturnUploads({ left, onDiscard }: { left: readonly TrackedFile[]; onDiscard: (id: string) => void }) {
  return (
    <>
      <p className="returns-sending" role="status">
        {t.sendingTitle}
      </p>
      <p className="muted returns-hint">{t.sendingHint}</p>
      <ul className="pending-list" aria-label={t.pendingList}>
        {left.map((f) => (
          <PendingFile key={f.id} file={f} onDiscard={() => onDiscard(f.id)} />
        ))}
      </ul>
    </>
  );
}

function PendingFile({ file, onDiscard }: { file: TrackedFile; onDiscard: () => void }) {
  const job = file.job;
  if (job?.state === "failed") {
    return (
      <li>
        <span className="form-error">{t.failedOf(file.name, job.error ?? MEDIA_MSG.media.uploadFailed)}</span>
        <span className="row-actions">
          <button type="button" className="btn btn-small" aria-label={t.retryOf(file.name)} onClick={() => void retryJob(file.id)}>
            {MEDIA_MSG.media.retry}
          </button>
          <button type="button" className="btn btn-small" aria-label={t.discardOf(file.name)} onClick={onDiscard}>
            {t.discard}
          </button>
        </span>
      </li>
    );
  }
  const percent = !job ? 0 : job.state === "uploaded" ? 100 : Math.round(job.progress);
  return (
    <li>
      <span className="media-name">{file.name}</span>
      <span className="media-state">{job && job.state !== "stored" && job.state !== "compressing" ? t.uploading(percent) : t.waiting}</span>
      <progress max={100} value={percent} aria-label={t.progressOf(file.name)} />
    </li>
  );
}
