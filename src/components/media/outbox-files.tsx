// The rows of files still on their way (or just sent) for one card or modal, in the one vocabulary of the outbox: 'Salvo no
// aparelho', 'Comprimindo...', 'Enviando NN%' with its bar, 'Enviado', or 'Falhou — tentar de novo' as a button (main thread).
import { useCallback, useEffect, useRef, useState } from "react";
import { MEDIA_MSG } from "../../config/messages/media.pt-BR";
import { OUTBOX_MSG } from "../../config/messages/outbox.pt-BR";
import { useOnline } from "../../lib/offline/network";
import { fileStateOf, fileStateText, sendingPercent } from "../../lib/outbox/file-state";
import { discardJob, retryJob, type OutboxJobView } from "../../lib/outbox/outbox-store";
import "./outbox-files.css";

interface OutboxFileListProps {
  jobs: readonly OutboxJobView[];
  /** The list's accessible name, e.g. 'Arquivos a enviar'. */
  label: string;
  /** Thumbnails of photos whose File is still at hand (job id → object URL owned by the caller). */
  thumbs?: ReadonlyMap<string, string>;
  className?: string;
}

const t = OUTBOX_MSG.fileState;

export function OutboxFileList({ jobs, label, thumbs, className }: OutboxFileListProps) {
  const online = useOnline();
  if (jobs.length === 0) return null;
  return (
    <ul className={`outbox-files${className ? ` ${className}` : ""}`} aria-label={label}>
      {jobs.map((job) => (
        <OutboxFileRow key={job.id} job={job} online={online} thumb={thumbs?.get(job.id)} />
      ))}
    </ul>
  );
}

function OutboxFileRow({ job, online, thumb }: { job: OutboxJobView; online: boolean; thumb?: string }) {
  const state = fileStateOf(job, online);
  const note = job.kind === "note";
  return (
    <li className={`outbox-file is-${state}`} data-state={state}>
      {/* Decorative: the row names the file beside it. */}
      {thumb && <img className="outbox-file-thumb" src={thumb} alt="" width={48} height={48} />}
      <span className="outbox-file-name">{job.name}</span>
      {state === "failed" ? (
        <>
          {job.error && <span className="outbox-file-error form-error">{job.error}</span>}
          <span className="outbox-file-actions">
            <button type="button" className="btn btn-small" aria-label={t.failedOf(job.name)} onClick={() => void retryJob(job.id)}>
              {t.failed}
            </button>
            <button type="button" className="btn btn-small" aria-label={t.discardOf(job.name)} onClick={() => void discardJob(job.id)}>
              {MEDIA_MSG.media.discard}
            </button>
          </span>
        </>
      ) : (
        <span className="outbox-file-state">{note && state === "sending" ? t.sendingNote : fileStateText(job, online)}</span>
      )}
      {/* A note is one small call: no bytes to count, no bar. */}
      {state === "sending" && !note && <progress max={100} value={sendingPercent(job)} aria-label={t.progressOf(job.name)} />}
    </li>
  );
}

/**
 * Thumbnails for rows whose File was at hand when it was queued: `keep(jobId, url)` takes over an object URL (e.g. the capture's
 * preview); each is revoked once its job leaves `jobs` (it went into the saved list) or the component unmounts.
 */
export function useOutboxThumbs(jobs: readonly Pick<OutboxJobView, "id">[]) {
  const [thumbs, setThumbs] = useState<ReadonlyMap<string, string>>(() => new Map());
  const latest = useRef(thumbs);
  useEffect(() => {
    latest.current = thumbs;
  }, [thumbs]);
  useEffect(() => () => latest.current.forEach((url) => URL.revokeObjectURL(url)), []);
  // A thumbnail arrives just after its row (the job is announced before addToOutbox returns its id): kept until the job has been
  // shown and has gone.
  const seen = useRef(new Set<string>());
  useEffect(() => {
    const ids = new Set(jobs.map((j) => j.id));
    ids.forEach((id) => seen.current.add(id));
    const gone = [...thumbs.keys()].filter((id) => !ids.has(id) && seen.current.has(id));
    if (gone.length === 0) return;
    gone.forEach((id) => URL.revokeObjectURL(thumbs.get(id)!));
    setThumbs((now) => new Map([...now].filter(([id]) => !gone.includes(id))));
  }, [jobs, thumbs]);
  const keep = useCallback((jobId: string, url: string) => setThumbs((now) => new Map(now).set(jobId, url)), []);
  return { thumbs, keep };
}
