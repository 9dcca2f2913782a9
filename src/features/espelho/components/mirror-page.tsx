// Espelho Financeiro (/espelho): indicator cards, filters in the URL, Atualizar, the payout rows with their details modal, and the
// CSV export of the rows on screen (main thread).
import { lazy, Suspense, useMemo, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { toast } from "../../../lib/toast";
import { QueryState } from "../../../components/ui/query-state";
import { MSG } from "../../../config/messages.pt-BR";
import { MIRROR_MSG } from "../../../config/messages/mirror.pt-BR";
import { formatBRL, withReason } from "../../../domain/format";
import { useMirrorFilters } from "../filters";
import { mirrorFileName, mirrorTotals, toTransaction, type Transaction } from "../mirror";
import { mirrorQuery } from "../query-options";
import { MirrorFilterBar } from "./mirror-filters";
import { MirrorList } from "./mirror-list";

// The details dialog loads on its first opening, as the other screens' dialogs do: not in the page's first JS.
const MirrorDetailsModal = lazy(() => import("./mirror-details-modal").then((m) => ({ default: m.MirrorDetailsModal })));

const t = MIRROR_MSG.mirror;

export interface MirrorPageProps {
  pointId: string;
  userId: string;
}

function Indicator({ id, label, value }: { id: string; label: string; value: number }) {
  return (
    <section className="card mirror-stat" aria-labelledby={id}>
      <h2 id={id} className="mirror-stat-label">
        {label}
      </h2>
      <p className="mirror-stat-value">{formatBRL(value)}</p>
    </section>
  );
}

export default function MirrorPage({ pointId }: MirrorPageProps) {
  const [filters, setFilters] = useMirrorFilters();
  const rangeOk = filters.from <= filters.to;
  const list = useQuery(mirrorQuery(pointId, filters.from, filters.to, filters.status, rangeOk));
  const data = rangeOk ? list.data : undefined;
  const transactions = useMemo(() => (data ?? []).map(toTransaction), [data]);
  const totals = useMemo(() => mirrorTotals(data ?? []), [data]);
  // The details modal is page state, outside the list, so a reload of the rows never closes it.
  const [open, setOpen] = useState<Transaction | null>(null);
  // Rows of the previous filters stay on screen while new ones load: they are not exported as if they were the new ones.
  const stale = list.isPlaceholderData;

  const exportCsv = async () => {
    if (transactions.length === 0) {
      toast.warning(t.noDataToExport);
      return;
    }
    // papaparse and the writer load on the first export only (they are not needed to show the screen).
    const [{ mirrorCsv }, { downloadText }] = await Promise.all([import("../export"), import("../../../lib/csv")]);
    downloadText(mirrorFileName(), mirrorCsv(transactions));
    toast.success(t.exported(transactions.length));
  };

  return (
    <section className="page mirror-page">
      <header className="page-header">
        <h1 className="page-title">{t.title}</h1>
        <div className="mirror-actions">
          <button type="button" className="btn" onClick={() => void list.refetch()} disabled={!rangeOk || list.isFetching}>
            {list.isFetching && !list.isPending ? t.refreshing : t.refresh}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => void exportCsv()}
            disabled={stale || (rangeOk && list.isPending)}
          >
            {t.export}
          </button>
        </div>
      </header>
      <div className="mirror-stats" role="group" aria-label={t.indicators}>
        <Indicator id="espelho-recebido" label={t.received} value={totals.received} />
        <Indicator id="espelho-pendente" label={t.pending} value={totals.pending} />
        <Indicator id="espelho-ticket" label={t.average} value={totals.average} />
      </div>
      <MirrorFilterBar filters={filters} onChange={setFilters} rangeError={rangeOk ? null : MSG.common.periodInvalid} />
      {rangeOk && (
        <QueryState
          query={list}
          loading={t.loading}
          error={list.error ? withReason(t.loadFailed, list.error.message) : t.loadFailed}
          empty={t.empty}
          isEmpty={() => transactions.length === 0}
        >
          {() => (
            <>
              <p className="muted mirror-count" role="status">
                {t.recordCount(transactions.length)}
              </p>
              <MirrorList rows={transactions} onDetails={setOpen} busy={stale} />
            </>
          )}
        </QueryState>
      )}
      <Suspense fallback={null}>{open && <MirrorDetailsModal row={open} onClose={() => setOpen(null)} />}</Suspense>
    </section>
  );
}
