// Verifies an order's evidence where the reader is: downloads every file and recomputes its SHA-256, recomputes every entry of
// the evidence chain and its link to the one before, and checks the server's Ed25519 seal of the chain's head, all with
// WebCrypto (verify worker logic, no Comlink, testable directly).
import type { ChainEntry, EvidenceChain } from "../../contract/evidencias-cadeia.ts";
import { chainEntryText, GENESIS_HASH, sealText, toHex, type EvidenceFailure, type EvidenceKind } from "../../src/domain/evidence-chain.ts";

/** Where the verification stands: files checked of all, and bytes downloaded so far. */
export interface VerifyProgress {
  filesDone: number;
  filesTotal: number;
  bytesDone: number;
}

/**
 * The signature's standing: checked and good ("conferida"), none yet (the order is open: "ausente"), or this browser has no
 * Ed25519 in WebCrypto ("sem-suporte": neither good nor bad, said as such). A bad one is a failure.
 */
export type SealStanding = "conferida" | "ausente" | "sem-suporte" | "invalida";

export type VerifyOutcome =
  /** Every file was downloaded and every check ran: `failures` empty means the evidence is untouched. */
  | {
      kind: "verificado";
      files: number;
      seal: SealStanding;
      failures: EvidenceFailure[];
      /** Entries added after the order ended (chained, not under the seal): photos, laudos or recibos sent later. */
      afterSeal: number;
    }
  /**
   * A file could not be downloaded for a reason that says nothing about the evidence (no network, the session ended, a server
   * error): the verification did not finish, and no verdict is given. status 0: no answer.
   */
  | { kind: "incompleto"; seq: number; arquivo: string; tipo: EvidenceKind; status: number };

export interface VerifyOptions {
  /** Sent with every download (the point's authToken); none for the member's signed URLs or a cookie. */
  headers?: Record<string, string>;
  /** Resolves each entry's url (absolute or root-relative) to what is fetched. */
  base?: string;
  onProgress?: (p: VerifyProgress) => void;
  signal?: AbortSignal;
}

/** Progress goes out at most this often while a file downloads (each file's end always goes). */
const PROGRESS_GAP_MS = 200;

const utf8 = new TextEncoder();

async function sha256Hex(bytes: BufferSource): Promise<string> {
  return toHex(new Uint8Array(await crypto.subtle.digest("SHA-256", bytes)));
}

const fromBase64 = (text: string): Uint8Array<ArrayBuffer> | null => {
  try {
    return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
};

/** The entry's own hash as the server should have written it: SHA-256 of its canonical text. */
export const entryHash = (ordem: string, e: ChainEntry) =>
  sha256Hex(
    utf8.encode(
      chainEntryText({
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
      }),
    ),
  );

/** Entries whose own hash does not recompute, or that do not point at the entry before them (the first at GENESIS_HASH). */
export async function brokenLinks(chain: EvidenceChain): Promise<EvidenceFailure[]> {
  const failures: EvidenceFailure[] = [];
  let previous = GENESIS_HASH;
  for (const e of chain.entradas) {
    if (e.anterior !== previous || (await entryHash(chain.ordem, e)) !== e.hash) {
      failures.push({ kind: "elo-quebrado", seq: e.seq, arquivo: e.arquivo, tipo: e.tipo });
    }
    previous = e.hash;
  }
  return failures;
}

/** The seal against the chain (same head, same length) and its Ed25519 signature over sealText with the published key. */
export async function checkSeal(chain: EvidenceChain): Promise<{ seal: SealStanding; failures: EvidenceFailure[] }> {
  const selo = chain.selo;
  if (!selo) return { seal: "ausente", failures: [] };
  const failures: EvidenceFailure[] = [];
  // The seal covers the entries up to the order's end; a photo, laudo or recibo added later is chained after it (its link
  // is checked like any other) but not signed: the head sealed is the entry at `quantidade`, not the chain's last.
  const head = selo.quantidade === 0 ? GENESIS_HASH : chain.entradas[selo.quantidade - 1]?.hash;
  if (selo.hash !== head || selo.quantidade > chain.entradas.length) failures.push({ kind: "selo-nao-confere" });
  const key = fromBase64(chain.chavePublica);
  const signature = fromBase64(selo.assinatura);
  let valid = false;
  if (key && signature && key.length === 32) {
    let imported: CryptoKey | null = null;
    try {
      imported = await crypto.subtle.importKey("raw", key, { name: "Ed25519" }, false, ["verify"]);
    } catch (err) {
      // A browser without Ed25519 in WebCrypto cannot tell: that is not a bad signature.
      if (err instanceof DOMException && err.name === "NotSupportedError") return { seal: "sem-suporte", failures };
    }
    if (imported) {
      const message = utf8.encode(sealText(chain.ordem, selo.quantidade, selo.hash));
      valid = await crypto.subtle.verify({ name: "Ed25519" }, imported, signature, message).catch(() => false);
    }
  }
  if (!valid) failures.push({ kind: "assinatura-invalida" });
  return { seal: valid ? "conferida" : "invalida", failures };
}

type Download = { status: number; hash?: string };

const seqOf = (f: EvidenceFailure) => ("seq" in f ? f.seq : Infinity);

/** Downloads one file (never from the HTTP cache: the server's bytes now), counting its bytes as they come, and hashes it. */
async function download(url: string, opts: VerifyOptions, counted: (bytes: number) => void): Promise<Download> {
  let res: Response;
  try {
    res = await fetch(url, { headers: opts.headers, credentials: "same-origin", cache: "no-store", signal: opts.signal });
  } catch {
    return { status: 0 };
  }
  if (!res.ok || !res.body) {
    await res.body?.cancel().catch(() => undefined);
    return { status: res.status };
  }
  // WebCrypto digests one buffer: the file is gathered whole (one file at a time), sized by its Content-Length when given.
  const declared = Number(res.headers.get("content-length"));
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = res.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
      counted(value.byteLength);
    }
  } catch {
    return { status: 0 };
  }
  const bytes = new Uint8Array(Number.isSafeInteger(declared) && declared === size ? declared : size);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.byteLength;
  }
  chunks.length = 0;
  return { status: res.status, hash: await sha256Hex(bytes) };
}

/**
 * Verifies `chain`: its links and seal first (no download needed), then each file in chain order, compared with the hash its
 * entry recorded on arrival. Every failure found is named; a download that fails for another reason than a missing file
 * stops the verification without a verdict.
 */
export async function verifyEvidence(chain: EvidenceChain, opts: VerifyOptions = {}): Promise<VerifyOutcome> {
  const entries = [...chain.entradas].sort((a, b) => a.seq - b.seq);
  const ordered: EvidenceChain = { ...chain, entradas: entries };
  const links = await brokenLinks(ordered);
  const { seal, failures: sealFailures } = await checkSeal(ordered);

  const progress: VerifyProgress = { filesDone: 0, filesTotal: entries.length, bytesDone: 0 };
  let sentAt = 0;
  const report = (force: boolean) => {
    const now = performance.now();
    if (!opts.onProgress || (!force && now - sentAt < PROGRESS_GAP_MS)) return;
    sentAt = now;
    opts.onProgress({ ...progress });
  };
  report(true);

  const files: EvidenceFailure[] = [];
  // The same stored file in two entries (e.g. attached as two kinds) is downloaded once.
  const seen = new Map<string, Download>();
  for (const e of entries) {
    const url = new URL(e.url, opts.base ?? self.location.href).href;
    let got = seen.get(url);
    if (!got) {
      got = await download(url, opts, (bytes) => {
        progress.bytesDone += bytes;
        report(false);
      });
      seen.set(url, got);
    }
    if (got.status === 404 || got.status === 410) files.push({ kind: "arquivo-ausente", seq: e.seq, arquivo: e.arquivo, tipo: e.tipo });
    else if (got.hash === undefined) return { kind: "incompleto", seq: e.seq, arquivo: e.arquivo, tipo: e.tipo, status: got.status };
    else if (got.hash !== e.sha256.toLowerCase()) files.push({ kind: "arquivo-alterado", seq: e.seq, arquivo: e.arquivo, tipo: e.tipo });
    progress.filesDone++;
    report(true);
  }
  // In chain order (a file's failure before its entry's), then the seal's.
  const bySeq = [...files, ...links].sort((a, b) => seqOf(a) - seqOf(b));
  const afterSeal = chain.selo ? Math.max(0, entries.length - chain.selo.quantidade) : 0;
  return { kind: "verificado", files: entries.length, seal, failures: [...bySeq, ...sealFailures], afterSeal };
}
