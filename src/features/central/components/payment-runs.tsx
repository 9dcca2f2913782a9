// 'Remessas' of the Pagamentos section (/central/pagamentos?ver=remessas, issue 49): the payment runs, newest first, by state
// (number, state, NSA, paying account, payment date, transfers and payouts, total, the bank's paid and rejected counts), each
// opening its page; 'Importar retorno do banco'; and the paying accounts with their last NSA, one added with 'Adicionar conta
// pagadora'. An approver sees the lists without the actions (main thread).
import { lazy, Suspense, useId, useState } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { ResponsiveList, type Column } from "../../../components/ui/responsive-list";
import { isoToBr } from "../../../domain/dates";
import { formatBRL } from "../../../domain/format";
import { PAYMENTS_MSG } from "../../../config/messages/central-payments.pt-BR";
import type { PaymentRun, RunState } from "../api/payment-runs";
import { bankProfilesQuery, runsQuery } from "../payment-runs-queries";
import { runHref } from "./payment-filters";
import { ListState } from "./payment-list-state";
import { PaymentRunReturnModal } from "./payment-run-return-modal";

// Loaded when opened: its masks (react-imask) and the states list stay out of the console's chunk.
const BankProfileModal = lazy(() => import("./bank-profile-modal").then((m) => ({ default: m.BankProfileModal })));
const M = PAYMENTS_MSG.runs;
const P = PAYMENTS_MSG.profiles;
export const RUN_STATES: readonly RunState[] = ["rascunho", "arquivo_gerado", "enviado", "retorno_importado", "cancelada"];

const STATE_BADGE: Record<RunState, string> = {
  rascunho: "payments-run-draft",
  arquivo_gerado: "status-active",
  enviado: "status-pending",
  retorno_importado: "status-done",
  cancelada: "payments-run-cancelled",
};

/** A run's state as its readable badge. */
export function RunStatus({ status }: { status: RunState }) {
  return <span className={`status-badge ${STATE_BADGE[status]}`}>{M.states[status]}</span>;
}

/** The run's NSA: '—' before its file, '42', or '42 (PIX) e 43 (contas)' for a run its layout splits in two files. */
export const runNsas = (run: PaymentRun) => {
  const [a, b] = run.Arquivos;
  if (a && b) return a.Conteudo === "pix" ? PAYMENTS_MSG.run.nsaSplit(a.Nsa, b.Nsa) : PAYMENTS_MSG.run.nsaSplit(b.Nsa, a.Nsa);
  return run.Nsa === null ? M.noNsa : String(run.Nsa);
};

const COLUMNS: readonly Column<PaymentRun>[] = [
  { id: "number", header: M.cols.number, cell: (r) => r.Numero, cardCell: (r) => M.runOf(r.Numero), card: "title" },
  { id: "status", header: M.cols.status, cell: (r) => <RunStatus status={r.Status} />, card: "meta" },
  { id: "nsa", header: M.cols.nsa, cell: runNsas, cardCell: runNsas, className: "payments-nowrap" },
  { id: "account", header: M.cols.account, cell: (r) => r.ContaPagadora },
  { id: "date", header: M.cols.date, cell: (r) => isoToBr(r.DataPagamento), className: "payments-nowrap" },
  { id: "transfers", header: M.cols.transfers, cell: (r) => M.transfersCount(r.Transferencias, r.Repasses) },
  { id: "total", header: M.cols.total, cell: (r) => formatBRL(r.Total), className: "payments-money" },
  {
    id: "results",
    header: M.cols.results,
    cell: (r) => (r.Pagas + r.Rejeitadas > 0 ? M.results(r.Pagas, r.Rejeitadas) : "—"),
    cardCell: (r) => (r.Pagas + r.Rejeitadas > 0 ? M.results(r.Pagas, r.Rejeitadas) : null),
  },
];

function BankProfiles({ canPay }: { canPay: boolean }) {
  const titleId = useId();
  const profiles = useQuery(bankProfilesQuery());
  const [adding, setAdding] = useState(false);
  return (
    <section className="card payments-profiles" aria-labelledby={titleId}>
      <div className="payments-section-head">
        <h2 id={titleId} className="payments-held-title">
          {P.title}
        </h2>
        {canPay && (
          <button type="button" className="btn" onClick={() => setAdding(true)}>
            {P.add}
          </button>
        )}
      </div>
      <ListState query={profiles} msg={P}>
        {(list) => (
          <ul className="stack-list payments-profile-list">
            {list.map((p) => (
              <li key={p.IdContaPagadora} className="payments-profile" data-id={p.IdContaPagadora}>
                <strong>{p.Nome}</strong>
                <span className="muted">
                  {P.bank(p.CodigoBanco, p.NomeBanco)} · {P.agencyAccount(p.Agencia, p.DigitoAgencia, p.Conta, p.DigitoConta)} ·{" "}
                  {P.lastNsa(p.UltimoNsa)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </ListState>
      {adding && (
        <Suspense fallback={null}>
          <BankProfileModal onClose={() => setAdding(false)} />
        </Suspense>
      )}
    </section>
  );
}

export function PaymentRuns({ canPay }: { canPay: boolean }) {
  const titleId = useId();
  const [status, setStatus] = useState<RunState | "">("");
  const [importing, setImporting] = useState(false);
  const list = useQuery({ ...runsQuery(status), placeholderData: keepPreviousData });
  return (
    <>
      <section className="card payments-runs" aria-labelledby={titleId}>
        <div className="payments-section-head">
          <h2 id={titleId} className="payments-held-title">
            {M.title}
          </h2>
          {canPay && (
            <button type="button" className="btn btn-primary" onClick={() => setImporting(true)}>
              {PAYMENTS_MSG.run.importReturn}
            </button>
          )}
        </div>
        {!canPay && <p className="muted payments-run-note">{M.approverNote}</p>}
        <div className="payments-runs-filter">
          <label htmlFor={`${titleId}-situacao`}>{M.statusFilter}</label>
          <select id={`${titleId}-situacao`} value={status} onChange={(e) => setStatus(e.target.value as RunState | "")}>
            <option value="">{M.allStatuses}</option>
            {RUN_STATES.map((s) => (
              <option key={s} value={s}>
                {M.stateOptions[s]}
              </option>
            ))}
          </select>
        </div>
        <ListState query={list} msg={M}>
          {(rows) => (
            <div className="payments-rows" aria-busy={list.isPlaceholderData || undefined}>
              <ResponsiveList
                name={["agenda", "runs"]}
                label={M.title}
                titleLevel={3}
                rows={rows}
                columns={COLUMNS}
                rowKey={(r) => r.IdRemessa}
                rowData={(r) => ({ id: r.IdRemessa })}
                actionsHeader="Ações"
                actions={(r) => (
                  <Link href={runHref(r.IdRemessa)} className="btn" aria-label={M.openOf(r.Numero)}>
                    {M.open}
                  </Link>
                )}
              />
            </div>
          )}
        </ListState>
      </section>
      <BankProfiles canPay={canPay} />
      {importing && <PaymentRunReturnModal onClose={() => setImporting(false)} />}
    </>
  );
}
