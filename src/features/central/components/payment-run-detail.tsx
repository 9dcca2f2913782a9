// One payment run's page (/central/pagamentos?remessa=<id>, issue 49): its state and facts (paying account, date, NSA, counts,
// who did each step and when, the cancellation's reason), the actions its state allows to a payer or an administrator ('Gerar
// arquivo' then the download, 'Baixar arquivo novamente', 'Marcar como enviada ao banco', 'Cancelar remessa', 'Importar retorno
// do banco'), each answered in a live region with the server's message, and its transfers (payment-run-transfers.tsx). An
// approver reads it all, with no action (main thread).
import { useEffect, useId, useRef, useState, type RefObject } from "react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { ConfirmModal } from "../../../components/ui/confirm-modal";
import { QueryState } from "../../../components/ui/query-state";
import { isoToBr } from "../../../domain/dates";
import { formatBRL, withReason } from "../../../domain/format";
import { dateTimeText } from "../../../lib/br-format";
import { PAYMENTS_MSG } from "../../../config/messages/central-payments.pt-BR";
import { saveRunFile, type PaymentRun, type RunFile } from "../api/payment-runs";
import { useGenerateRunFile, useMarkRunSent } from "../api/use-payment-run-mutations";
import { runQuery } from "../payment-runs-queries";
import { paymentsViewHref } from "./payment-filters";
import { PaymentRunCancelModal } from "./payment-run-cancel-modal";
import { PaymentRunReturnModal } from "./payment-run-return-modal";
import { PaymentRunTransfers, type Say } from "./payment-run-transfers";
import { RunStatus, runNsas } from "./payment-runs";

const R = PAYMENTS_MSG.run;
const F = R.fields;

/** Who did a step and when, in Brasília time: '18/11/2026, 14:05 · Ana'. */
const byAt = (who: string | null, when: string | null) => R.byAt(who, dateTimeText(when));

function RunFacts({ run }: { run: PaymentRun }) {
  const rows: [string, string][] = [
    [F.account, run.ContaPagadora],
    [F.date, isoToBr(run.DataPagamento)],
    [F.nsa, runNsas(run)],
    [F.transfers, String(run.Transferencias)],
    [F.rows, String(run.Repasses)],
    [F.total, formatBRL(run.Total)],
  ];
  if (run.Status === "enviado" || run.Status === "retorno_importado" || run.Pagas + run.Rejeitadas > 0)
    rows.push([F.paid, String(run.Pagas)], [F.rejected, String(run.Rejeitadas)]);
  rows.push([F.created, byAt(run.CriadaPor, run.CriadaEm)]);
  if (run.GeradaEm) rows.push([F.generated, byAt(run.GeradaPor, run.GeradaEm)]);
  if (run.EnviadaEm) rows.push([F.sent, byAt(run.EnviadaPor, run.EnviadaEm)]);
  if (run.RetornoImportadoEm) rows.push([F.returned, byAt(null, run.RetornoImportadoEm)]);
  if (run.CanceladaEm) rows.push([F.cancelled, byAt(run.CanceladaPor, run.CanceladaEm)]);
  if (run.MotivoCancelamento) rows.push([F.cancelReason, run.MotivoCancelamento]);
  return (
    <dl className="payments-run-facts">
      {rows.map(([label, value]) => (
        <div key={label} className="payments-run-fact">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * An action that changes the run's state removes its own button, and a closed dialog gives focus back to a button that may be
 * gone, and a button disabled while its call runs loses focus: focus is then on nothing, and a keyboard user back at the top of
 * the page. After the run's state, a dialog or the pending call changes (this renders with the state the page shows), a lost
 * focus goes to the first action enabled, or to the run's heading.
 */
function KeepFocus({ state, card }: { state: string; card: RefObject<HTMLElement | null> }) {
  // Only on a change: a page just shown is not an action done (and StrictMode's second run of the effect changes nothing).
  const seen = useRef(state);
  useEffect(() => {
    if (seen.current === state) return;
    seen.current = state;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    const target =
      card.current?.querySelector<HTMLElement>(".payments-run-actions button:not(:disabled)") ??
      card.current?.querySelector<HTMLElement>(".payments-run-title");
    target?.focus();
  }, [state, card]);
  return null;
}

interface Props {
  runId: string;
  /** A payer or an administrator: the actions. An approver reads only (the server refuses them anyway). */
  canPay: boolean;
  /** The message of the step that opened this page (the run's creation). */
  notice?: string;
}

export function PaymentRunDetail({ runId, canPay, notice }: Props) {
  const titleId = useId();
  const cardRef = useRef<HTMLElement>(null);
  const query = useQuery(runQuery(runId));
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(notice ? { text: notice, error: false } : null);
  const [open, setOpen] = useState<"cancel" | "send" | "return" | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const generate = useGenerateRunFile();
  const send = useMarkRunSent();
  const busy = generate.isPending || send.isPending || downloading;
  const say: Say = (text, error = false) => setMessage({ text, error });

  /** Right after the generation: every file of the run (two where its layout splits PIX apart), one after the other. */
  const downloadAll = async (run: PaymentRun, after: string) => {
    setDownloading(true);
    let ok = true;
    for (const f of run.Arquivos) ok = (await saveRunFile(run.IdRemessa, f.Parte)).saved && ok;
    setDownloading(false);
    say(ok ? R.downloadedAfter(after, run.Arquivos.length) : R.generatedNoDownload(after), !ok);
  };
  /** 'Baixar arquivo novamente': one file, the same bytes; a refusal says the server's reason. */
  const downloadFile = async (run: PaymentRun, file: RunFile) => {
    setDownloading(true);
    const r = await saveRunFile(run.IdRemessa, file.Parte);
    setDownloading(false);
    if (r.saved) say(R.downloaded(run.Numero, file.Nsa));
    else say(r.reason ? R.downloadRefused(r.reason) : R.downloadFailed, true);
  };
  const generateFile = (run: PaymentRun) => {
    setMessage(null);
    generate.mutate(run.IdRemessa, {
      onSuccess: (res) => void downloadAll(res.data, res.message),
      onError: (e) => say(e.message, true),
    });
  };
  const markSent = (run: PaymentRun) => {
    setSendError(null);
    send.mutate(run.IdRemessa, {
      onSuccess: (res) => {
        setOpen(null);
        say(res.message);
      },
      onError: (e) => setSendError(e.message),
    });
  };

  return (
    <div className="payments-run">
      <p className="payments-run-back">
        <Link href={paymentsViewHref("remessas")}>{R.back}</Link>
      </p>
      <QueryState query={query} loading={R.loading} error={query.error ? withReason(R.loadFailed, query.error.message) : R.loadFailed}>
        {({ data: run, transferencias }) => {
          const s = run.Status;
          const actions = canPay && s !== "cancelada";
          return (
            <>
              <section ref={cardRef} className="card payments-run-card" aria-labelledby={titleId}>
                <KeepFocus state={`${s} ${open ?? ""} ${busy}`} card={cardRef} />
                <header className="payments-run-head">
                  <h2 id={titleId} className="payments-run-title" tabIndex={-1}>
                    {PAYMENTS_MSG.runs.runOf(run.Numero)}
                  </h2>
                  <RunStatus status={s} />
                </header>
                <RunFacts run={run} />
                {actions && (
                  <div className="payments-run-actions" role="group" aria-label={R.actions}>
                    {s === "rascunho" && (
                      <button type="button" className="btn btn-primary" disabled={busy} onClick={() => generateFile(run)}>
                        {generate.isPending || downloading ? R.generating : R.generate}
                      </button>
                    )}
                    {s !== "rascunho" &&
                      run.Arquivos.map((f) => (
                        <button key={f.Parte} type="button" className="btn" disabled={busy} onClick={() => void downloadFile(run, f)}>
                          {downloading ? R.downloading : run.Arquivos.length > 1 ? R.downloadPart(f.Conteudo, f.Nsa) : R.downloadAgain}
                        </button>
                      ))}
                    {s === "arquivo_gerado" && (
                      <button
                        type="button"
                        className="btn btn-primary"
                        disabled={busy}
                        onClick={() => {
                          setSendError(null);
                          setOpen("send");
                        }}
                      >
                        {R.markSent}
                      </button>
                    )}
                    {s === "enviado" && (
                      <button type="button" className="btn btn-primary" disabled={busy} onClick={() => setOpen("return")}>
                        {R.importReturn}
                      </button>
                    )}
                    {(s === "rascunho" || s === "arquivo_gerado") && (
                      <button type="button" className="btn btn-danger" disabled={busy} onClick={() => setOpen("cancel")}>
                        {R.cancel}
                      </button>
                    )}
                  </div>
                )}
                {!canPay && <p className="muted payments-run-note">{PAYMENTS_MSG.runs.approverNote}</p>}
                {/* Both regions are on the page from the start, so a message put in them is announced. */}
                <div className="payments-run-feedback" role="status">
                  {message && !message.error && <p className="payments-run-message">{message.text}</p>}
                </div>
                <div className="payments-run-feedback" role="alert">
                  {message?.error && <p className="form-error">{message.text}</p>}
                </div>
              </section>
              <section className="card payments-run-transfers" aria-labelledby={`${titleId}-transferencias`}>
                <h2 id={`${titleId}-transferencias`} className="payments-held-title">
                  {R.transfers}
                </h2>
                {transferencias.length === 0 ? (
                  <p className="muted">{R.transfersEmpty}</p>
                ) : (
                  <PaymentRunTransfers transfers={transferencias} canPay={canPay} say={say} />
                )}
              </section>
              {open === "cancel" && <PaymentRunCancelModal run={run} onClose={() => setOpen(null)} onCancelled={(text) => say(text)} />}
              {open === "send" && (
                <ConfirmModal
                  title={R.sendTitle}
                  onClose={() => setOpen(null)}
                  onConfirm={() => markSent(run)}
                  pending={send.isPending}
                  confirmLabel={R.sendConfirm}
                  pendingLabel={R.sending}
                  backLabel={PAYMENTS_MSG.cancelRun.back}
                  error={sendError}
                >
                  <p>
                    {R.sendText(
                      run.Numero,
                      run.Arquivos.map((f) => f.Nsa),
                    )}
                  </p>
                </ConfirmModal>
              )}
              {open === "return" && <PaymentRunReturnModal onClose={() => setOpen(null)} />}
            </>
          );
        }}
      </QueryState>
    </div>
  );
}
