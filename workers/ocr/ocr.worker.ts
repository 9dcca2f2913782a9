// OCR worker: finds plates in a camera frame and reads them with the plate net (frame-read.ts), with the second reader's opinion
// once it is loaded: in the app the second reader is a worker of its own (second-reader.worker.ts) joined through a MessagePort
// (useSecond), so its seconds of loading never hold a frame; warmSecond loads it in this worker instead (the reader bench's
// pages). Off the main thread (worker, Comlink).
import { expose, transfer, wrap } from "comlink";
import { readFrame, type LineReader, type ReadOptions } from "./frame-read.ts";
import { loadPlateNet } from "./read-net.ts";
import type { SecondReaderApi } from "./second-reader.worker.ts";

export type { FrameRead, ReadOptions } from "./frame-read.ts";

/** A row the second reader's worker has not answered in this long is not waited for (a busy low-tier phone reads one in ~1 s). */
const SECOND_TIMEOUT_MS = 10_000;

let second: LineReader | undefined;
let secondLoading: Promise<void> | undefined;

const api = {
  /** Loads the net's weights (from our origin, cached for offline use); resolves when a frame can be read. */
  async warm(): Promise<void> {
    await loadPlateNet();
  },
  /** Loads the second reader (runtime and weights from our origin, cached for offline use); frames use it once it is in. */
  warmSecond(): Promise<void> {
    secondLoading ??= import("./second-reader.ts")
      .then(async ({ loadSecondReader, readLine }) => {
        const reader = await loadSecondReader();
        second = (image) => readLine(reader, image);
      })
      .catch((err: unknown) => {
        secondLoading = undefined;
        throw err;
      });
    return secondLoading;
  },
  /**
   * Asks the second reader's worker, on `port`, about every found plate's row from now on (its worker loaded it already). A
   * row not answered within SECOND_TIMEOUT_MS (that worker stopped: a message port to a dead worker never answers) drops it.
   */
  useSecond(port: MessagePort): void {
    const remote = wrap<SecondReaderApi>(port);
    const reader: LineReader = (image) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          if (second === reader) second = undefined;
          reject(new Error("second reader gone"));
        }, SECOND_TIMEOUT_MS);
        remote.read(transfer(image, [image.data.buffer])).then(
          (r) => {
            clearTimeout(timer);
            resolve(r);
          },
          (err: unknown) => {
            clearTimeout(timer);
            reject(err instanceof Error ? err : new Error(String(err)));
          },
        );
      });
    second = reader;
  },
  /** A frame: an ImageBitmap, or the camera's VideoFrame (its pixels converted here, off the page's main thread). */
  async read(frame: ImageBitmap | VideoFrame, options: ReadOptions) {
    let bitmap: ImageBitmap | undefined;
    try {
      bitmap = frame instanceof ImageBitmap ? frame : await createImageBitmap(frame);
      // The camera's buffer goes back to it at once: a capture pipeline holds only a few frames.
      if (bitmap !== frame) frame.close();
      return await readFrame(await loadPlateNet(), bitmap, options, second);
    } finally {
      frame.close();
      bitmap?.close();
    }
  },
};

expose(api);
export type OcrApi = typeof api;
