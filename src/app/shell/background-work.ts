// What a signed-in tab runs in the background: the upload notices' listeners, then the outbox queue (main thread). A chunk of its
// own, loaded by the shell right after its first paint: the outbox (Comlink, the upload worker's bridge, the watchers) is not
// needed to draw the first screen, so it stays out of the entry chunk.
import type { QueryClient } from "@tanstack/react-query";
import { watchStarts } from "../../features/agenda/start/start-watcher";
import { showOutboxNotices, startOutbox } from "../../features/outbox/outbox-notices";
import { watchDocuments } from "../../features/ordem-servico/document-watcher";
import { watchFinishes } from "../../features/ordem-servico/finish-watcher";
import { watchNotes } from "../../features/ordem-servico/note-watcher";
import { watchInstallOffer } from "../pwa/install-offer";
import { preloadPlateReader, scannerUsedHere } from "../../lib/workers/ocr-bridge";
import { whenIdle } from "../../lib/yield-to-main";

/** After the first screen settles: the plate reader's compile and load are seconds of a low-tier phone's CPU. */
const READER_PRELOAD_DELAY_MS = 5_000;

/**
 * On a device that scanned before, the plate reader (both workers, from the Cache API) is readied in idle time a few seconds
 * after sign-in, so /scan finds it loaded; never on a first visit (13 MB to download) nor when the user asks to save data.
 */
function preloadReaderWhenIdle() {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  if (!scannerUsedHere() || connection?.saveData) return;
  setTimeout(() => whenIdle(() => void preloadPlateReader().catch(() => {}), 10_000), READER_PRELOAD_DELAY_MS);
}

/** The start, finish, note, document and upload notices listen first: a job resumed after a reload may land before the screen that shows it. */
export function startBackgroundWork(client: QueryClient): Promise<void> {
  watchStarts(client);
  watchFinishes(client);
  watchNotes(client);
  watchInstallOffer();
  watchDocuments();
  showOutboxNotices();
  preloadReaderWhenIdle();
  return startOutbox();
}
