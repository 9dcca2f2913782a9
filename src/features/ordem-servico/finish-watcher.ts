// Watches the outbox for finish jobs that land: tells the attendant, refreshes the order and the agenda (main thread).
// Registered by the shell before the queue starts, so a finish resumed after a reload that lands before the OS screen's
// code has loaded is still told and still refreshes the order.
import type { QueryClient } from "@tanstack/react-query";
import { proxy } from "valtio/vanilla";
import { ORDER_MSG } from "../../config/messages/order.pt-BR";
import { orderOf } from "../../domain/outbox-job";
import { finishesOrder } from "../../domain/outbox-steps";
import { queryRoots } from "../../lib/query-keys";
import { toast } from "../../lib/toast";
import { jobWatcher } from "../../lib/outbox/outbox-store";
import { orderKeys } from "./query-options";

/** Orders whose finish job landed in this tab: the screen keeps saying 'Finalizando…' until the refetched order shows 'C'. */
export const finishedStore = proxy<{ ids: Record<string, true> }>({ ids: {} });
let client: QueryClient | null = null;

const watch = jobWatcher(
  (job) => (finishesOrder(job) ? orderOf(job) : null),
  (id) => {
    finishedStore.ids[id] = true;
    toast.success(ORDER_MSG.finish.finished);
    void client?.invalidateQueries({ queryKey: orderKeys.one(id) });
    void client?.invalidateQueries({ queryKey: queryRoots.agenda });
  },
);

/** One listener for the tab's lifetime: a finish that lands while the attendant is elsewhere still refreshes the order. */
export function watchFinishes(queryClient: QueryClient) {
  client = queryClient;
  watch();
}
