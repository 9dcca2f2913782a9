// Where a file on its way stands, in the ONE vocabulary shown by the evidence card, the documents modal and the upload indicator
// (main thread): on the device, compressing, being sent (with its percent), sent (attached to its order) or failed.
import { OUTBOX_MSG } from "../../config/messages/outbox.pt-BR";
import type { OutboxJobView } from "./outbox-store";

export type FileState = "saved" | "compressing" | "sending" | "sent" | "failed";

/**
 * A job waiting for its next attempt (its last one got no answer or a 5xx), one waiting for its order's start (`held`), or
 * any unsent job while the app is offline, is "saved on the device": nothing is moving. A job being sent (even its follow-up
 * call, the file already stored) is "sending"; only an attached job is "sent".
 */
export function fileStateOf(job: Pick<OutboxJobView, "state" | "stalled" | "held" | "compresses">, online: boolean): FileState {
  switch (job.state) {
    case "attached":
      return "sent";
    case "failed":
      return "failed";
    case "compressing":
      // A file too small to compress is only being hashed on the device before it is sent: not 'Comprimindo…' (issue 50).
      return job.compresses === false ? "saved" : "compressing";
    case "stored":
      return "saved";
    default:
      return job.stalled || job.held || !online ? "saved" : "sending";
  }
}

/** The percent told while sending: the follow-up call of a stored file reads 100%. */
export const sendingPercent = (job: Pick<OutboxJobView, "state" | "progress">) =>
  job.state === "uploaded" ? 100 : Math.max(0, Math.min(100, Math.round(job.progress)));

export function fileStateText(job: Pick<OutboxJobView, "state" | "stalled" | "held" | "progress" | "compresses">, online: boolean): string {
  const state = fileStateOf(job, online);
  const t = OUTBOX_MSG.fileState;
  if (state === "sending") return t.sending(sendingPercent(job));
  return { saved: t.saved, compressing: t.compressing, sent: t.sent, failed: t.failed }[state];
}
