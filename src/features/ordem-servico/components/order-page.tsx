// OS execution page (/execucao-os/:id): header, the cards (each with its own loading and error state), the actions
// (buttons on desktop, an 'Ações' menu on mobile) and the page's modals; an order whose start is still on its way in the
// outbox shows that start (main thread).
import { lazy, Suspense, useDeferredValue, useId, useState, type ReactNode } from "react";
import { useQuery } from "@tanstack/react-query";
import { ORDER_MSG } from "../../../config/messages/order.pt-BR";
import { wallClockIsoToBr } from "../../../domain/dates";
import { withReason } from "../../../domain/format";
import { MenuButton, type MenuItem } from "../../../components/ui/menu-button";
import { OfflineHint, PAGE_OFFLINE_HINT, useOfflineGuard } from "../../../lib/offline/offline-hint";
import { useOrderStarting } from "../../../lib/outbox/use-start-job";
import { orderDetailsQuery } from "../query-options";
import { EvidenceCard } from "./evidence-card";
import { ClientCard, ExecutionCard } from "./order-cards";
import { FinishProgress, useFinishJob } from "./finish-order";
import { InitialVideoPrompt, InitialVideoQueue } from "./initial-video";
import { StartProgress } from "./start-progress";
import { ServicesCard } from "./services-card";
import { NotesCard } from "./notes-card";
import { FollowLinkOffer } from "./follow-link-offer";
import { QueryError, QueryLoading } from "../../../components/ui/query-state";

// The page's modals load when first opened (the service worker precaches them): their code, with the video picker and the
// document lists, is not on the way to the screen's first paint.
const CancelOrderModal = lazy(() => import("./cancel-order-modal").then((m) => ({ default: m.CancelOrderModal })));
const FinishOrderModal = lazy(() => import("./finish-order-modal").then((m) => ({ default: m.FinishOrderModal })));
const FinancialDetailsModal = lazy(() => import("./financial-modal").then((m) => ({ default: m.FinancialDetailsModal })));
const DocumentsModal = lazy(() => import("./documents-modal").then((m) => ({ default: m.DocumentsModal })));
const FollowLinkModal = lazy(() => import("./follow-link-modal").then((m) => ({ default: m.FollowLinkModal })));

type ModalName = "cancel" | "finish" | "reports" | "receipts" | "financial" | "follow";

/**
 * The order's state on this screen: 'A' started = in execution; 'C' concluded; 'E' cancelled; 'A' not started = pending, or
 * starting while this device's start of it is in the outbox (or has just landed and the order's next read is on its way).
 */
export type OrderPhase = "active" | "starting" | "pending" | "done" | "cancelled";

/**
 * The cards below the fold (services, photos and videos, notes) render in a second, interruptible pass right after the order's
 * header, actions and first cards are on screen: the first paint of the order on a slow phone does not wait for the heaviest
 * part of the screen, and a tap in between is answered first. Their calls started with the route, so their data is usually in.
 */
function AfterFirstPaint({ children }: { children: ReactNode }) {
  const ready = useDeferredValue(true, false);
  return ready ? children : null;
}

export default function OrderPage({ id, userId, pointId }: { id: string; userId: string; pointId: string }) {
  const start = useOrderStarting(id);
  const query = useQuery({
    ...orderDetailsQuery(id),
    // The start landed in this tab but the order's last read still says it is not started (that read was already on its way,
    // or failed on a weak signal): read again every 3 s until it says so, so the screen turns EM EXECUÇÃO by itself rather
    // than staying INICIANDO until the next visit (seen once in a loaded full e2e run).
    refetchInterval: (q) => (start === "landed" && !q.state.data?.execucao?.DataHoraInicio ? 3_000 : false),
  });
  const [modal, setModal] = useState<ModalName | null>(null);
  const finishJob = useFinishJob(id);
  const { online, hintId } = useOfflineGuard(PAGE_OFFLINE_HINT);
  const startHintId = useId();
  const t = ORDER_MSG.order;
  // The order's answer renders in a deferred, interruptible pass (as QueryState does for every list): the store subscription
  // would render the header and the first cards in one task, long on a low-tier phone. Data at mount shows at once.
  const data = useDeferredValue(query.data);

  if (!data) {
    // The start on its way is the device's own: told even before (or without) the order's data, e.g. offline on an order never
    // opened here. One that has landed waits for the order's data to say so.
    // Its own element (key): the order's section below is a new node, not this one moved and restyled, so the swap from the
    // loading line to the order is not a layout shift (Lighthouse saw 0.004 when the loading line had been painted first).
    return (
      <section className="page" key="loading">
        <h1 className="page-title">{t.title}</h1>
        {start === "sending" && <StartProgress orderId={id} />}
        {start === "sending" && <InitialVideoQueue orderId={id} />}
        {query.isError ? (
          <QueryError
            message={query.error.message ? withReason(t.fetchFailed, query.error.message) : t.loadFailed}
            onRetry={() => void query.refetch()}
          />
        ) : (
          <QueryLoading label={t.loading} />
        )}
      </section>
    );
  }
  const details = data;
  const { agendamento, execucao } = details;
  const phase: OrderPhase =
    agendamento.StatusAgendamento === "C"
      ? "done"
      : agendamento.StatusAgendamento === "E"
        ? "cancelled"
        : execucao?.DataHoraInicio
          ? "active"
          : start
            ? "starting"
            : "pending";
  // Add, delete, cancel and finish exist only while the order runs; laudos, recibos, photos and notes stay usable once concluded.
  // While it starts: photos, laudos and recibos go through the outbox, which sends them after the start; the server takes
  // notes on an order not started yet (it refuses only a cancelled one's); a finish or a new service it refuses before the
  // start, and a cancel would make the start on its way fail, so those wait, disabled and explained.
  const starting = phase === "starting";
  const canEdit = phase === "active";
  const canDocument = phase === "active" || phase === "done" || starting;
  // A finished order's files are sealed in its evidence chain (the member's link and verification rely on them): none is removed.
  const canRemove = phase === "active" || starting;
  const finishing = Boolean(finishJob);
  // Start and end times are Brasília wall-clock digits behind a Z (the contract's form): read literally, never converted.
  const since = wallClockIsoToBr(execucao?.DataHoraInicio);
  const until = wallClockIsoToBr(execucao?.DataHoraFim);
  const badge = {
    active: ["status-active", t.statusActive],
    starting: ["status-pending", t.statusStarting],
    pending: ["status-pending", t.statusPending],
    done: ["status-done", t.statusDone],
    cancelled: ["status-cancelled", t.statusCancelled],
  }[phase];

  // Cancelling, finishing and the member's link need the server: offline they are disabled buttons (described by the hint) and leave the phone's
  // menu; so while the order starts (described by the start's hint).
  const needsServer = new Set(["cancel", "finish", "follow"]);
  const waitsForStart = new Set(starting ? ["cancel", "finish"] : []);
  const hintsOf = (action: string) =>
    [!online && needsServer.has(action) ? hintId : null, waitsForStart.has(action) ? startHintId : null].filter(Boolean).join(" ");
  const running = canEdit || starting;
  // The destructive action last (issue 50): a thumb opening the menu lands on the documents, never on 'Cancelar OS'.
  const actions: MenuItem[] = [
    ...(canDocument
      ? [
          { id: "reports", label: t.addReports, onSelect: () => setModal("reports") },
          { id: "receipts", label: t.addReceipts, onSelect: () => setModal("receipts") },
        ]
      : []),
    { id: "financial", label: t.financialDetails, onSelect: () => setModal("financial") },
    // The member's follow link (issue 39): for any order but a cancelled one (the server refuses those).
    ...(phase !== "cancelled" ? [{ id: "follow", label: ORDER_MSG.follow.action, onSelect: () => setModal("follow") }] : []),
    ...(running && !finishing ? [{ id: "finish", label: t.finishOrder, onSelect: () => setModal("finish") }] : []),
    ...(running && !finishing ? [{ id: "cancel", label: t.cancelOrder, onSelect: () => setModal("cancel"), danger: true }] : []),
  ];

  return (
    <section className="page order-page" key="order">
      <header className="page-header">
        <h1 className="page-title">OS #{agendamento.NumeroOS}</h1>
        <span className={`status-badge ${badge[0]}`}>{badge[1]}</span>
        {since && <span className="muted">{t.startedAt(since)}</span>}
        {until && phase === "done" && <span className="muted">{t.finishedAt(until)}</span>}
      </header>
      <div className="order-actions" role="group" aria-label={t.actionsOf(agendamento.NumeroOS)}>
        {actions.map((a) => (
          <button
            key={a.id}
            type="button"
            className={`btn${a.id === "finish" ? " btn-primary" : a.danger ? " btn-danger" : ""}`}
            onClick={a.onSelect}
            {...(hintsOf(a.id) ? { disabled: true, "aria-describedby": hintsOf(a.id) } : {})}
          >
            {a.label}
          </button>
        ))}
      </div>
      <MenuButton className="order-actions-menu" label={t.actions} items={actions.filter((a) => !hintsOf(a.id))} />
      <OfflineHint id={hintId} online={online} />
      {starting && (
        <p id={startHintId} className="muted">
          {ORDER_MSG.start.waitHint}
        </p>
      )}
      {starting && <StartProgress orderId={id} />}
      {finishJob && !(finishJob === "finished" && phase === "done") && <FinishProgress job={finishJob} />}
      {phase !== "done" && phase !== "cancelled" && !agendamento.VideoInicial && (
        <InitialVideoPrompt details={details} userId={userId} started={phase === "active"} />
      )}
      {(phase === "active" || starting) && <FollowLinkOffer orderId={id} onOpen={() => setModal("follow")} />}
      <div className="order-grid">
        <ClientCard details={details} />
        <ExecutionCard details={details} />
        <AfterFirstPaint>
          <ServicesCard
            details={details}
            userId={userId}
            pointId={pointId}
            canEdit={canEdit}
            startHint={starting ? startHintId : undefined}
          />
          <EvidenceCard orderId={id} userId={userId} canEdit={canDocument} canRemove={canRemove} />
          <NotesCard orderId={id} userId={userId} canEdit={canDocument} />
        </AfterFirstPaint>
      </div>
      <Suspense fallback={null}>
        {modal === "cancel" && <CancelOrderModal details={details} pointId={pointId} onClose={() => setModal(null)} />}
        {modal === "finish" && <FinishOrderModal details={details} userId={userId} onClose={() => setModal(null)} />}
        {modal === "follow" && <FollowLinkModal orderId={id} onClose={() => setModal(null)} />}
        {modal === "financial" && <FinancialDetailsModal details={details} pointId={pointId} onClose={() => setModal(null)} />}
        {(modal === "reports" || modal === "receipts") && (
          <DocumentsModal
            kind={modal === "reports" ? "laudo" : "recibo"}
            orderId={id}
            userId={userId}
            canEdit={canDocument}
            canRemove={canRemove}
            onClose={() => setModal(null)}
          />
        )}
      </Suspense>
    </section>
  );
}
