// The order's notes still on the device or on their way (issue 50): the outbox's note jobs of the order, oldest first; the
// note watcher refreshes the list when one lands (main thread).
import { useOrderOutbox } from "../../lib/outbox/use-order-outbox";

const toldByTheWatcher = () => {};

export const usePendingNotes = (orderId: string) => useOrderOutbox(orderId, toldByTheWatcher, "adicionar-anotacao");
