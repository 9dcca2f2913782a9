// The evidence chain of an order (issue 39): the server's public signing key, and an order's chain as the point and the
// central read it to verify every file in the browser (schemas shared by server and client; the client imports types only).
import { Type, type Static } from "typebox";
import { int, list, obj, oneOf, params, str, strOrNull } from "./fields.ts";
import { defineRoute } from "./route.ts";

const KINDS = [
  "video-inicial",
  "video-final",
  "foto",
  "foto-servico",
  "video-servico",
  "laudo",
  "recibo",
  "foto-vistoria",
  "vistoria",
  "confirmacao-vistoria",
] as const;

/** One entry of an order's evidence chain: the file, its hashes and times, and the entry's own hash over all of it. */
export const ChainEntry = obj({
  seq: int("1, 2, 3 … within the order"),
  tipo: oneOf(KINDS),
  arquivo: str("the stored name (uuid.ext)"),
  url: str("where the verifier downloads the bytes (the point's, the central's or the member's file route)"),
  sha256: str("hex SHA-256 of the stored bytes, as verified on arrival"),
  sha256Original: str("hex SHA-256 of the file before the phone compressed it; '' when unknown"),
  chegadaEm: str("ISO 8601 UTC, when the server received it"),
  capturadoEm: str("ISO 8601, the capture time the device claimed; '' when none"),
  enviadoPor: str("the sending point user's id; '' when unknown"),
  enviadoPorNome: strOrNull("the sender's name (null on the member's page)"),
  anterior: str("the previous entry's hash (64 zeros for the first)"),
  hash: str("hex SHA-256 of chainEntryText (src/domain/evidence-chain.ts) of this entry"),
});

/** The signature of the chain's head, made when the order ended. */
export const ChainSeal = obj({
  quantidade: int("entries sealed"),
  hash: str("the head entry's hash"),
  assinatura: str("base64 Ed25519 signature of sealText(ordem, quantidade, hash)"),
  assinadoEm: str("ISO 8601"),
});

/** The plate the OCR read in the first seconds of the initial video, against the order's plate. */
export const VideoPlate = obj({
  placaLida: strOrNull("as read (ABC-1234 / ABC1D23), null when no plate was read"),
  situacao: oneOf(["confere", "nao-confere", "nao-lida"] as const),
  confirmadaPeloAtendente: Type.Boolean({ description: "the attendant confirmed a plate that differs" }),
});

export const EvidenceChain = obj({
  ordem: str("the order (appointment) id"),
  entradas: list(ChainEntry),
  selo: Type.Union([ChainSeal, Type.Null()], { description: "null while the order is open" }),
  chavePublica: str("base64 of the raw 32-byte Ed25519 public key (the same as /.well-known/evidence-key)"),
  placaVideo: Type.Union([VideoPlate, Type.Null()], { description: "null when the order has no initial video" }),
});

export const evidenceKey = defineRoute({
  method: "GET",
  url: "/.well-known/evidence-key",
  summary: "The server's Ed25519 public key that signs every ended order's evidence chain.",
  access: "public",
  response: {
    200: obj({
      algoritmo: Type.Literal("Ed25519"),
      chavePublica: str("base64 of the raw 32-byte public key"),
      jwk: obj({ kty: Type.Literal("OKP"), crv: Type.Literal("Ed25519"), x: str("base64url") }),
    }),
  },
});

export const orderEvidenceChain = defineRoute({
  method: "GET",
  url: "/execucao/:id/evidencias",
  summary: "One of the point's orders' evidence chain, its seal and the video's plate check, to verify in the browser.",
  access: "point",
  params: params("id"),
  response: { 200: EvidenceChain },
  errors: { 404: "not an order of the token's point" },
});

export const centralEvidenceChain = defineRoute({
  method: "GET",
  url: "/central/ordens/:id/evidencias",
  summary: "Any order's evidence chain, its seal and the video's plate check (the central's evidence panel).",
  access: "central",
  params: params("id"),
  response: { 200: EvidenceChain },
  errors: { 404: "no such order" },
});

export const KIND_VALUES = KINDS;
export type ChainEntry = Static<typeof ChainEntry>;
export type ChainSeal = Static<typeof ChainSeal>;
export type EvidenceChain = Static<typeof EvidenceChain>;
export type VideoPlate = Static<typeof VideoPlate>;
