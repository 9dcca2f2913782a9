// Watches the outbox for start jobs that finish: tells the attendant, refreshes the agenda and the OS screen's data (main thread).
import type { QueryClient } from "@tanstack/react-query";
import { proxy } from "valtio/vanilla";
import { AGENDA_MSG } from "../../../config/messages/agenda.pt-BR";
import { orderOf } from "../../../domain/outbox-job";
import { startsOrder } from "../../../domain/outbox-steps";
import { queryRoots } from "../../../lib/query-keys";
import { toast } from "../../../lib/toast";
import { jobWatcher } from "../../../lib/outbox/outbox-store";
import { agendaKeys } from "../query-options";

/**
 * Orders whose start job finished in this tab. The row keeps saying 'Iniciando…' until the refreshed list shows the order
 * in progress (the job leaves the outbox the moment it is attached, before the list has been fetched again).
 */
export const startedStore = proxy<{ ids: Record<string, true> }>({ ids: {} });

let client: QueryClient | null = null;

/**
 * No navigation here: the start flow opened the OS screen as soon as the job was saved, and wherever the attendant went since
 * (back to the agenda, another screen) is where they want to be when the start lands.
 */
const watch = jobWatcher(
  (job) => (startsOrder(job) ? orderOf(job) : null),
  (id) => {
    startedStore.ids[id] = true;
    toast.success(AGENDA_MSG.startOrder.started);
    void client?.invalidateQueries({ queryKey: agendaKeys.all });
    // The OS screen (open now, or cached for later) still holds the order as not started: EM EXECUÇÃO, the start time and the
    // executor come with its next read. Every order's queries, since the key factory of that screen is its own feature's.
    void client?.invalidateQueries({ queryKey: queryRoots.order });
  },
);

/** The agenda's query client; the listener itself lives as long as the tab, so a start that ends off the agenda still refreshes it. */
export function watchStarts(queryClient: QueryClient) {
  client = queryClient;
  watch();
}
