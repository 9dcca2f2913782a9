// What the phone declares about an evidence file it uploads (its SHA-256 before and after compression, when it captured it,
// the plate its reader saw in an initial video) read from tus Upload-Metadata or multipart fields, and the server's own
// SHA-256 of the bytes that arrived, which must equal the declared one (server only).
import { createHash, type Hash } from "node:crypto";
import type { Readable } from "node:stream";
import type { DataStore } from "@tus/utils";
import { SHA256_HEX } from "../../src/domain/evidence-chain.ts";
import { normalizePlate, plateFormat } from "../../src/domain/plate.ts";

export const EVIDENCE_MESSAGES = {
  mismatch: "O arquivo chegou diferente do que o aparelho enviou. Envie de novo.",
  badHash: "O resumo SHA-256 informado para o arquivo é inválido: são esperados 64 dígitos hexadecimais.",
  badPlate: "A placa lida no vídeo é inválida.",
};

/** The names the phone sends (tus Upload-Metadata keys, or multipart fields before the file part). */
export const EVIDENCE_FIELDS = ["sha256", "sha256original", "capturedat", "platevideo", "platechecked", "plateconfirmed"] as const;

/** What the phone declared, checked: what a stored file records of it. */
export interface DeclaredEvidence {
  /** The hex SHA-256 of the bytes it sends, or null when it declared none. */
  sha256: string | null;
  sha256Original: string | null;
  capturedAt: Date | null;
  videoPlate: string | null;
  videoPlateChecked: boolean;
  videoPlateConfirmed: boolean;
}

/** A capture time before this is a device clock gone wrong, not a claim worth keeping. */
const EARLIEST_CAPTURE = Date.UTC(2020, 0, 1);
/** A device clock ahead of the server by more than this is wrong too. */
const CAPTURE_FUTURE_SLACK_MS = 24 * 60 * 60 * 1000;
const ISO_8601 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

function hashOf(value: string | undefined | null): string | null | "bad" {
  if (value === undefined || value === null || value === "") return null;
  const hex = value.trim().toLowerCase();
  return SHA256_HEX.test(hex) ? hex : "bad";
}

/** The device's capture time when it is an ISO 8601 instant within sane bounds; null otherwise (a claim, never a refusal). */
export function capturedAtOf(value: string | undefined | null, now: Date): Date | null {
  if (!value || value.length > 40 || !ISO_8601.test(value.trim())) return null;
  const at = new Date(value.trim());
  const ms = at.getTime();
  if (Number.isNaN(ms) || ms < EARLIEST_CAPTURE || ms > now.getTime() + CAPTURE_FUTURE_SLACK_MS) return null;
  return at;
}

/**
 * Reads the declared fields through `get` (a metadata map or the multipart fields); answers them checked, or the pt-BR reason
 * a malformed hash or plate is refused with (400). An absent field is no claim.
 */
export function declaredEvidence(
  get: (name: (typeof EVIDENCE_FIELDS)[number]) => string | undefined | null,
  now: Date,
): DeclaredEvidence | { refused: string } {
  const sha256 = hashOf(get("sha256"));
  const sha256Original = hashOf(get("sha256original"));
  if (sha256 === "bad" || sha256Original === "bad") return { refused: EVIDENCE_MESSAGES.badHash };
  const read = (get("platevideo") ?? "").trim();
  let videoPlate: string | null = null;
  if (read !== "") {
    videoPlate = normalizePlate(read.slice(0, 20));
    if (!plateFormat(videoPlate)) return { refused: EVIDENCE_MESSAGES.badPlate };
  }
  return {
    sha256,
    sha256Original,
    capturedAt: capturedAtOf(get("capturedat"), now),
    videoPlate,
    videoPlateChecked: get("platechecked") === "1",
    videoPlateConfirmed: get("plateconfirmed") === "1",
  };
}

/** The stored file's columns for what was declared and what the server computed (`sha256`: the bytes that arrived). */
export function evidenceColumns(declared: DeclaredEvidence, sha256: string, uploadedBy: string | null) {
  return {
    sha256,
    sha256Original: declared.sha256Original ?? sha256,
    capturedAt: declared.capturedAt,
    uploadedBy,
    videoPlate: declared.videoPlate,
    videoPlateChecked: declared.videoPlateChecked,
    videoPlateConfirmed: declared.videoPlateConfirmed,
  };
}

/** A SHA-256 fed as the bytes stream in (the multipart route hashes what it writes). */
export const newSha256 = (): Hash => createHash("sha256");

/** The hex SHA-256 of a stream, read to its end (memory stays bounded whatever its size). */
export async function sha256Of(stream: Readable): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

type ReadableStore = DataStore & { read(id: string): Readable | Promise<Readable> };

/**
 * The hex SHA-256 of a finished resumable upload's bytes, read back from the resumable store (disk or the bucket) before it
 * becomes a stored file: adopting it is a rename or a server-side copy, so the stored bytes are exactly these.
 */
export async function sha256OfResumable(store: DataStore, uploadId: string): Promise<string> {
  const read = (store as Partial<ReadableStore>).read;
  if (typeof read !== "function") throw new Error("the resumable store cannot read an upload back");
  return sha256Of(await read.call(store, uploadId));
}
