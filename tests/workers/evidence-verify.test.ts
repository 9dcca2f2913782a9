// "Verificar evidências" in real Chromium: a chain built and sealed here with WebCrypto (SHA-256, an Ed25519 key made for the
// test), its files served as blob URLs or by the real server; untouched evidence passes, and an altered byte, an altered entry,
// a bad signature and a missing file are each named. Also through the bridge and the worker, with its progress.
import { afterAll, describe, expect, it } from "vitest";
import type { EvidenceChain } from "../../contract/evidencias-cadeia";
import type { EvidenceKind } from "../../src/domain/evidence-chain";
import { verifyEvidence } from "../../workers/evidence/verify";
import { stopVerify, verifyEvidenceChain, type VerifyProgress } from "../../src/lib/workers/verify-bridge";
import {
  buildChain,
  bytesOf,
  hex,
  rehash,
  revokeChainUrls,
  withAlteredFile,
  withBadSignature,
  withEditedEntry,
} from "../support/evidence-chain";
import { api, demoSession } from "./helpers";

afterAll(() => {
  revokeChainUrls();
  stopVerify();
});

const KINDS: EvidenceKind[] = ["video-inicial", "foto", "foto", "laudo", "video-final"];

describe("evidence verification", () => {
  it("passes untouched, sealed evidence: every file, link and the signature", async () => {
    const { chain } = await buildChain(KINDS, true);
    expect(await verifyEvidence(chain)).toEqual({ kind: "verificado", files: 5, seal: "conferida", failures: [], afterSeal: 0 });
  });

  it("passes an open order's chain without a seal, saying the signature is not there yet", async () => {
    const { chain } = await buildChain(KINDS.slice(0, 3), false);
    expect(await verifyEvidence(chain)).toEqual({ kind: "verificado", files: 3, seal: "ausente", failures: [], afterSeal: 0 });
  });

  it("names the file with one byte altered, and only it", async () => {
    const built = await buildChain(KINDS, true);
    const out = await verifyEvidence(withAlteredFile(built, 3));
    const e = built.chain.entradas[2]!;
    expect(out).toEqual({
      kind: "verificado",
      files: 5,
      seal: "conferida",
      failures: [{ kind: "arquivo-alterado", seq: 3, arquivo: e.arquivo, tipo: "foto" }],
      afterSeal: 0,
    });
  });

  it("names the broken link at the entry whose field was altered, and the next one when its hash is rewritten too", async () => {
    const built = await buildChain(KINDS, true);
    const e2 = built.chain.entradas[1]!;
    // One field of entry 2 changed (its capture time), its stored hash left: entry 2 no longer recomputes.
    const edited = withEditedEntry(built.chain, 2);
    const one = await verifyEvidence(edited);
    expect(one.kind === "verificado" && one.failures).toEqual([{ kind: "elo-quebrado", seq: 2, arquivo: e2.arquivo, tipo: "foto" }]);
    // Its hash recomputed too: entry 2 holds, but entry 3 no longer points at it.
    const rehashed = await rehash(edited.entradas[1]!);
    const two = await verifyEvidence({ ...built.chain, entradas: built.chain.entradas.map((e) => (e.seq === 2 ? rehashed : e)) });
    const e3 = built.chain.entradas[2]!;
    expect(two.kind === "verificado" && two.failures).toEqual([{ kind: "elo-quebrado", seq: 3, arquivo: e3.arquivo, tipo: "foto" }]);
  });

  it("names a bad signature, and a seal that does not match the chain", async () => {
    const built = await buildChain(KINDS, true);
    const other = await buildChain(["foto"], true);
    // The seal signed by another key than the one published.
    const foreign = await verifyEvidence({ ...built.chain, chavePublica: other.chain.chavePublica });
    expect(foreign).toMatchObject({ seal: "invalida", failures: [{ kind: "assinatura-invalida" }] });
    // The signature's bytes changed.
    const flipped = await verifyEvidence(withBadSignature(built.chain));
    expect(flipped).toMatchObject({ seal: "invalida", failures: [{ kind: "assinatura-invalida" }] });
    // An entry dropped from the end: the seal counts five and names another head (its signature still good).
    const shorter = await verifyEvidence({ ...built.chain, entradas: built.chain.entradas.slice(0, 4) });
    expect(shorter).toMatchObject({ files: 4, seal: "conferida", failures: [{ kind: "selo-nao-confere" }] });
  });

  it("passes a file added after the order ended: chained after the sealed head, counted outside the signature", async () => {
    const built = await buildChain(KINDS, true);
    const last = built.chain.entradas.at(-1)!;
    const bytes = bytesOf(5000, 9);
    const late = await rehash({
      ...last,
      seq: 6,
      tipo: "recibo",
      arquivo: `${crypto.randomUUID()}.pdf`,
      url: URL.createObjectURL(new Blob([bytes])),
      sha256: await hex(bytes),
      anterior: last.hash,
    });
    const out = await verifyEvidence({ ...built.chain, entradas: [...built.chain.entradas, late] });
    expect(out).toEqual({ kind: "verificado", files: 6, seal: "conferida", failures: [], afterSeal: 1 });
    // The same late entry not linked to the sealed head is a broken link, not a pass.
    const unlinked = await verifyEvidence({
      ...built.chain,
      entradas: [...built.chain.entradas, await rehash({ ...late, anterior: "f".repeat(64) })],
    });
    expect(unlinked).toMatchObject({ failures: [{ kind: "elo-quebrado", seq: 6 }] });
  });

  it("names a file the server no longer has (404), and gives no verdict when the network fails", async () => {
    const { token } = await demoSession();
    const built = await buildChain(["foto", "foto"], false);
    const gone = `${api}/uploads/files/${crypto.randomUUID()}.jpg`;
    const chain = { ...built.chain, entradas: built.chain.entradas.map((e) => (e.seq === 2 ? { ...e, url: gone } : e)) };
    const out = await verifyEvidence(chain, { headers: { authToken: token } });
    expect(out).toMatchObject({ kind: "verificado", failures: [{ kind: "arquivo-ausente", seq: 2 }] });
    const revoked = URL.createObjectURL(new Blob(["x"]));
    URL.revokeObjectURL(revoked);
    const cut = { ...built.chain, entradas: built.chain.entradas.map((e) => (e.seq === 1 ? { ...e, url: revoked } : e)) };
    expect(await verifyEvidence(cut)).toMatchObject({ kind: "incompleto", seq: 1, status: 0 });
  });

  it("downloads with the given headers from the real server and verifies what it stored", async () => {
    const { token } = await demoSession();
    const bytes = bytesOf(2000, 9);
    bytes.set([0xff, 0xd8, 0xff, 0xe0]);
    const form = new FormData();
    form.append("file", new Blob([bytes], { type: "image/jpeg" }), "foto.jpg");
    const stored = (await (await fetch(`${api}/uploads/upload`, { method: "POST", headers: { authToken: token }, body: form })).json())
      .file as string;
    const built = await buildChain(["foto"], true);
    const entry = await rehash({
      ...built.chain.entradas[0]!,
      arquivo: stored,
      url: `${api}/uploads/files/${stored}`,
      sha256: await hex(bytes),
    });
    const chain: EvidenceChain = { ...built.chain, entradas: [entry], selo: null };
    expect(await verifyEvidence(chain, { headers: { authToken: token } })).toMatchObject({ kind: "verificado", failures: [] });
    // Without the header the point's file route refuses (401): no verdict, not "altered".
    expect(await verifyEvidence(chain, { headers: {} })).toMatchObject({ kind: "incompleto", status: 401 });
  });

  it("runs in the verify worker through the bridge, reporting each file done", async () => {
    const built = await buildChain(KINDS, true, 300_000);
    const seen: VerifyProgress[] = [];
    const out = await verifyEvidenceChain(withAlteredFile(built, 5), undefined, (p) => seen.push(p));
    expect(out).toMatchObject({ kind: "verificado", failures: [{ kind: "arquivo-alterado", seq: 5, tipo: "video-final" }] });
    expect(seen[0]).toEqual({ filesDone: 0, filesTotal: 5, bytesDone: 0 });
    expect(seen.map((p) => p.filesDone).filter((n, i, all) => all.indexOf(n) === i)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(seen.at(-1)!.bytesDone).toBe(5 * 300_000 + 0 + 1 + 2 + 3 + 4);
  });
});
