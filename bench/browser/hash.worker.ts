// Evidence hash worker of the device bench (worker): the outbox worker's streamed SHA-256 (workers/outbox/file-hash.ts,
// @noble/hashes fed chunk by chunk from the blob's stream), timed inside the worker.
import { expose } from "comlink";
import { sha256OfBlob } from "../../workers/outbox/file-hash";

const api = {
  async sha256(blob: Blob): Promise<{ hex: string; ms: number }> {
    const t0 = performance.now();
    const hex = await sha256OfBlob(blob);
    return { hex, ms: performance.now() - t0 };
  },
};

expose(api);
export type HashApi = typeof api;
