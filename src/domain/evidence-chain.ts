// The order's evidence chain as both ends compute it (pure; server, verify worker, tests): each entry's canonical text and
// hash input, the sealed head's signed message, and the names of what can fail. The server writes entries with these
// texts; the browser recomputes them with WebCrypto, so one definition keeps both ends byte for byte the same.

/** The kinds of evidence an order collects (the chain's `tipo`). */
export type EvidenceKind =
  | "video-inicial"
  | "video-final"
  | "foto"
  | "foto-servico"
  | "video-servico"
  | "laudo"
  | "recibo"
  /** A photo of an inspection's item, damage mark or dashboard (issue 53). */
  | "foto-vistoria"
  /** A concluded inspection's content (inspectionContentText, stored as a JSON file). */
  | "vistoria"
  /** The member's acknowledgement of a concluded inspection, on the follow link: who, when, which content. */
  | "confirmacao-vistoria";

/** The hash that stands before the first entry: 64 zeros. */
export const GENESIS_HASH = "0".repeat(64);

/** What one chain entry commits to; every field is text so both ends serialise it the same way. */
export interface ChainEntryFields {
  /** The order (appointment) id. */
  ordem: string;
  /** 1, 2, 3 … within the order. */
  seq: number;
  tipo: EvidenceKind;
  /** The stored file's name (uuid.ext). */
  arquivo: string;
  /** Lower-case hex SHA-256 of the stored bytes (what the server verified on arrival). */
  sha256: string;
  /** Lower-case hex SHA-256 of the file before the phone compressed it (equal to sha256 when it was not compressed); "" if unknown. */
  sha256Original: string;
  /** When the server received it (ISO 8601, UTC, milliseconds). */
  chegadaEm: string;
  /** The capture time the device claimed (ISO 8601) or "". */
  capturadoEm: string;
  /** The point user who sent it (uuid) or "". */
  enviadoPor: string;
  /** The previous entry's hash, GENESIS_HASH for seq 1. */
  anterior: string;
}

/**
 * The exact text an entry's hash is taken of: a version tag and each field on its own line, in a fixed order. Fields
 * never contain a line break (ids, hex, ISO times, kinds), so the text is unambiguous.
 */
export function chainEntryText(e: ChainEntryFields): string {
  return [
    "evidencia-v1",
    e.ordem,
    String(e.seq),
    e.tipo,
    e.arquivo,
    e.sha256,
    e.sha256Original,
    e.chegadaEm,
    e.capturadoEm,
    e.enviadoPor,
    e.anterior,
  ].join("\n");
}

/** The text the server signs with its Ed25519 key when the order ends: the order, how many entries, and the head's hash. */
export function sealText(ordem: string, count: number, headHash: string): string {
  return ["selo-evidencias-v1", ordem, String(count), headHash].join("\n");
}

/** Lower-case hex of bytes. */
export function toHex(bytes: Uint8Array): string {
  let out = "";
  for (const b of bytes) out += b.toString(16).padStart(2, "0");
  return out;
}

export const SHA256_HEX = /^[0-9a-f]{64}$/;

/** What the verification can find wrong, each named to the user with the file or the entry it concerns. */
export type EvidenceFailure =
  | { kind: "arquivo-alterado"; seq: number; arquivo: string; tipo: EvidenceKind }
  | { kind: "arquivo-ausente"; seq: number; arquivo: string; tipo: EvidenceKind }
  | { kind: "elo-quebrado"; seq: number; arquivo: string; tipo: EvidenceKind }
  | { kind: "assinatura-invalida" }
  | { kind: "selo-nao-confere" };

/** A plate read in the first seconds of the initial video, against the order's plate. */
export type VideoPlateCheck = "confere" | "nao-confere" | "nao-lida";
