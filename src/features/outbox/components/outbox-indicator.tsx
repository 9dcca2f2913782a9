// Always-visible upload indicator: files still being sent with their progress and why any must wait, failed files with retry and
// discard (main thread).
import { useSnapshot } from "valtio";
import { MSG } from "../../../config/messages.pt-BR";
import { discardJob, retryJob, outboxStore } from "../../../lib/outbox/outbox-store";

export function OutboxIndicator() {
  const { jobs, authRequired } = useSnapshot(outboxStore);
  const list = Object.values(jobs);
  const active = list.filter((j) => j.state !== "failed");
  const failed = list.filter((j) => j.state === "failed");
  if (list.length === 0 && !authRequired) return null;
  const progress = active.length ? Math.round(active.reduce((n, j) => n + j.progress, 0) / active.length) : 100;
  // Why files wait (the server's words, e.g. the point's limit of uploads in progress), each reason once.
  const waiting = [...new Set(active.flatMap((j) => (j.waiting ? [j.waiting] : [])))];
  return (
    <aside className="upload-indicator" aria-label="Envio de arquivos" aria-live="polite">
      {active.length > 0 && (
        <div className="upload-row">
          <span>{MSG.media.sending(active.length)}</span>
          <progress max={100} value={progress} aria-label="Progresso do envio">
            {progress}%
          </progress>
        </div>
      )}
      {waiting.map((message) => (
        <p key={message} className="upload-row upload-waiting">
          {message}
        </p>
      ))}
      {authRequired && (
        <p role="alert" className="form-error">
          {MSG.media.signInAgain}
        </p>
      )}
      {failed.map((j) => (
        <div key={j.id} className="upload-row upload-failed">
          <span>
            <strong>{j.name}</strong>: {j.error}
          </span>
          <button type="button" className="btn" onClick={() => void retryJob(j.id)}>
            {MSG.media.retry}
          </button>
          <button type="button" className="btn" onClick={() => void discardJob(j.id)}>
            {MSG.media.discard}
          </button>
        </div>
      ))}
    </aside>
  );
}
