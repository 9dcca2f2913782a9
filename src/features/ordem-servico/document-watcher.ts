// Tells a laudo or recibo attached by the outbox, once per job, whether or not its dialog is open (main thread). Registered by
// the shell before the queue starts: the dialog's code loads only when opened, and a job resumed after a reload lands without it.
// The indicator's generic 'arquivo(s) enviado(s)' notice leaves these jobs out (features/media/uploads-store.ts).
import { toast } from "react-toastify";
import { MSG } from "../../config/messages.pt-BR";
import { onJobAttached } from "../../lib/uploads/uploads-store";

const ADDED: Record<string, string> = { "adicionar-laudo": MSG.documents.reportAdded, "adicionar-nota-fiscal": MSG.documents.receiptAdded };
const told = new Set<string>();
let unsubscribe: (() => void) | null = null;

export function watchDocuments() {
  unsubscribe ??= onJobAttached((job) => {
    const added = ADDED[job.steps[0]?.kind ?? ""];
    if (!added || told.has(job.id)) return;
    told.add(job.id);
    toast.success(added);
  });
}
