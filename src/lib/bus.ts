// The typed event bus (mitt) connecting bridges and the API client to stores (main thread).
import mitt from "mitt";

export type BusEvents = {
  /** The server refused a token that was stored as valid (expired or revoked). */
  "session:expired": void;
  /** Progress of a plate-candidate ranking job in the ranking worker, 0-100. */
  "ranking:progress": { jobId: number; percent: number };
  /** Progress of a compression job in the image or video worker, 0-100. */
  "compression:progress": { jobId: number; kind: "image" | "video"; percent: number };
};

export const bus = mitt<BusEvents>();
