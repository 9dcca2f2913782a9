// 'Serviços' card of the OS screen: the linked services (commission type, name, approval, the attendant's reason, who added it
// and when, its photos and video, and its files still on their way), adding through the select-service modal and removing a
// service not approved with a confirmation; cards on phones, a table from 1024px; no add/remove once the order is not running,
// and adding disabled (explained) while its start is on its way (main thread).
import { EvidenceVideo } from "../../../components/media/evidence-video";
import { lazy, Suspense, useCallback, useMemo, useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../../lib/toast";
import { ORDER_MSG } from "../../../config/messages/order.pt-BR";
import { ConfirmModal } from "../../../components/ui/confirm-modal";
import { withReason } from "../../../domain/format";
import { PAGE_OFFLINE_HINT, useOfflineGuard } from "../../../lib/offline/offline-hint";
import type { AppointmentDetails, LinkedService } from "../api/order";
import { useUnlinkService } from "../api/use-order-mutations";
import { linkedServicesQuery, orderKeys } from "../query-options";
import { QueryState } from "../../../components/ui/query-state";
import { ResponsiveList, type Column } from "../../../components/ui/responsive-list";
import { OutboxFileList } from "../../../components/media/outbox-files";
import type { OutboxJobView } from "../../../lib/outbox/outbox-store";
import { fileUrl } from "../../../lib/api-client";
import { dateTimeText } from "../../../lib/br-format";
import { useServiceFiles } from "../use-service-files";
import { useDecisionReachesBell } from "../decision-sync";
import "./services-card.css";

// Loaded when 'Adicionar serviço' is pressed: the catalogue search is not needed to show the order.
const SelectServiceModal = lazy(() => import("./select-service-modal").then((m) => ({ default: m.SelectServiceModal })));

const t = ORDER_MSG.services;

/** 'VOUCHER' when the parts were not the member's (PecaPorContaDoSocio 'N'), otherwise 'MÃO DE OBRA'. */
export const commissionType = (s: Pick<LinkedService, "PecaPorContaDoSocio">) => (s.PecaPorContaDoSocio === "N" ? t.voucher : t.labour);
export const approvalOf = (s: LinkedService) => (s.StatusAprovacao ?? s.status) as "P" | "A" | "R";
// An approved service is the central's decision (and the payout's basis): it stays. A refused one may be removed, so the
// attendant can link it again with a better reason or evidence (one link of a service per order).
const removable = (s: LinkedService) => s.FornecidoPelaVcar !== "S" && approvalOf(s) !== "A";
const badgeClass = { P: "status-pending", A: "status-done", R: "status-rejected" } as const;

function Approval({ service }: { service: LinkedService }) {
  const status = approvalOf(service);
  return (
    <span className="service-approval">
      <span className={`status-badge ${badgeClass[status] ?? ""}`}>{t.approval[status] ?? status}</span>
      {status === "R" && service.Observacoes && (
        <span className="service-rejection">
          <span className="sr-only">{t.rejectionNote}: </span>
          {service.Observacoes}
        </span>
      )}
    </span>
  );
}

/** The attendant's reason, who added it and when, its saved photos and video (with a count) and its files still on their way. */
function ServiceDetails({ service, queued }: { service: LinkedService; queued: readonly OutboxJobView[] }) {
  const photos = [service.Foto1, service.Foto2, service.Foto3].filter((f): f is string => Boolean(f));
  const when = dateTimeText(service.DataLog);
  return (
    <div className="service-details">
      {service.ObservacoesCredenciado && (
        <p className="service-reason">
          <span className="service-reason-label">{t.reasonOf}: </span>
          {service.ObservacoesCredenciado}
        </p>
      )}
      {service.Usuario && when && <p className="muted service-by">{t.linkedBy(service.Usuario, when)}</p>}
      {(photos.length > 0 || service.Video) && (
        <div className="service-files">
          <p className="muted service-files-count">{t.filesCount(photos.length, service.Video ? 1 : 0)}</p>
          <ul className="service-media" aria-label={t.filesOf(service.label)}>
            {photos.map((f, i) => (
              <li key={f}>
                <a href={fileUrl(f)} target="_blank" rel="noopener noreferrer">
                  <img src={fileUrl(f)} alt={t.photoOf(i + 1, service.label)} loading="lazy" width={64} height={64} />
                </a>
              </li>
            ))}
            {service.Video && (
              <li>
                <EvidenceVideo src={fileUrl(service.Video)} label={t.videoOf(service.label)} />
              </li>
            )}
          </ul>
        </div>
      )}
      <OutboxFileList jobs={queued} label={t.queuedOf(service.label)} />
    </div>
  );
}

const NO_JOBS: readonly OutboxJobView[] = [];

// Small item cards on phones: the type and the name with its approval read by themselves, without labels.
function columnsFor(queued: ReadonlyMap<string, readonly OutboxJobView[]>): Column<LinkedService>[] {
  return [
    { id: "type", header: t.commissionType, cell: (s) => <span className="service-type">{commissionType(s)}</span>, card: "plain" },
    {
      id: "service",
      header: t.service,
      cell: (s) => (
        <>
          <span className="service-name">{s.label}</span> <Approval service={s} />
          <ServiceDetails service={s} queued={queued.get(s.id) ?? NO_JOBS} />
        </>
      ),
      card: "plain",
    },
  ];
}

interface Props {
  details: AppointmentDetails;
  userId: string;
  pointId: string;
  canEdit: boolean;
  /** The order is starting (its start is in the outbox): the id of the page's hint; linking waits for the start, disabled. */
  startHint?: string;
}

export function ServicesCard({ details, userId, pointId, canEdit, startHint }: Props) {
  const orderId = details.agendamento!.IdSocioVeiculoAgenda;
  const query = useQuery(linkedServicesQuery(orderId));
  useDecisionReachesBell(query.data);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<LinkedService | null>(null);
  // Linking and removing need the server (the OS page shows why).
  const { guard } = useOfflineGuard(PAGE_OFFLINE_HINT);
  const client = useQueryClient();
  // A service's file attached on the server: the list refetches and shows it among the service's photos.
  const reload = useCallback(() => void client.invalidateQueries({ queryKey: orderKeys.linked(orderId) }), [client, orderId]);
  const queued = useServiceFiles(orderId, reload);
  const columns = useMemo(() => columnsFor(queued), [queued]);

  // Remover where allowed; a program service or an approved one says why it has none.
  const actionsOf = (s: LinkedService) =>
    canEdit && removable(s) ? (
      <div className="row-actions">
        <button
          type="button"
          className="btn btn-danger btn-small"
          aria-label={t.removeOf(s.label)}
          onClick={() => setRemoving(s)}
          {...guard}
        >
          {t.remove}
        </button>
      </div>
    ) : s.FornecidoPelaVcar === "S" ? (
      <span className="muted">{t.programProvided}</span>
    ) : (
      canEdit && approvalOf(s) === "A" && <span className="muted">{t.approvedKept}</span>
    );

  return (
    <section className="card services-card" aria-labelledby="servicos-titulo">
      <div className="services-card-head">
        <h2 id="servicos-titulo" className="card-title">
          {t.title}
        </h2>
        {canEdit && (
          <button type="button" className="btn btn-primary btn-small" onClick={() => setAdding(true)} {...guard}>
            {t.add}
          </button>
        )}
        {/* The server links a service only to a started order. */}
        {!canEdit && startHint && (
          <button type="button" className="btn btn-primary btn-small" disabled aria-describedby={startHint}>
            {t.add}
          </button>
        )}
      </div>
      <QueryState
        query={query}
        variant="card"
        loading={t.loading}
        error={t.loadFailed}
        empty={t.empty}
        isEmpty={(data) => data.length === 0}
      >
        {(services) => (
          <ResponsiveList
            name="service"
            itemClass="service-item"
            label={t.listLabel}
            rows={services}
            columns={columns}
            rowKey={(s) => s.id}
            actions={actionsOf}
            actionsHeader={t.actions}
          />
        )}
      </QueryState>
      {adding && canEdit && (
        <Suspense fallback={null}>
          <SelectServiceModal
            details={details}
            userId={userId}
            pointId={pointId}
            linked={query.data ?? []}
            onClose={() => setAdding(false)}
          />
        </Suspense>
      )}
      {removing && (
        <RemoveServiceModal
          orderId={orderId}
          vehicleId={details.socioVeiculo?.IdSocioVeiculo ?? ""}
          service={removing}
          onClose={() => setRemoving(null)}
        />
      )}
    </section>
  );
}

function RemoveServiceModal({
  orderId,
  vehicleId,
  service,
  onClose,
}: {
  orderId: string;
  vehicleId: string;
  service: LinkedService;
  onClose: () => void;
}) {
  const [error, setError] = useState("");
  const remove = useUnlinkService(
    { orderId, vehicleId },
    {
      onSuccess: () => {
        toast.success(t.removed);
        onClose();
      },
      onError: (err) => {
        const text = withReason(t.removeFailed, err.message);
        setError(text);
        toast.error(text);
      },
    },
  );
  return (
    <ConfirmModal
      title={t.removeTitle}
      onClose={onClose}
      onConfirm={() => remove.mutate(service.id)}
      pending={remove.isPending}
      confirmLabel={t.removeYes}
      pendingLabel={t.removing}
      backLabel={t.back}
      error={error}
    >
      <p>{t.removeText(service.label)}</p>
      <p className="muted">{t.irreversible}</p>
    </ConfirmModal>
  );
}
