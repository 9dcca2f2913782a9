// The SHA-256 of a saved evidence file, read as a stream so a long video never sits whole in memory (outbox worker logic,
// testable directly).
// WebCrypto's digest() takes the whole input in one buffer and has no incremental form, so it would hold a 500 MB video in
// memory at once; @noble/hashes' sha256 is fed chunk by chunk as the blob's stream delivers them.
import { sha256 } from "@noble/hashes/sha2.js";
import { toHex } from "../../src/domain/evidence-chain.ts";

/** Lower-case hex SHA-256 of `blob`'s bytes. */
export async function sha256OfBlob(blob: Blob): Promise<string> {
  const hash = sha256.create();
  const reader = blob.stream().getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    hash.update(value);
  }
  return toHex(hash.digest());
}

/** The two hashes a queued job records: of the bytes it will send, and of the file as captured or chosen. */
export interface QueuedHashes {
  sha256: string;
  sha256Original: string;
}

/**
 * The hashes of the outbox's files, per job: the original's is started as soon as the file is saved, so it runs here while the
 * image or video worker compresses it, and is awaited when the job is queued (before its upload can start).
 */
export class EvidenceHashes {
  private readonly originals = new Map<string, Promise<string | undefined>>();

  /** Starts hashing a job's original file (the one just saved). */
  start(id: string, original: Blob) {
    this.originals.set(
      id,
      sha256OfBlob(original).catch(() => undefined),
    );
  }

  /**
   * The hashes to record as the job is queued. `saved` reads the job's saved file, still the original until the queue event
   * replaces it (after a restart no hash was started: the original is read from there); `compressed` is the file that will
   * be sent instead, if any. undefined when a file cannot be read: the job is then sent without declared hashes, as jobs
   * saved before hashes existed are (the server records what it computed), rather than a hash that proves nothing.
   */
  async forQueue(id: string, saved: () => Promise<Blob | undefined>, compressed?: Blob): Promise<QueuedHashes | undefined> {
    const started = this.originals.get(id);
    this.originals.delete(id);
    const original =
      (started && (await started)) ??
      (await saved()
        .then((blob) => (blob ? sha256OfBlob(blob) : undefined))
        .catch(() => undefined));
    if (!original) return undefined;
    const sent = compressed ? await sha256OfBlob(compressed).catch(() => undefined) : original;
    return sent ? { sha256: sent, sha256Original: original } : undefined;
  }

  /** A job discarded before it was queued: its pending hash is dropped. */
  forget(id: string) {
    this.originals.delete(id);
  }
}
