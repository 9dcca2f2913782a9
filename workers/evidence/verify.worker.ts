// Evidence verification worker: downloads an order's files, recomputes their hashes and checks the chain and its signature off
// the main thread (a long video's digest would otherwise freeze the page) (worker).
import { expose } from "comlink";
import type { EvidenceChain } from "../../contract/evidencias-cadeia.ts";
import { verifyEvidence, type VerifyProgress } from "./verify.ts";

export type { VerifyOutcome, VerifyProgress, SealStanding } from "./verify.ts";

const api = {
  /** `base`: what entries' root-relative urls resolve against (the API's origin); progress through a Comlink proxy. */
  async verify(chain: EvidenceChain, headers: Record<string, string> | undefined, base: string, onProgress?: (p: VerifyProgress) => void) {
    const delivered: Promise<unknown>[] = [];
    const outcome = await verifyEvidence(chain, {
      headers,
      base,
      onProgress: onProgress && ((p) => void delivered.push(Promise.resolve(onProgress(p)).catch(() => undefined))),
    });
    // Every update reaches the page before the outcome does.
    await Promise.all(delivered);
    return outcome;
  },
};

expose(api);
export type VerifyApi = typeof api;
