// Bridge to the evidence verification worker: an order's chain in, each file downloaded and hashed there, the verdict out,
// with per-file progress (main thread; the member's page, the OS screen and the central's panel).
import { proxy } from "comlink";
import type { EvidenceChain } from "../../../contract/evidencias-cadeia";
import type { VerifyApi, VerifyOutcome, VerifyProgress } from "../../../workers/evidence/verify.worker";
import { API_BASE } from "../../config/env";
import { workerHandle } from "./worker-lifecycle";

export type { SealStanding, VerifyOutcome, VerifyProgress } from "../../../workers/evidence/verify.worker";

const handle = workerHandle<VerifyApi>(
  () => new Worker(new URL("../../../workers/evidence/verify.worker.ts", import.meta.url), { type: "module", name: "verify" }),
);

/**
 * Verifies the chain's files, links and seal in the worker. `headers` go with each download (the point's or the central's
 * authToken; none for signed URLs or the session cookie). Entries' root-relative urls resolve against the API's origin.
 * Rejects when the worker dies or is stopped.
 */
export function verifyEvidenceChain(
  chain: EvidenceChain,
  headers?: Record<string, string>,
  onProgress?: (p: VerifyProgress) => void,
): Promise<VerifyOutcome> {
  const base = new URL(`${API_BASE}/`, location.href).href;
  // Comlink's remote type splits the union into a union of promises; the value is the worker's VerifyOutcome.
  return handle.run(async (api): Promise<VerifyOutcome> => api.verify(chain, headers, base, onProgress ? proxy(onProgress) : undefined));
}

/** Stops a verification in progress (its screen was left): downloads end with the worker, and the call rejects. */
export const stopVerify = () => handle.stop();
