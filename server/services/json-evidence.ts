// A JSON text the server itself writes as evidence (issue 53: a concluded inspection's content, the member's acknowledgement
// of it): stored as a file of the order's point with its SHA-256, so the evidence chain and the verifiers treat it like any
// uploaded file (server only).
import { createHash, randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import type { Db } from "../db/client.ts";
import type { FileStorage } from "../storage/storage.ts";
import { insertStoredFile } from "../repositories/stored-files.ts";

/**
 * Writes `text` to storage under a new stored name, then records it in the caller's transaction; answers the row. The bytes
 * go first: a transaction that fails afterwards leaves an unreferenced file, never a row without its bytes.
 */
export async function storeJsonEvidence(
  tx: Db,
  storage: FileStorage,
  input: { servicePointId: string; originalName: string; text: string; uploadedBy?: string | null; capturedAt?: Date },
) {
  const bytes = Buffer.from(input.text, "utf8");
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  const storedName = `${randomUUID()}.json`;
  await storage.write(storedName, Readable.from([bytes]));
  return insertStoredFile(tx, {
    servicePointId: input.servicePointId,
    storedName,
    originalName: input.originalName,
    mimeType: "application/json",
    size: bytes.length,
    sha256,
    sha256Original: sha256,
    uploadedBy: input.uploadedBy ?? null,
    capturedAt: input.capturedAt ?? null,
  });
}
