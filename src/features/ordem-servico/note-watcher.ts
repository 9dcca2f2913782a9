// Tells a note the outbox delivered and refreshes its order's notes, whether or not the notes dialog is open (main thread).
// Registered by the shell before the queue starts: a note typed offline and resumed after a reload lands before the OS
// screen's code has loaded. Told once the server has the note, never when it is saved on the device.
import type { QueryClient } from "@tanstack/react-query";
import { ORDER_MSG } from "../../config/messages/order.pt-BR";
import { orderOf } from "../../domain/outbox-job";
import { toast } from "../../lib/toast";
import { jobWatcher } from "../../lib/outbox/outbox-store";
import { orderKeys } from "./query-options";

let client: QueryClient | null = null;

const watch = jobWatcher(
  (job) => (job.kind === "note" ? job.id : null),
  (_id, job) => {
    toast.success(ORDER_MSG.notes.added);
    const orderId = orderOf(job);
    if (orderId) void client?.invalidateQueries({ queryKey: orderKeys.notes(orderId) });
  },
);

/** One listener for the tab's lifetime (see the finish watcher). */
export function watchNotes(queryClient: QueryClient) {
  client = queryClient;
  watch();
}
