// Each order's evidence chain (issue 39): appending a file attached to the order under the order's lock, sealing the head
// with the server's Ed25519 key when the order ends, the key pair itself (made once, shared by every instance) and the
// chain as the point, the central and the member read it to verify in the browser (server only).
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, type KeyObject } from "node:crypto";
import type { Db } from "../db/client.ts";
import { chainEntryText, GENESIS_HASH, sealText, type EvidenceKind, type VideoPlateCheck } from "../../src/domain/evidence-chain.ts";
import { displayPlate, normalizePlate, plateFormat } from "../../src/domain/plate.ts";
import type { EvidenceChain } from "../../contract/evidencias-cadeia.ts";
import * as chain from "../repositories/evidence-chain.ts";
import { sharedKey } from "../repositories/push-subscriptions.ts";
import { fileByName } from "../repositories/stored-files.ts";

/** The key pair as server_keys keeps it: the private key as PKCS#8 PEM, the public one as its raw 32 bytes in base64. */
interface StoredEvidenceKey {
  privateKeyPem: string;
  publicKeyRaw: string;
}

export interface EvidenceKeys {
  privateKey: KeyObject;
  /** Base64 of the raw 32-byte public key. */
  publicKeyRaw: string;
  /** The same key as a JWK's x (base64url). */
  jwkX: string;
}

const KEY_NAME = "evidence-ed25519";
const loaded = new WeakMap<Db, Promise<EvidenceKeys>>();

function makeKey(): StoredEvidenceKey {
  const { privateKey, publicKey } = generateKeyPairSync("ed25519");
  const x = publicKey.export({ format: "jwk" }).x!;
  return {
    privateKeyPem: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    publicKeyRaw: Buffer.from(x, "base64url").toString("base64"),
  };
}

/**
 * The server's Ed25519 pair: made by the first instance that needs it and kept in server_keys (insert … on conflict do
 * nothing, then read back), so every instance signs with the same key and the published key never changes.
 */
export function evidenceKeys(db: Db): Promise<EvidenceKeys> {
  let keys = loaded.get(db);
  if (!keys) {
    keys = sharedKey<StoredEvidenceKey>(db, KEY_NAME, makeKey).then((stored) => {
      const privateKey = createPrivateKey(stored.privateKeyPem);
      const x = createPublicKey(privateKey).export({ format: "jwk" }).x!;
      return { privateKey, publicKeyRaw: Buffer.from(x, "base64url").toString("base64"), jwkX: x };
    });
    keys.catch(() => loaded.delete(db));
    loaded.set(db, keys);
  }
  return keys;
}

const sha256Hex = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/**
 * Appends a file attached to an order to the order's chain, in the caller's transaction: seq = last + 1, anterior = the
 * last entry's hash (GENESIS_HASH for the first), the entry's hash over chainEntryText. The caller took the order's lock
 * before writing anything that references the order (lockOwnAppointment); it is taken again here (a no-op then), so two
 * attaches of one order are numbered one after the other. The same file as the same kind again (an outbox replay) adds
 * nothing. A file stored before the server verified hashes on arrival (no sha256) is not chained. Answers the entry, or
 * undefined when nothing was added.
 */
export async function appendEvidence(tx: Db, input: { appointmentId: string; storedName: string; kind: EvidenceKind }) {
  const file = await fileByName(tx, input.storedName);
  if (!file?.sha256) return undefined;
  await chain.lockOrder(tx, input.appointmentId);
  if (await chain.entryOfFile(tx, input.appointmentId, file.id, input.kind)) return undefined;
  const last = await chain.lastEntry(tx, input.appointmentId);
  const seq = (last?.seq ?? 0) + 1;
  const anterior = last?.entryHash ?? GENESIS_HASH;
  const sha256Original = file.sha256Original ?? "";
  const text = chainEntryText({
    ordem: input.appointmentId,
    seq,
    tipo: input.kind,
    arquivo: file.storedName,
    sha256: file.sha256,
    sha256Original,
    chegadaEm: file.createdAt.toISOString(),
    capturadoEm: file.capturedAt?.toISOString() ?? "",
    enviadoPor: file.uploadedBy ?? "",
    anterior,
  });
  return chain.insertEntry(tx, {
    appointmentId: input.appointmentId,
    seq,
    kind: input.kind,
    storedFileId: file.id,
    fileSha256: file.sha256,
    fileSha256Original: sha256Original,
    // As hashed: the ISO text has milliseconds, so the time kept is the one the text names.
    arrivedAt: new Date(file.createdAt.toISOString()),
    capturedAt: file.capturedAt,
    uploadedBy: file.uploadedBy,
    prevHash: anterior,
    entryHash: sha256Hex(text),
  });
}

/**
 * Seals the order's chain when it ends, in the finish's transaction: the Ed25519 signature of sealText(order, entries, head)
 * (an order with no entry seals 0 and GENESIS_HASH). A replayed finish keeps the first seal.
 */
export async function sealEvidence(tx: Db, appointmentId: string, keys: EvidenceKeys, now: Date) {
  await chain.lockOrder(tx, appointmentId);
  if (await chain.sealOf(tx, appointmentId)) return;
  const head = await chain.lastEntry(tx, appointmentId);
  const count = head?.seq ?? 0;
  const headHash = head?.entryHash ?? GENESIS_HASH;
  const signature = sign(null, Buffer.from(sealText(appointmentId, count, headHash), "utf8"), keys.privateKey);
  await chain.insertSealOnce(tx, {
    appointmentId,
    entryCount: count,
    headHash,
    signature: signature.toString("base64"),
    signedAt: now,
  });
}

/** The published key (GET /.well-known/evidence-key). */
export async function evidenceKeyAnswer(db: Db) {
  const keys = await evidenceKeys(db);
  return {
    algoritmo: "Ed25519" as const,
    chavePublica: keys.publicKeyRaw,
    jwk: { kty: "OKP" as const, crv: "Ed25519" as const, x: keys.jwkX },
  };
}

/** The Mercosul form of a plate (an old plate's second digit becomes the letter A-J); a Mercosul plate stays as it is. */
function asMercosul(plate: string): string {
  const p = normalizePlate(plate);
  if (plateFormat(p) !== "antiga") return p;
  return `${p.slice(0, 4)}${String.fromCharCode(65 + Number(p[4]))}${p.slice(5)}`;
}

/** The same plate, ignoring hyphen and case, and an old plate equal to its Mercosul conversion. */
export const samePlate = (a: string, b: string) => asMercosul(a) === asMercosul(b);

/** The plate the phone read in the order's current initial video, against the order's plate. */
function videoPlateOf(
  file: { videoPlate: string | null; videoPlateChecked: boolean; videoPlateConfirmed: boolean } | undefined,
  orderPlate: string,
): EvidenceChain["placaVideo"] {
  const read = file?.videoPlate ?? null;
  const situacao: VideoPlateCheck =
    !file?.videoPlateChecked || !read ? "nao-lida" : samePlate(read, orderPlate) ? "confere" : "nao-confere";
  return {
    placaLida: read ? displayPlate(read) : null,
    situacao,
    confirmadaPeloAtendente: file?.videoPlateConfirmed ?? false,
  };
}

/**
 * An order's chain as the verifier reads it: its entries in seq order (`urlOf` says where each file's bytes are fetched:
 * the point's, the central's or the member's file route), the seal (null while the order is open), the public key and the
 * initial video's plate check. `names: false` leaves the senders' names out (the member's page). The caller has checked that
 * the reader may see this order; undefined when there is no such order.
 */
export async function evidenceChainOf(
  db: Db,
  appointmentId: string,
  urlOf: (storedName: string) => string,
  opts: { names?: boolean } = {},
): Promise<EvidenceChain | undefined> {
  const order = await chain.orderWithPlate(db, appointmentId);
  if (!order) return undefined;
  const [entries, seal, keys, video] = await Promise.all([
    chain.entriesOf(db, order.id),
    chain.sealOf(db, order.id),
    evidenceKeys(db),
    order.initialVideo ? fileByName(db, order.initialVideo) : Promise.resolve(undefined),
  ]);
  const names = opts.names ?? true;
  return {
    ordem: order.id,
    entradas: entries.map(({ entry, storedName, senderName }) => ({
      seq: entry.seq,
      tipo: entry.kind as EvidenceKind,
      arquivo: storedName,
      url: urlOf(storedName),
      sha256: entry.fileSha256,
      sha256Original: entry.fileSha256Original,
      chegadaEm: entry.arrivedAt.toISOString(),
      capturadoEm: entry.capturedAt?.toISOString() ?? "",
      enviadoPor: entry.uploadedBy ?? "",
      enviadoPorNome: names ? (senderName ?? null) : null,
      anterior: entry.prevHash,
      hash: entry.entryHash,
    })),
    selo: seal
      ? {
          quantidade: seal.entryCount,
          hash: seal.headHash,
          assinatura: seal.signature,
          assinadoEm: seal.signedAt.toISOString(),
        }
      : null,
    chavePublica: keys.publicKeyRaw,
    placaVideo: order.initialVideo ? videoPlateOf(video, order.plate) : null,
  };
}
