// Agenda (/): filters in the URL, the polled list of the point's appointments, and the modals of its row actions (main thread).
import { lazy, Suspense, useMemo, useState } from "react";
import { QueryState } from "../../../components/ui/query-state";
import { MSG } from "../../../config/messages.pt-BR";
import { agendaStatus, matchesFilter } from "../../../domain/agenda-status";
import type { AgendaRow } from "../api/agendamentos";
import { useAgendaFilters } from "../filters";
import { OfflineHint, PAGE_OFFLINE_HINT, useOfflineGuard } from "../../../lib/offline/offline-hint";
import { useQuery } from "@tanstack/react-query";
import { appointmentsQuery } from "../query-options";
import { AgendaFilterBar } from "./agenda-filters";
import { AppointmentList, type RowAction } from "./appointment-list";

// The agenda's dialogs load when first opened (the service worker precaches them): the booking form with its masks, the
// camera and the video picker are not on the way to the list's first paint.
const NewAppointmentModal = lazy(() => import("./new-appointment-modal").then((m) => ({ default: m.NewAppointmentModal })));
const RescheduleModal = lazy(() => import("./reschedule-modal").then((m) => ({ default: m.RescheduleModal })));
const CancelModal = lazy(() => import("./cancel-modal").then((m) => ({ default: m.CancelModal })));
const StartOrderFlow = lazy(() => import("../start/start-order-flow").then((m) => ({ default: m.StartOrderFlow })));

type Open = { kind: RowAction; row: AgendaRow } | { kind: "new" } | null;

export default function AgendaPage({ userId, pointId }: { userId: string; pointId: string }) {
  const [filters, setFilters] = useAgendaFilters();
  // Offline: booking, rescheduling and cancelling need the server; starting (video through the outbox) keeps working.
  const { online, hintId, guard } = useOfflineGuard(PAGE_OFFLINE_HINT);
  const list = useQuery(appointmentsQuery(pointId, filters.from, filters.to));
  // Modals live outside the list, so a poll that replaces the rows never closes them.
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const rows = useMemo(
    () => (list.data ?? []).filter((r) => matchesFilter(agendaStatus(r.StatusAgendamento, r.IdSocioVeiculoAgendaExecucao), filters.status)),
    [list.data, filters.status],
  );
  return (
    <section className="page agenda-page">
      <header className="page-header">
        <h1 className="page-title">{MSG.agenda.title}</h1>
        <button type="button" className="btn btn-primary" onClick={() => setOpen({ kind: "new" })} {...guard}>
          {MSG.agenda.newAppointment}
        </button>
      </header>
      <OfflineHint id={hintId} online={online} />
      <AgendaFilterBar filters={filters} onChange={setFilters} />
      <QueryState
        query={list}
        loading={MSG.agenda.loading}
        error={MSG.agenda.loadFailed}
        empty={MSG.agenda.empty}
        isEmpty={() => rows.length === 0}
      >
        {() => <AppointmentList rows={rows} onAction={(kind, row) => setOpen({ kind, row })} offlineHint={online ? undefined : hintId} />}
      </QueryState>
      <Suspense fallback={null}>
        {open?.kind === "new" && <NewAppointmentModal pointId={pointId} onClose={close} />}
        {open?.kind === "reschedule" && <RescheduleModal row={open.row} pointId={pointId} onClose={close} />}
        {open?.kind === "cancel" && <CancelModal row={open.row} pointId={pointId} onClose={close} />}
        {open?.kind === "start" && <StartOrderFlow appointment={open.row} userId={userId} pointId={pointId} onClose={close} />}
      </Suspense>
    </section>
  );
}
