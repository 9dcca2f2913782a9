// Refuses capture when the device is nearly out of storage, before the user records anything (main thread).
import { FREE_SPACE_NEEDED, freeBytes, spaceForFile } from "../../domain/capture";
import { MEDIA_MSG } from "../../config/messages/media.pt-BR";

type Estimate = () => Promise<StorageEstimate>;
const browserEstimate: Estimate | undefined =
  typeof navigator !== "undefined" && navigator.storage?.estimate ? () => navigator.storage.estimate() : undefined;

/** Returns the message to show when there is not enough room, or null when capture may go on (or the browser cannot tell). */
export async function storageProblem(
  need: keyof typeof FREE_SPACE_NEEDED | { fileSize: number },
  estimate = browserEstimate,
): Promise<string | null> {
  if (!estimate) return null;
  let free: number | null;
  try {
    free = freeBytes(await estimate());
  } catch {
    return null;
  }
  const bytes = typeof need === "string" ? FREE_SPACE_NEEDED[need] : spaceForFile(need.fileSize);
  return free !== null && free < bytes ? MEDIA_MSG.media.lowStorage(Math.ceil(bytes / (1024 * 1024))) : null;
}
