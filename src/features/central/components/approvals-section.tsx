// Aprovações (/central/aprovacoes): the services awaiting the central's decision across every point as compact rows, searched
// by OS or plate and filtered (URL), each with its evidence in a side panel; approve with 10 s to undo, refuse with a reason,
// approve the selected rows at once; and the "Decididas" view, the decisions on record. A role that may not decide (payer)
// sees the lists without the decide buttons (the server refuses it too) (main thread).
import { useCallback, useMemo, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { ConfirmModal } from "../../../components/ui/confirm-modal";
import { QueryState } from "../../../components/ui/query-state";
import { toast } from "../../../lib/toast";
import { APPROVALS_MSG as M } from "../../../config/messages/central-approvals.pt-BR";
import type { CentralRole } from "../../../../contract/central-session";
import type { PendingService } from "../api/approvals";
import { useApproveSelected, useApproveService, useUndoDecision, type Decided } from "../api/use-approval-mutations";
import { APPROVALS_LOAD_FAILED, pendingApprovalsQuery } from "../approvals-queries";
import { ApprovalFilterBar, pendingFilterOf, useApprovalFilters, type ApprovalsView } from "./approvals-filters";
import { ApprovalsTable, type RowAction } from "./approvals-table";
import { ApprovalsDecided } from "./approvals-decided";
import { ApprovalsPanel } from "./approvals-panel";
import { ApprovalsRejectModal } from "./approvals-reject-modal";
import { ApprovalsUndoBar, type RecentDecision } from "./approvals-undo-bar";
import "./approvals.css";

type Open = { kind: "panel"; row: PendingService } | { kind: "reject"; row: PendingService } | { kind: "bulk"; ids: string[] } | null;
const idOf = (r: PendingService) => r.IdSocioVeiculoAgendaExecucaoServico;
let decisions = 0;

export default function ApprovalsSection({ role }: { role: CentralRole }) {
  const canDecide = role !== "payer";
  const [filters, setFilters] = useApprovalFilters();
  const [open, setOpen] = useState<Open>(null);
  const [recent, setRecent] = useState<RecentDecision | null>(null);
  const close = useCallback(() => setOpen(null), []);
  const expire = useCallback(() => setRecent(null), []);

  const remember = useCallback((row: PendingService, answer: Decided, approved: boolean) => {
    decisions += 1;
    setRecent({
      id: idOf(row),
      text: approved ? M.undo.approved(row.NumeroOS) : M.undo.rejected(row.NumeroOS),
      ms: answer.undoMs,
      key: decisions,
    });
  }, []);
  const approve = useApproveService({ onError: (err) => toast.error(err.message) });
  const undo = useUndoDecision({
    onSuccess: (res) => toast.success(res.message),
    onError: (err) => toast.error(err.message),
    onSettled: () => setRecent(null),
  });
  // mutate is stable across renders: the rows (memoised) keep their buttons while a poll or a decision re-renders the page.
  const approveMutate = approve.mutate;
  const approveRow = useCallback(
    (row: PendingService) =>
      approveMutate(idOf(row), {
        onSuccess: (answer) => {
          remember(row, answer, true);
          setOpen((o) => (o?.kind === "panel" && idOf(o.row) === idOf(row) ? null : o));
        },
      }),
    [approveMutate, remember],
  );

  const view: ApprovalsView = filters.view;
  return (
    <section className="page approvals-page" aria-labelledby="central-approvals-title">
      <header className="page-header approvals-header">
        <h1 className="page-title" id="central-approvals-title">
          {M.title}
        </h1>
        <div className="approvals-views" role="group" aria-label={M.views.label}>
          {(["aguardando", "decididas"] as const).map((v) => (
            <button
              key={v}
              type="button"
              className={`btn approvals-view${view === v ? " is-active" : ""}`}
              aria-pressed={view === v}
              onClick={() => view !== v && setFilters({ view: v })}
            >
              {v === "aguardando" ? M.views.pending : M.views.decided}
            </button>
          ))}
        </div>
      </header>
      <ApprovalFilterBar filters={filters} onChange={setFilters} />
      {!canDecide && <p className="approvals-role-note">{M.payerNote}</p>}
      {view === "aguardando" ? (
        <PendingView
          filterKey={JSON.stringify(pendingFilterOf(filters))}
          filters={filters}
          canDecide={canDecide}
          busyId={approve.isPending ? (approve.variables ?? null) : null}
          onAction={(action, row) =>
            action === "approve" ? approveRow(row) : setOpen({ kind: action === "reject" ? "reject" : "panel", row })
          }
          onBulk={(ids) => setOpen({ kind: "bulk", ids })}
        />
      ) : (
        <ApprovalsDecided filters={filters} onPage={(page) => setFilters({ page })} onEvidence={(row) => setOpen({ kind: "panel", row })} />
      )}
      {open?.kind === "panel" && (
        <ApprovalsPanel
          row={open.row}
          canDecide={canDecide}
          busy={approve.isPending && approve.variables === idOf(open.row)}
          onApprove={approveRow}
          onReject={(row) => setOpen({ kind: "reject", row })}
          onClose={close}
        />
      )}
      {open?.kind === "reject" && (
        <ApprovalsRejectModal row={open.row} onClose={close} onRejected={(row, answer) => remember(row, answer, false)} />
      )}
      {open?.kind === "bulk" && <BulkConfirm ids={open.ids} onClose={close} />}
      {recent && (
        <ApprovalsUndoBar key={recent.key} decision={recent} busy={undo.isPending} onUndo={(id) => undo.mutate(id)} onExpire={expire} />
      )}
    </section>
  );
}

interface PendingViewProps {
  /** The server filter as text: the selection is cleared when it changes (rows of other filters are not chosen blindly). */
  filterKey: string;
  filters: ReturnType<typeof useApprovalFilters>[0];
  canDecide: boolean;
  busyId: string | null;
  onAction: (action: RowAction, row: PendingService) => void;
  onBulk: (ids: string[]) => void;
}

function PendingView({ filterKey, filters, canDecide, busyId, onAction, onBulk }: PendingViewProps) {
  const list = useQuery(pendingApprovalsQuery(pendingFilterOf(filters)));
  const stale = list.isPlaceholderData;
  const rows = useMemo(() => list.data?.data ?? [], [list.data]);
  const [selection, setSelection] = useState<{ key: string; ids: ReadonlySet<string> }>({ key: filterKey, ids: new Set() });
  const selected = useMemo(() => (selection.key === filterKey ? selection.ids : new Set<string>()), [selection, filterKey]);
  // Only rows still listed count: a row decided meanwhile (by anyone) leaves the selection when the list refreshes.
  const chosen = useMemo(() => rows.filter((r) => selected.has(idOf(r))).map(idOf), [rows, selected]);
  const all = rows.length > 0 && chosen.length === rows.length;
  const toggle = useCallback(
    (id: string, on: boolean) =>
      setSelection((prev) => {
        const ids = new Set(prev.key === filterKey ? prev.ids : []);
        if (on) ids.add(id);
        else ids.delete(id);
        return { key: filterKey, ids };
      }),
    [filterKey],
  );
  const searching = Boolean(filters.search || filters.point || filters.from || filters.to);
  return (
    <QueryState
      query={list}
      loading={M.pending.loading}
      error={list.error?.message ?? APPROVALS_LOAD_FAILED}
      empty={searching ? M.pending.emptySearch : M.pending.empty}
      isEmpty={(d) => d.total === 0}
    >
      {(d) => (
        <div aria-busy={stale || undefined}>
          <div className="approvals-toolbar">
            {canDecide && (
              <label className="checkbox approvals-select-all">
                <input
                  type="checkbox"
                  className="approvals-check"
                  ref={(el) => {
                    if (el) el.indeterminate = chosen.length > 0 && !all;
                  }}
                  checked={all}
                  disabled={stale}
                  onChange={() => setSelection({ key: filterKey, ids: new Set(all ? [] : rows.map(idOf)) })}
                />
                {M.selectAll}
              </label>
            )}
            <p className="muted approvals-count" role="status">
              {M.pending.count(d.data.length, d.total)}
              {canDecide && chosen.length > 0 ? ` · ${M.selected(chosen.length)}` : ""}
            </p>
            {canDecide && (
              <button type="button" className="btn btn-primary" disabled={chosen.length === 0 || stale} onClick={() => onBulk(chosen)}>
                {M.approveSelected(chosen.length)}
              </button>
            )}
          </div>
          <ApprovalsTable
            rows={rows}
            canDecide={canDecide}
            selected={selected}
            onToggle={toggle}
            onAction={onAction}
            busyId={busyId}
            stale={stale}
          />
        </div>
      )}
    </QueryState>
  );
}

/** "Aprovar selecionados": one request; the answer says which were approved and which someone else had decided first. */
function BulkConfirm({ ids, onClose }: { ids: string[]; onClose: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const bulk = useApproveSelected({
    onSuccess: (res) => {
      if (res.jaDecididos.length || res.naoEncontrados.length) toast.warning(res.message);
      else toast.success(res.message);
      onClose();
    },
    onError: (err) => setError(err.message),
  });
  return (
    <ConfirmModal
      title={M.bulk.title(ids.length)}
      onClose={onClose}
      onConfirm={() => bulk.mutate(ids)}
      pending={bulk.isPending}
      confirmLabel={M.bulk.confirm}
      pendingLabel={M.bulk.pending}
      backLabel={M.bulk.back}
      error={error}
    >
      <p>{M.bulk.body}</p>
    </ConfirmModal>
  );
}
