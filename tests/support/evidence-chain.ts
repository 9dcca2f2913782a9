// An order's evidence chain built in the browser the way the server builds it (WebCrypto SHA-256 over chainEntryText, linked
// from GENESIS_HASH, sealed with a fresh Ed25519 key), its files served as blob URLs (browser tests).
import type { ChainEntry, EvidenceChain } from "../../contract/evidencias-cadeia";
import { chainEntryText, GENESIS_HASH, sealText, toHex, type EvidenceKind } from "../../src/domain/evidence-chain";

export const ORDER = "7d1f9a52-3c4b-4e8f-9a10-2b3c4d5e6f70";
const utf8 = new TextEncoder();
export const hex = async (bytes: BufferSource) => toHex(new Uint8Array(await crypto.subtle.digest("SHA-256", bytes)));
export const b64 = (bytes: ArrayBuffer | Uint8Array) => btoa(String.fromCharCode(...new Uint8Array(bytes)));

const urls: string[] = [];
/** Frees every blob URL made so far (a test file's afterAll). */
export const revokeChainUrls = () => urls.splice(0).forEach((u) => URL.revokeObjectURL(u));
const blobUrl = (bytes: Uint8Array<ArrayBuffer>) => {
  const url = URL.createObjectURL(new Blob([bytes]));
  urls.push(url);
  return url;
};

export function bytesOf(size: number, seed: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(size);
  for (let i = 0; i < size; i++) out[i] = (i * 31 + seed) % 256;
  return out;
}

/** The entry's hash recomputed over its fields (after a test changed one). */
export async function rehash(e: ChainEntry, ordem = ORDER): Promise<ChainEntry> {
  const fields = {
    ordem,
    seq: e.seq,
    tipo: e.tipo,
    arquivo: e.arquivo,
    sha256: e.sha256,
    sha256Original: e.sha256Original,
    chegadaEm: e.chegadaEm,
    capturadoEm: e.capturadoEm,
    enviadoPor: e.enviadoPor,
    anterior: e.anterior,
  };
  return { ...e, hash: await hex(utf8.encode(chainEntryText(fields))) };
}

export interface BuiltChain {
  chain: EvidenceChain;
  files: Uint8Array<ArrayBuffer>[];
}

/** Entries over generated files (each `size + i` bytes), linked from GENESIS_HASH, sealed with a fresh Ed25519 key when asked. */
export async function buildChain(kinds: EvidenceKind[], sealed: boolean, size = 4096): Promise<BuiltChain> {
  const files = kinds.map((_, i) => bytesOf(size + i, i + 1));
  return {
    chain: await chainOver(
      kinds.map((tipo, i) => ({ tipo, blob: new Blob([files[i]!]) })),
      sealed,
    ),
    files,
  };
}

/**
 * An order's chain over these files (served as blob URLs), linked from GENESIS_HASH, sealed with a fresh Ed25519 key when
 * asked (also the device bench's order, bench/browser/device-page.ts).
 */
export async function chainOver(files: { tipo: EvidenceKind; blob: Blob }[], sealed: boolean): Promise<EvidenceChain> {
  const keys = (await crypto.subtle.generateKey({ name: "Ed25519" }, true, ["sign", "verify"])) as CryptoKeyPair;
  const entradas: ChainEntry[] = [];
  let anterior = GENESIS_HASH;
  for (const [i, { tipo, blob }] of files.entries()) {
    const url = URL.createObjectURL(blob);
    urls.push(url);
    const entry = await rehash({
      seq: i + 1,
      tipo,
      arquivo: `${crypto.randomUUID()}.${tipo.startsWith("video") ? (blob.type.includes("webm") ? "webm" : "mp4") : "jpg"}`,
      url,
      sha256: await hex(await blob.arrayBuffer()),
      sha256Original: "",
      chegadaEm: new Date(Date.UTC(2025, 0, 10, 12, i)).toISOString(),
      capturadoEm: "",
      enviadoPor: "",
      enviadoPorNome: null,
      anterior,
      hash: "",
    });
    entradas.push(entry);
    anterior = entry.hash;
  }
  const chavePublica = b64(await crypto.subtle.exportKey("raw", keys.publicKey));
  const selo = sealed
    ? {
        quantidade: entradas.length,
        hash: anterior,
        assinatura: b64(
          await crypto.subtle.sign({ name: "Ed25519" }, keys.privateKey, utf8.encode(sealText(ORDER, entradas.length, anterior))),
        ),
        assinadoEm: new Date().toISOString(),
      }
    : null;
  return { ordem: ORDER, entradas, selo, chavePublica, placaVideo: null };
}

/** The chain with entry `seq`'s file served with one byte changed. */
export function withAlteredFile(b: BuiltChain, seq: number): EvidenceChain {
  const bytes = b.files[seq - 1]!.slice();
  bytes[100] = (bytes[100]! + 1) % 256;
  const url = blobUrl(bytes);
  return { ...b.chain, entradas: b.chain.entradas.map((e) => (e.seq === seq ? { ...e, url } : e)) };
}

/** The chain with one field of entry `seq` changed (its capture time), its stored hash left as it was. */
export function withEditedEntry(chain: EvidenceChain, seq: number): EvidenceChain {
  return { ...chain, entradas: chain.entradas.map((e) => (e.seq === seq ? { ...e, capturadoEm: "2025-01-01T00:00:00.000Z" } : e)) };
}

/** The seal's signature with one bit flipped. */
export function withBadSignature(chain: EvidenceChain): EvidenceChain {
  const sig = Uint8Array.from(atob(chain.selo!.assinatura), (c) => c.charCodeAt(0));
  sig[0]! ^= 1;
  return { ...chain, selo: { ...chain.selo!, assinatura: b64(sig) } };
}
