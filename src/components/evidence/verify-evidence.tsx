// "Verificar evidências": loads an order's evidence chain, verifies every file, link and the seal in the verify worker with
// real per-file progress, and says "Evidências íntegras" or exactly which file or entry fails (main thread; the OS screen, the
// central's evidence panel and the member's page, which loads it lazily).
import { useEffect, useRef, useState } from "react";
import type { EvidenceChain } from "../../../contract/evidencias-cadeia";
import type { EvidenceFailure } from "../../domain/evidence-chain";
import { EVIDENCE_MSG as M } from "../../config/messages/evidence.pt-BR";
import { stopVerify, verifyEvidenceChain, type VerifyOutcome } from "../../lib/workers/verify-bridge";

export interface VerifyEvidenceProps {
  /** Fetches the order's chain from the caller's own route (the point's, the central's or the member's). */
  load: () => Promise<EvidenceChain>;
  /** Sent with every file download (an authToken header); none for signed URLs or the session cookie. */
  headers?: Record<string, string>;
}

type State =
  | { step: "idle" }
  | { step: "running"; done: number; total: number | null }
  | { step: "done"; outcome: VerifyOutcome }
  | { step: "error"; message: string };

/** A stored name told short: "3f…e1.mp4" for "3f2a…c9e1.mp4" (the uuid's first and last two characters and the extension). */
export function shortFileName(name: string): string {
  const dot = name.lastIndexOf(".");
  const stem = dot > 0 ? name.slice(0, dot) : name;
  const ext = dot > 0 ? name.slice(dot) : "";
  return stem.length > 6 ? `${stem.slice(0, 2)}…${stem.slice(-2)}${ext}` : name;
}

/** One failure in words, naming the file and its item in the chain. */
export function failureText(f: EvidenceFailure): string {
  switch (f.kind) {
    case "arquivo-alterado":
      return M.altered(M.kinds[f.tipo], shortFileName(f.arquivo), f.seq);
    case "arquivo-ausente":
      return M.missing(M.kinds[f.tipo], shortFileName(f.arquivo), f.seq);
    case "elo-quebrado":
      return M.brokenLink(f.seq, M.kinds[f.tipo], shortFileName(f.arquivo));
    case "assinatura-invalida":
      return M.badSignature;
    case "selo-nao-confere":
      return M.sealMismatch;
  }
}

function Verdict({ outcome }: { outcome: VerifyOutcome }) {
  if (outcome.kind === "incompleto") {
    return <p className="form-error">{M.incomplete(M.kinds[outcome.tipo], shortFileName(outcome.arquivo), outcome.status)}</p>;
  }
  if (outcome.failures.length > 0) {
    return (
      <div className="verify-evidence-failed">
        <p>
          <strong>{M.problems}</strong>
        </p>
        <ul>
          {outcome.failures.map((f, i) => (
            <li key={i}>{failureText(f)}</li>
          ))}
        </ul>
      </div>
    );
  }
  if (outcome.files === 0 && outcome.seal === "ausente") return <p>{M.empty}</p>;
  const detail =
    outcome.seal === "conferida"
      ? M.intactSealed(outcome.files)
      : outcome.seal === "sem-suporte"
        ? M.intactNoSupport(outcome.files)
        : M.intactOpen(outcome.files);
  return (
    <p className="verify-evidence-ok">
      <strong>{M.intact}</strong>
      <span>{detail}</span>
      {outcome.afterSeal > 0 && <span>{M.afterSeal(outcome.afterSeal)}</span>}
    </p>
  );
}

export function VerifyEvidence({ load, headers }: VerifyEvidenceProps) {
  const [state, setState] = useState<State>({ step: "idle" });
  /** The run in force: a result arriving after the component left, or after a newer run began, is dropped. */
  const runs = useRef(0);
  const busy = useRef(false);
  const running = state.step === "running";

  // Leaving the screen mid-verification stops its downloads.
  useEffect(
    () => () => {
      runs.current++;
      if (busy.current) stopVerify();
    },
    [],
  );

  const run = async () => {
    const id = ++runs.current;
    const live = () => runs.current === id;
    busy.current = true;
    setState({ step: "running", done: 0, total: null });
    try {
      let chain: EvidenceChain;
      try {
        chain = await load();
      } catch (err) {
        if (live()) setState({ step: "error", message: err instanceof Error && err.message ? err.message : M.loadFailed });
        return;
      }
      if (!live()) return;
      setState({ step: "running", done: 0, total: chain.entradas.length });
      const outcome = await verifyEvidenceChain(chain, headers, (p) => {
        if (live()) setState({ step: "running", done: p.filesDone, total: p.filesTotal });
      });
      if (live()) setState({ step: "done", outcome });
    } catch {
      if (live()) setState({ step: "error", message: M.failed });
    } finally {
      if (live()) busy.current = false;
    }
  };

  return (
    <div className="verify-evidence">
      <button type="button" className="btn" onClick={() => void run()} disabled={running}>
        {state.step === "idle" || running ? M.verify : M.verifyAgain}
      </button>
      <div className="verify-evidence-status" role="status" aria-live="polite">
        {state.step === "running" && <p>{state.total === null ? M.starting : M.progress(state.done, state.total)}</p>}
        {state.step === "done" && <Verdict outcome={state.outcome} />}
        {state.step === "error" && <p className="form-error">{state.message}</p>}
      </div>
    </div>
  );
}
