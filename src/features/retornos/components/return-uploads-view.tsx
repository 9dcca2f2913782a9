// The form modal once the return is saved: its new files on their way, in the outbox's one vocabulary ('Salvo no aparelho',
// 'Enviando NN%', 'Falhou — tentar de novo' with Descartar) (main thread).
import { MEDIA_MSG } from "../../../config/messages/media.pt-BR";
import { OUTBOX_MSG } from "../../../config/messages/outbox.pt-BR";
import { RETURNS_MSG } from "../../../config/messages/returns.pt-BR";
import { useOnline } from "../../../lib/offline/network";
import { fileStateOf, fileStateText, sendingPercent } from "../../../lib/outbox/file-state";
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
  const online = useOnline();
  const job = file.job;
  const f = OUTBOX_MSG.fileState;
  if (job?.state === "failed") {
    return (
      <li>
        <span className="media-name">{file.name}</span> <span className="form-error">{job.error ?? MEDIA_MSG.media.uploadFailed}</span>
        <span className="row-actions">
          <button type="button" className="btn btn-small" aria-label={f.failedOf(file.name)} onClick={() => void retryJob(file.id)}>
            {f.failed}
          </button>
          <button type="button" className="btn btn-small" aria-label={t.discardOf(file.name)} onClick={onDiscard}>
            {t.discard}
          </button>
        </span>
      </li>
    );
  }
  // Before the worker first reports the job, the file is already saved on the device (addToOutbox saved it).
  const state = job ? fileStateOf(job, online) : "saved";
  return (
    <li>
      <span className="media-name">{file.name}</span> <span className="media-state">{job ? fileStateText(job, online) : f.saved}</span>
      {state === "sending" && job && <progress max={100} value={sendingPercent(job)} aria-label={f.progressOf(file.name)} />}
    </li>
  );
}
