// Tells a laudo or recibo attached by the outbox, whether or not its dialog is open (main thread). Registered by the shell before
// the queue starts: the dialog's code loads only when opened, and a job resumed after a reload lands without it. Told only once
// the server has the file attached, never when it is queued; and only when it is the one file the queue delivered: several files
// landing together (the network came back) are one count, told by the upload notices (features/outbox/outbox-notices.ts).
import { ORDER_MSG } from "../../config/messages/order.pt-BR";
import { toast } from "../../lib/toast";
import { onQueueDrained } from "../../lib/outbox/outbox-store";

const ADDED: Record<string, string> = {
  "adicionar-laudo": ORDER_MSG.documents.reportAdded,
  "adicionar-nota-fiscal": ORDER_MSG.documents.receiptAdded,
};

/** The toast of a queue that delivered exactly one file, when that file is a laudo or a recibo; null otherwise. */
export function documentAddedNotice(landed: readonly { steps: readonly { kind: string }[] }[]): string | null {
  return landed.length === 1 ? (ADDED[landed[0]!.steps[0]?.kind ?? ""] ?? null) : null;
}

let watching = false;
export function watchDocuments(): void {
  if (watching) return;
  watching = true;
  onQueueDrained((landed) => {
    const message = documentAddedNotice(landed);
    if (message) toast.success(message);
  });
}
