// The typed event bus (mitt) connecting bridges and the API client to stores (main thread).
import mitt from "mitt";

import type { OutboxEvent } from "../../workers/outbox/process";

export type BusEvents = {
  /** Everything the upload outbox reports: per-job progress and state changes, and requests to sign in again. */
  "outbox:event": OutboxEvent;
  /** The server refused a token that was stored as valid (expired or revoked); `deactivated`: the user's account was deactivated. */
  "session:expired": { deactivated: boolean };
  /** The server refused the signed-in user an action (403): their role changed; the session's user data is read again. */
  "session:forbidden": void;
};

export const bus = mitt<BusEvents>();
