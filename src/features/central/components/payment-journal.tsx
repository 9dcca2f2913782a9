// 'Diário financeiro' of the Pagamentos section (/central/pagamentos?ver=diario, issue 49): every money action (payments and
// their undo, each step of a payment run, the bank's return per transfer, confirmations of payment data), newest first, by point,
// central user (the users this screen has seen), run and period (this month by default); exported as the Excel-BR CSV (main
// thread).
import { useId, useState } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { PeriodFields } from "../../../components/ui/period-fields";
import { ResponsiveList, type Column } from "../../../components/ui/responsive-list";
import { monthRange, wallClock } from "../../../domain/dates";
import { dateTimeText } from "../../../lib/br-format";
import { toast } from "../../../lib/toast";
import { MSG } from "../../../config/messages.pt-BR";
import { PAYMENTS_MSG } from "../../../config/messages/central-payments.pt-BR";
import type { JournalEntry, JournalFilter } from "../api/payment-runs";
import { journalQuery, runsQuery } from "../payment-runs-queries";
import { CentralPointSelect } from "./central-point-select";
import { runHref } from "./payment-filters";
import { ListState } from "./payment-list-state";

const J = PAYMENTS_MSG.journal;

interface Filters {
  point: string;
  user: string;
  run: string;
  from: string;
  to: string;
}

const actionOf = (e: JournalEntry) => J.actions[e.Acao] ?? e.Acao;
/** 'antes → depois' (the arrow hidden from screen readers, which read 'de … para'). */
function Change({ entry }: { entry: JournalEntry }) {
  if (entry.Antes === null && entry.Depois === null) return null;
  return (
    <span className="payments-journal-change">
      <span className="sr-only">de </span>
      {entry.Antes ?? "—"} <span aria-hidden="true">→</span>
      <span className="sr-only"> para</span> {entry.Depois ?? "—"}
    </span>
  );
}

const COLUMNS: readonly Column<JournalEntry>[] = [
  {
    id: "when",
    header: J.cols.when,
    cell: (e) => <time dateTime={e.Em}>{dateTimeText(e.Em)}</time>,
    className: "payments-nowrap",
  },
  { id: "action", header: J.cols.action, cell: actionOf, card: "title" },
  { id: "user", header: J.cols.user, cell: (e) => e.Usuario },
  { id: "point", header: J.cols.point, cell: (e) => e.NomeFantasia ?? "—", cardCell: (e) => e.NomeFantasia },
  {
    id: "run",
    header: J.cols.run,
    cell: (e) =>
      e.IdRemessa && e.NumeroRemessa !== null ? <Link href={runHref(e.IdRemessa)}>{PAYMENTS_MSG.runs.runOf(e.NumeroRemessa)}</Link> : "—",
    cardCell: (e) =>
      e.IdRemessa && e.NumeroRemessa !== null ? <Link href={runHref(e.IdRemessa)}>{PAYMENTS_MSG.runs.runOf(e.NumeroRemessa)}</Link> : null,
    className: "payments-nowrap",
  },
  {
    id: "change",
    header: J.cols.change,
    cell: (e) => <Change entry={e} />,
    cardCell: (e) => (e.Antes === null && e.Depois === null ? null : <Change entry={e} />),
  },
  { id: "note", header: J.cols.note, cell: (e) => e.Observacao ?? "", cardCell: (e) => e.Observacao, className: "payments-journal-note" },
];

export function PaymentJournal() {
  const id = useId();
  const [filters, setFilters] = useState<Filters>(() => {
    const { first, last } = monthRange(wallClock().date);
    return { point: "", user: "", run: "", from: first, to: last };
  });
  const rangeOk = filters.from <= filters.to;
  const f: JournalFilter = {
    ...(filters.point ? { idPontoAtendimento: filters.point } : {}),
    ...(filters.user ? { idUsuario: filters.user } : {}),
    ...(filters.run ? { idRemessa: filters.run } : {}),
    dataInicio: filters.from,
    dataFim: filters.to,
  };
  const list = useQuery({ ...journalQuery(f), enabled: rangeOk, placeholderData: keepPreviousData });
  const runs = useQuery(runsQuery(""));
  const [exporting, setExporting] = useState(false);

  // The users the journal has shown on this screen: filtering by one keeps the others choosable (React's 'state from the
  // previous render' pattern: no effect, no second paint).
  const [users, setUsers] = useState<ReadonlyMap<string, string>>(() => new Map());
  const [seen, setSeen] = useState<readonly JournalEntry[] | undefined>(undefined);
  if (list.data && list.data !== seen) {
    setSeen(list.data);
    const fresh = list.data.filter((e) => !users.has(e.IdUsuario));
    if (fresh.length) setUsers(new Map([...users, ...fresh.map((e): [string, string] => [e.IdUsuario, e.Usuario])]));
  }
  const userList = [...users].sort((a, b) => a[1].localeCompare(b[1], "pt-BR"));

  const change = (next: Partial<Filters>) => setFilters((prev) => ({ ...prev, ...next }));
  const rows = rangeOk ? (list.data ?? []) : [];

  const exportCsv = async () => {
    setExporting(true);
    try {
      const [exp, { downloadText }] = await Promise.all([import("../payments-export"), import("../../../lib/csv")]);
      downloadText(exp.journalFileName(), exp.journalCsv(rows));
      toast.success(J.exported(rows.length));
    } catch {
      toast.error(J.exportFailed);
    } finally {
      setExporting(false);
    }
  };

  const errorId = `${id}-periodo-erro`;
  return (
    <section className="payments-journal" aria-labelledby={`${id}-titulo`}>
      <div className="payments-section-head">
        <h2 id={`${id}-titulo`} className="payments-held-title">
          {J.title}
        </h2>
        <button
          type="button"
          className="btn"
          disabled={exporting || rows.length === 0 || list.isPlaceholderData}
          onClick={() => void exportCsv()}
        >
          {J.export}
        </button>
      </div>
      <p className="muted payments-field-hint">{J.intro}</p>
      <form className="filter-bar payments-journal-filters card" role="search" aria-label={J.filters} onSubmit={(e) => e.preventDefault()}>
        <div className="filter-wide">
          <CentralPointSelect id={`${id}-ponto`} label={J.point} value={filters.point} onChange={(point) => change({ point })} />
        </div>
        <div>
          <label htmlFor={`${id}-usuario`}>{J.user}</label>
          <select id={`${id}-usuario`} value={filters.user} onChange={(e) => change({ user: e.target.value })}>
            <option value="">{J.allUsers}</option>
            {filters.user && !users.has(filters.user) && <option value={filters.user}>{J.chosenUser}</option>}
            {userList.map(([userId, name]) => (
              <option key={userId} value={userId}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-remessa`}>{J.run}</label>
          <select id={`${id}-remessa`} value={filters.run} onChange={(e) => change({ run: e.target.value })}>
            <option value="">{J.allRuns}</option>
            {filters.run && !runs.data?.some((r) => r.IdRemessa === filters.run) && <option value={filters.run}>{J.chosenRun}</option>}
            {(runs.data ?? []).map((r) => (
              <option key={r.IdRemessa} value={r.IdRemessa}>
                {PAYMENTS_MSG.runs.runOf(r.Numero)}
              </option>
            ))}
          </select>
        </div>
        <PeriodFields
          id={`${id}-diario`}
          from={filters.from}
          to={filters.to}
          startLabel={J.from}
          endLabel={J.to}
          errorId={rangeOk ? null : errorId}
          onChange={change}
        />
        {!rangeOk && (
          <p id={errorId} className="form-error" role="alert">
            {MSG.common.periodInvalid}
          </p>
        )}
      </form>
      {rangeOk && (
        <ListState query={list} msg={J} variant="page">
          {(data) => (
            <div className="payments-rows" aria-busy={list.isPlaceholderData || undefined}>
              <p className="muted payments-count">{J.count(data.length)}</p>
              <ResponsiveList
                name={["agenda", "journal"]}
                label={J.title}
                titleLevel={3}
                rows={data}
                columns={COLUMNS}
                rowKey={(e) => String(e.Id)}
                rowData={(e) => ({ id: e.Id })}
              />
            </div>
          )}
        </ListState>
      )}
    </section>
  );
}
