// OCR worker: finds plates in a camera frame and reads them with the plate net (frame-read.ts), with the second reader's opinion
// once it is loaded (its own chunk, fetched after the net runs); off the main thread (worker, Comlink).
import { expose } from "comlink";
import { readFrame, type LineReader, type ReadOptions } from "./frame-read.ts";
import { loadPlateNet } from "./read-net.ts";

export type { FrameRead, ReadOptions } from "./frame-read.ts";

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
  async read(frame: ImageBitmap, options: ReadOptions) {
    try {
      return await readFrame(await loadPlateNet(), frame, options, second);
    } finally {
      frame.close();
    }
  },
};

expose(api);
export type OcrApi = typeof api;
