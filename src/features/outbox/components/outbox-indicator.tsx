// Always-visible upload indicator, in the outbox's one vocabulary: files saved on the device, files being sent with their
// progress, why any must wait, failed files with 'Falhou — tentar de novo' and discard (main thread).
import { useEffect, useRef } from "react";
import { useSnapshot } from "valtio";
import { MEDIA_MSG } from "../../../config/messages/media.pt-BR";
import { OUTBOX_MSG } from "../../../config/messages/outbox.pt-BR";
import { OutboxFileList } from "../../../components/media/outbox-files";
import { useOnline } from "../../../lib/offline/network";
import { fileStateOf, sendingPercent } from "../../../lib/outbox/file-state";
import { outboxStore } from "../../../lib/outbox/outbox-store";

/**
 * The room the indicator takes above the bottom bar, as a CSS variable on the document: the toasts rise above it on phones
 * instead of covering it (styles.css). 0 when it is hidden or on desktop (it sits bottom-right, beside the toasts' column).
 */
function useIndicatorSpace(visible: boolean) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const el = ref.current;
    const root = document.documentElement.style;
    if (!el) return;
    const observer = new ResizeObserver(() => root.setProperty("--upload-indicator-space", `${Math.ceil(el.offsetHeight) + 8}px`));
    observer.observe(el);
    return () => {
      observer.disconnect();
      root.removeProperty("--upload-indicator-space");
    };
  }, [visible]);
  return ref;
}

export function OutboxIndicator() {
  const { jobs, authRequired } = useSnapshot(outboxStore);
  const online = useOnline();
  const list = Object.values(jobs);
  const visible = list.length > 0 || authRequired;
  const ref = useIndicatorSpace(visible);
  if (!visible) return null;
  const stateOf = (j: (typeof list)[number]) => fileStateOf(j, online);
  // Nothing moving: on the device until the network (or the server) lets them go.
  const saved = list.filter((j) => stateOf(j) === "saved");
  const moving = list.filter((j) => stateOf(j) === "sending" || stateOf(j) === "compressing");
  const failed = list.filter((j) => stateOf(j) === "failed");
  // Notes (issue 50) are counted apart from files, and have no bytes to count: the bar is the files' progress.
  const split = (jobs: typeof list) =>
    [jobs.filter((j) => j.kind !== "note").length, jobs.filter((j) => j.kind === "note").length] as const;
  const movingFiles = moving.filter((j) => j.kind !== "note");
  const progress = movingFiles.length ? Math.round(movingFiles.reduce((n, j) => n + sendingPercent(j), 0) / movingFiles.length) : 0;
  // Why files wait (the server's words, e.g. the point's limit of uploads in progress), each reason once.
  const waiting = [...new Set(list.flatMap((j) => (j.state !== "failed" && j.waiting ? [j.waiting] : [])))];
  return (
    <aside ref={ref} className="upload-indicator" aria-label="Envio de arquivos" aria-live="polite">
      {moving.length > 0 && (
        <div className="upload-row upload-sending">
          <span>{OUTBOX_MSG.fileState.sendingCount(...split(moving))}</span>
          {movingFiles.length > 0 && (
            <progress max={100} value={progress} aria-label="Progresso do envio">
              {progress}%
            </progress>
          )}
        </div>
      )}
      {saved.length > 0 && <p className="upload-row upload-saved">{OUTBOX_MSG.fileState.pending(...split(saved))}</p>}
      {waiting.map((message) => (
        <p key={message} className="upload-row upload-waiting">
          {message}
        </p>
      ))}
      {authRequired && (
        <p role="alert" className="form-error">
          {MEDIA_MSG.media.signInAgain}
        </p>
      )}
      <OutboxFileList jobs={failed} label={OUTBOX_MSG.fileState.failedList} className="upload-failed-list" />
    </aside>
  );
}
