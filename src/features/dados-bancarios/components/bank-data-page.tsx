// Dados Bancários (/dados-bancarios): the point's PIX and transfer payout entries, filtered by payment type and Selecionado (in the
// URL), with Novo Dado and per-row Visualizar / Editar / Excluir (main thread).
import { lazy, Suspense, useMemo, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { QueryState } from "../../../components/ui/query-state";
import { BANK_DATA_MSG } from "../../../config/messages/bank-data.pt-BR";
import { paymentTypeOf } from "../../../domain/bank-data";
import type { DadoBancario } from "../api/dados-bancarios";
import { useBankFilters } from "../filters";
import { bankDataQuery } from "../query-options";
import { BankFilterBar } from "./bank-filters";
import { BankList, type BankAction } from "./bank-list";
import { DeleteBankModal } from "./delete-bank-modal";

// The form, with its list of every bank (the bulk of this screen's code), loads when first opened; the service worker precaches it.
const BankFormModal = lazy(() => import("./bank-form-modal").then((m) => ({ default: m.BankFormModal })));
const BankViewModal = lazy(() => import("./bank-view-modal").then((m) => ({ default: m.BankViewModal })));

export interface BankDataPageProps {
  pointId: string;
  userId: string;
}
type Open = { kind: BankAction; row: DadoBancario } | { kind: "new" } | null;

const M = BANK_DATA_MSG.bankData;

export default function BankDataPage({ pointId }: BankDataPageProps) {
  const [filters, setFilters] = useBankFilters();
  const list = useQuery(bankDataQuery(pointId));
  // Modals are state of the page, outside the list, so a refetch never closes them.
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const all = list.data;
  const rows = useMemo(
    () =>
      (all ?? []).filter(
        (r) => (!filters.type || paymentTypeOf(r) === filters.type) && (!filters.selected || r.Selecionado === filters.selected),
      ),
    [all, filters.type, filters.selected],
  );
  return (
    <section className="page bank-page">
      <header className="page-header">
        <h1 className="page-title">{M.title}</h1>
        <button type="button" className="btn btn-primary" onClick={() => setOpen({ kind: "new" })}>
          {M.newEntry}
        </button>
      </header>
      <BankFilterBar filters={filters} onChange={setFilters} />
      <QueryState
        query={list}
        loading={M.loading}
        error={M.loadFailed}
        empty={all?.length ? M.emptyFiltered : M.empty}
        isEmpty={() => rows.length === 0}
      >
        {() => <BankList rows={rows} onAction={(kind, row) => setOpen({ kind, row })} />}
      </QueryState>
      <Suspense fallback={null}>
        {open?.kind === "new" && <BankFormModal pointId={pointId} onClose={close} />}
        {open?.kind === "edit" && <BankFormModal pointId={pointId} row={open.row} onClose={close} />}
        {open?.kind === "view" && <BankViewModal row={open.row} onClose={close} />}
      </Suspense>
      {open?.kind === "delete" && <DeleteBankModal row={open.row} onClose={close} />}
    </section>
  );
}
