// Tells a laudo or recibo attached by the outbox, once per job, whether or not its dialog is open (main thread). Registered by
// the shell before the queue starts: the dialog's code loads only when opened, and a job resumed after a reload lands without it.
// The indicator's generic 'arquivo(s) enviado(s)' notice leaves these jobs out (features/outbox/outbox-notices.ts).
import { MSG } from "../../config/messages.pt-BR";
import { toast } from "../../lib/toast";
import { jobWatcher } from "../../lib/outbox/outbox-store";

const ADDED: Record<string, string> = { "adicionar-laudo": MSG.documents.reportAdded, "adicionar-nota-fiscal": MSG.documents.receiptAdded };

export const watchDocuments = jobWatcher(
  (job) => (ADDED[job.steps[0]?.kind ?? ""] ? job.id : null),
  (_id, job) => {
    toast.success(ADDED[job.steps[0]!.kind]!);
  },
);
