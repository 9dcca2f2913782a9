// Agenda (/): opens on today (Brasília) with the day chips and filters in the URL, the polled list of the point's appointments
// (in progress first, then by time), and the modals of its row actions (main thread).
import { lazy, Suspense, useMemo, useState } from "react";
import { QueryState } from "../../../components/ui/query-state";
import { AGENDA_MSG } from "../../../config/messages/agenda.pt-BR";
import type { AgendaRow } from "../api/agendamentos";
import { agendaRows } from "../agenda-rows";
import { DAY_VIEWS, DEFAULT_STATUS } from "../agenda-view";
import { useAgendaFilters, type AgendaFilters } from "../filters";
import { OfflineHint, PAGE_OFFLINE_HINT, useOfflineGuard } from "../../../lib/offline/offline-hint";
import { useQuery } from "@tanstack/react-query";
import { appointmentsQuery } from "../query-options";
import { AgendaFilterBar } from "./agenda-filters";
import { AppointmentList, type RowAction } from "./appointment-list";
import "../agenda.css";

// The agenda's dialogs load when first opened (the service worker precaches them): the booking form with its masks, the
// camera and the video picker are not on the way to the list's first paint.
const NewAppointmentModal = lazy(() => import("./new-appointment-modal").then((m) => ({ default: m.NewAppointmentModal })));
const RescheduleModal = lazy(() => import("./reschedule-modal").then((m) => ({ default: m.RescheduleModal })));
const CancelModal = lazy(() => import("./cancel-modal").then((m) => ({ default: m.CancelModal })));
const StartOrderFlow = lazy(() => import("../start/start-order-flow").then((m) => ({ default: m.StartOrderFlow })));

type Open = { kind: RowAction; row: AgendaRow } | { kind: "new" } | null;

/** The empty list's line: what is empty (today, tomorrow, …) and where else to look. */
function EmptyAgenda({ filters }: { filters: AgendaFilters }) {
  const { day } = filters;
  if (!day) return <>{AGENDA_MSG.agenda.empty}</>;
  const others = DAY_VIEWS.filter((d) => d !== day).map((d) => AGENDA_MSG.agenda.days[d]);
  return (
    <>
      {AGENDA_MSG.agenda.emptyDay[day]} {AGENDA_MSG.agenda.emptyHint(others)}
      {filters.status !== DEFAULT_STATUS && ` ${AGENDA_MSG.agenda.emptyStatusHint}`}
    </>
  );
}

export default function AgendaPage({ userId, pointId }: { userId: string; pointId: string }) {
  const [filters, setFilters] = useAgendaFilters();
  // Offline: booking, rescheduling and cancelling need the server; starting (video through the outbox) keeps working.
  const { online, hintId, guard } = useOfflineGuard(PAGE_OFFLINE_HINT);
  const list = useQuery(appointmentsQuery(pointId, filters.from, filters.to, filters.openOnly));
  // Modals live outside the list, so a poll that replaces the rows never closes them.
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const rows = useMemo(() => agendaRows(list.data ?? [], filters.status), [list.data, filters.status]);
  return (
    <section className="page agenda-page">
      <header className="page-header">
        <h1 className="page-title">{AGENDA_MSG.agenda.title}</h1>
        <button type="button" className="btn btn-primary" onClick={() => setOpen({ kind: "new" })} {...guard}>
          {AGENDA_MSG.agenda.newAppointment}
        </button>
      </header>
      <OfflineHint id={hintId} online={online} />
      <AgendaFilterBar filters={filters} onChange={setFilters} />
      <QueryState
        query={list}
        loading={AGENDA_MSG.agenda.loading}
        error={AGENDA_MSG.agenda.loadFailed}
        empty={<EmptyAgenda filters={filters} />}
        isEmpty={() => rows.length === 0}
      >
        {() => (
          <AppointmentList
            rows={rows}
            withDate={filters.from !== filters.to}
            onAction={(kind, row) => setOpen({ kind, row })}
            offlineHint={online ? undefined : hintId}
          />
        )}
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
