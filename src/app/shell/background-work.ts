// What a signed-in tab runs in the background: the upload notices' listeners, then the outbox queue (main thread). A chunk of its
// own, loaded by the shell right after its first paint: the outbox (Comlink, the upload worker's bridge, the watchers) is not
// needed to draw the first screen, so it stays out of the entry chunk.
import type { QueryClient } from "@tanstack/react-query";
import { watchStarts } from "../../features/agenda/start/start-watcher";
import { showOutboxNotices, startOutbox } from "../../features/outbox/outbox-notices";
import { watchDocuments } from "../../features/ordem-servico/document-watcher";
import { watchFinishes } from "../../features/ordem-servico/finish-watcher";
import { watchInstallOffer } from "../pwa/install-offer";

/** The start, finish, document and upload notices listen first: a job resumed after a reload may land before the screen that shows it. */
export function startBackgroundWork(client: QueryClient): Promise<void> {
  watchStarts(client);
  watchFinishes(client);
  watchInstallOffer();
  watchDocuments();
  showOutboxNotices();
  return startOutbox();
}
