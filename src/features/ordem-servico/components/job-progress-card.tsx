// The card of an order's job on its way on the OS screen (the start, the finish): its words, the video's upload progress,
// and a refusal's reason with retry and discard (main thread).
import { discardJob, retryJob, type OutboxJobView } from "../../../lib/outbox/outbox-store";

interface Words {
  refused: (reason: string) => string;
  progressLabel: string;
  retry: string;
  discard: string;
}

/** `job` null: the job has landed and the order's next read is on its way (the text says what is happening). */
export function JobProgressCard({
  job,
  text,
  words,
  className,
}: {
  job: OutboxJobView | null;
  text: string;
  words: Words;
  className?: string;
}) {
  const failed = job?.state === "failed";
  return (
    <div
      className={["card finish-progress", className, failed && "is-failed"].filter(Boolean).join(" ")}
      role={failed ? "alert" : "status"}
    >
      <p className={failed ? "form-error" : "start-progress"}>{failed ? words.refused(text) : text}</p>
      {job?.state === "uploading" && <progress max={100} value={job.progress} aria-label={words.progressLabel} />}
      {failed && (
        <div className="row-actions">
          <button type="button" className="btn" onClick={() => void retryJob(job.id)}>
            {words.retry}
          </button>
          <button type="button" className="btn" onClick={() => void discardJob(job.id)}>
            {words.discard}
          </button>
        </div>
      )}
    </div>
  );
}
