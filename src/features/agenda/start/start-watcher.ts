// Watches the outbox for start jobs that finish: tells the attendant, refreshes the agenda, opens the OS if they are waiting on / (main thread).
import type { QueryClient } from "@tanstack/react-query";
import { proxy } from "valtio/vanilla";
import { navigate } from "wouter/use-browser-location";
import { AGENDA_MSG } from "../../../config/messages/agenda.pt-BR";
import { PATHS } from "../../../config/paths";
import { orderOf } from "../../../domain/outbox-job";
import { startsOrder } from "../../../domain/outbox-steps";
import { toast } from "../../../lib/toast";
import { jobWatcher } from "../../../lib/outbox/outbox-store";
import { agendaKeys } from "../query-options";

/**
 * Orders whose start job finished in this tab. The row keeps saying 'Iniciando…' until the refreshed list shows the order
 * in progress (the job leaves the outbox the moment it is attached, before the list has been fetched again).
 */
export const startedStore = proxy<{ ids: Record<string, true> }>({ ids: {} });

let client: QueryClient | null = null;

const watch = jobWatcher(
  (job) => (startsOrder(job) ? orderOf(job) : null),
  (id) => {
    startedStore.ids[id] = true;
    toast.success(AGENDA_MSG.startOrder.started);
    void client?.invalidateQueries({ queryKey: agendaKeys.all });
    // Still waiting on the agenda (and not busy in another dialog): take them to the order they started.
    if (location.pathname === PATHS.agenda && !document.querySelector("dialog[open]")) navigate(PATHS.order(id));
  },
);

/** The agenda's query client; the listener itself lives as long as the tab, so a start that ends off the agenda still refreshes it. */
export function watchStarts(queryClient: QueryClient) {
  client = queryClient;
  watch();
}
