// Retorno de Serviço (/retorno-servico): filters in the URL (dates, status, type, all applied), the point's returns, and the
// modals of 'Novo Retorno' and of each row's view / edit / delete (main thread).
import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../../lib/toast";
import { RETURNS_MSG } from "../../../config/messages/returns.pt-BR";
import { ConfirmModal } from "../../../components/ui/confirm-modal";
import { QueryState } from "../../../components/ui/query-state";
import { withReason } from "../../../domain/format";
import { onJobAttached } from "../../../lib/outbox/outbox-store";
import type { RetornoServico } from "../api/retornos";
import { useDeleteReturn } from "../api/use-retornos-mutations";
import { matches, useReturnFilters } from "../filters";
import { returnKeys, returnsQuery } from "../query-options";
import { isReturnJob } from "../return-uploads";
import { ReturnsFilterBar } from "./returns-filters";
import { ReturnsList, type RowAction } from "./returns-list";

// The dialogs load on their first opening, as the other screens' forms do: not in the page's first JS.
const ReturnFormModal = lazy(() => import("./return-form-modal").then((m) => ({ default: m.ReturnFormModal })));
const ReturnViewModal = lazy(() => import("./return-view-modal").then((m) => ({ default: m.ReturnViewModal })));

export interface ReturnsPageProps {
  pointId: string;
  userId: string;
}
type Open = { kind: RowAction; row: RetornoServico } | { kind: "new" } | null;

const t = RETURNS_MSG.returns;

export default function ReturnsPage({ pointId }: ReturnsPageProps) {
  const [filters, setFilters] = useReturnFilters();
  const list = useQuery(returnsQuery(pointId));
  const client = useQueryClient();
  // Modals are page state, outside the list, so a refetch never closes them.
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const rows = useMemo(() => (list.data ?? []).filter((r) => matches(r, filters)), [list.data, filters]);

  // A file of a return landed (from this modal, or resumed by the outbox after a reload): the list shows it.
  useEffect(
    () =>
      onJobAttached((job) => {
        if (isReturnJob(job)) void client.invalidateQueries({ queryKey: returnKeys.all });
      }),
    [client],
  );

  const remove = useDeleteReturn({
    onSuccess: () => {
      toast.success(t.deleted);
      close();
    },
  });

  return (
    <section className="page returns-page">
      <header className="page-header">
        <h1 className="page-title">{t.title}</h1>
        <button type="button" className="btn btn-primary" onClick={() => setOpen({ kind: "new" })}>
          {t.newReturn}
        </button>
      </header>
      <ReturnsFilterBar filters={filters} onChange={setFilters} />
      <QueryState query={list} loading={t.loading} error={t.loadFailed} empty={t.empty} isEmpty={() => rows.length === 0}>
        {(all) => (
          <>
            <p className="muted returns-count" role="status">
              {t.count(rows.length, all.length)}
            </p>
            <ReturnsList
              rows={rows}
              onAction={(kind, row) => {
                remove.reset();
                setOpen({ kind, row });
              }}
            />
          </>
        )}
      </QueryState>
      <Suspense fallback={null}>
        {open?.kind === "new" && <ReturnFormModal pointId={pointId} onClose={close} />}
        {open?.kind === "edit" && <ReturnFormModal pointId={pointId} row={open.row} onClose={close} />}
        {open?.kind === "view" && <ReturnViewModal row={open.row} onClose={close} />}
      </Suspense>
      {open?.kind === "delete" && (
        <ConfirmModal
          title={t.deleteTitle}
          onClose={close}
          onConfirm={() => remove.mutate(open.row.IdRetornoServico)}
          pending={remove.isPending}
          confirmLabel={t.deleteYes}
          pendingLabel={t.deleting}
          backLabel={t.back}
          error={remove.isError ? withReason(t.deleteFailed, remove.error.message) : null}
        >
          <p>{t.deleteConfirm}</p>
          <p>
            <strong>{t.osLabel(open.row.NumeroOS)}</strong> · {open.row.Descricao}
          </p>
          <p className="muted">{t.deleteWarning}</p>
        </ConfirmModal>
      )}
    </section>
  );
}
