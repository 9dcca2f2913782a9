// Bytes the server takes for an MP4 video (it tells the type by the ftyp box at the start), for upload tests and benches (Node).
import { randomBytes } from "node:crypto";

const FTYP = Buffer.from([0, 0, 0, 0x18, ...Buffer.from("ftypisom")]);

/** `n` bytes: the ftyp box, then random filler (no run a store could shorten), or `fill` repeated. */
export function mp4Bytes(n: number, fill?: number): Buffer {
  const body = fill === undefined ? randomBytes(n) : Buffer.alloc(n, fill);
  FTYP.copy(body, 0);
  return body;
}
