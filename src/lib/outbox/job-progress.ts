// An order's job whose video goes first (the start, the finish) in words: preparing the video, sending it (or waiting for
// the network), then the job's own step, or why it failed; each job brings its words (main thread).
import type { OutboxJobView } from "./outbox-store";

export interface JobProgressWords {
  preparing: string;
  uploading: (percent: number) => string;
  offline: (percent: number) => string;
  /** A refusal that came without the server's reason. */
  failed: string;
  /** The step after the upload: 'Iniciando…', 'Finalizando a OS...'. */
  stepping: string;
}

export function jobProgressText(job: Pick<OutboxJobView, "state" | "progress" | "error" | "retryReason">, words: JobProgressWords): string {
  switch (job.state) {
    case "failed":
      return job.error ?? words.failed;
    case "stored":
    case "compressing":
      return words.preparing;
    case "uploading":
      return job.retryReason === "network" ? words.offline(job.progress) : words.uploading(job.progress);
    default:
      return words.stepping;
  }
}
