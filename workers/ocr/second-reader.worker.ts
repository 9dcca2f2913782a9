// The second reader's own worker: PaddleOCR's recogniser loads here (the runtime's compile, the model's session: seconds of one
// core on a low-tier phone), not in the OCR worker, so the plate net keeps reading frames while it loads; the OCR worker asks
// it about a found plate's row straight through a MessagePort (serve), never through the main thread (worker entry).
import { expose } from "comlink";
import { loadSecondReader, readLine, type LineReading } from "./second-reader.ts";

const api = {
  /** Loads the runtime and the model (from our origin, cached for offline use); resolves when a row can be read. */
  async warm(): Promise<void> {
    await loadSecondReader();
  },
  /** Reads one row of characters (RGBA) and the plate in it. */
  async read(image: ImageData): Promise<LineReading> {
    return readLine(await loadSecondReader(), image);
  },
  /** Answers the OCR worker on `port` too (the same API). */
  serve(port: MessagePort): void {
    expose(api, port);
  },
};

expose(api);
export type SecondReaderApi = typeof api;
